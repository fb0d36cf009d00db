import type { FeedItem } from '../../shared/schemas/feed';
import { feedItem } from '../db/schema';
import type { FeedItemKind } from '../../shared/values';

/** The contract's fields of an item other than id, kind and at, as posted (schema/feed.ts). */
export type FeedPayload = Omit<FeedItem, 'id' | 'kind' | 'at'>;

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

/** A FeedItem (docs/chat-and-feed.md, docs/contract.md section 10): nothing but what was posted for the public. */
export function feedItemView(row: FeedItemRow): FeedItem {
  return { id: row.id, kind: row.kind, at: row.at.toISOString(), ...(row.payload as FeedPayload) };
}
