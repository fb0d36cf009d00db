import type { FeedFacts } from '../../shared/format/feed-sentence';
import type { FeedItem } from '../../shared/schemas/feed';
import type { FeedItemKind, Language } from '../../shared/values';
import { feedItem } from '../db/schema';
import { feedText } from './text';

/**
 * The contract's fields of an item other than id, kind and at, as posted (schema/feed.ts): facts only. The
 * sentence is worded when the item is read, in the reader's language (decision 0025).
 */
export type FeedPayload = Omit<FeedFacts, 'id' | 'kind' | 'at'>;

export const feedItemColumns = {
  id: feedItem.id,
  seq: feedItem.seq,
  kind: feedItem.kind,
  at: feedItem.at,
  payload: feedItem.payload,
  hiddenAt: feedItem.hiddenAt,
};

export interface FeedItemRow {
  id: string;
  seq: number;
  kind: FeedItemKind;
  at: Date;
  payload: unknown;
  hiddenAt: Date | null;
}

/** An item's facts (docs/chat-and-feed.md, docs/contract.md section 10): nothing but what was posted for the public. */
export function feedItemFacts(row: FeedItemRow): FeedFacts {
  return { id: row.id, kind: row.kind, at: row.at.toISOString(), ...(row.payload as FeedPayload) };
}

/** The FeedItem a reader receives: the facts and their sentence in the reader's language. */
export function withText(facts: FeedFacts, language: Language): FeedItem {
  return { ...facts, text: feedText(facts, language) };
}

export function feedItemView(row: FeedItemRow, language: Language): FeedItem {
  return withText(feedItemFacts(row), language);
}
