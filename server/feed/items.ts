import { and, desc, eq, isNull, like, lt } from 'drizzle-orm';
import type { FeedFacts } from '../../shared/format/feed-sentence';
import type { FeedList } from '../../shared/schemas/feed';
import { FEED_DEFAULT_LIMIT } from '../../shared/schemas/feed';
import { withAfterCommit, type AfterCommit } from '../db/after-commit';
import type { Queryable, Transaction } from '../db/client';
import { feedItem, type FeedHiddenReason } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { appendFeedEvent, lockFeed, publishFeedEvent } from './events';
import { feedItemColumns, feedItemFacts, feedItemView, type FeedPayload } from './view';
import type { FeedItemKind, Language } from '../../shared/values';

/**
 * Posting and withdrawing feed items (decision 0602), inside the transaction of the operation that causes
 * them (a tenancy transaction for a tournament's, the round's own for a share), announced after its commit.
 */
export interface FeedWriter {
  tx: Queryable;
  afterCommit: AfterCommit;
}

export interface NewFeedItem {
  kind: FeedItemKind;
  /** What caused it (schema/feed.ts): posting a source already in the feed answers that item again. */
  source: string;
  tournamentId?: string;
  roundId?: string;
  payload: FeedPayload;
}

/** Which items leave the feed together. */
export type FeedSelector =
  | { itemId: string }
  | { source: string }
  | { tournamentId: string }
  | { roundId: string }
  | { entryHighlights: { tournamentId: string; entryId: string } }
  | { playerHighlights: { roundId: string; participantId: string } };

/** The source of a shared round's highlight: whose card, which hole; a card's highlights share its prefix. */
export function roundHighlightSource(roundId: string, participantId: string, hole?: number): string {
  const prefix = `round:${roundId}:highlight:${participantId}:`;
  return hole === undefined ? prefix : `${prefix}${hole}`;
}

/** The source of a tournament highlight: who, where; an entry's highlights share its prefix. */
export function tournamentHighlightSource(
  tournamentId: string,
  entryId: string,
  hole?: { round: number; hole: number; ball?: number | undefined },
): string {
  const prefix = `tournament:${tournamentId}:highlight:${entryId}:`;
  if (!hole) return prefix;
  // Four-ball: each player's own ball is a highlight of its own (decision 0426); ball 0 keeps its old key.
  return `${prefix}${hole.round}:${hole.hole}${hole.ball ? `:${hole.ball}` : ''}`;
}

function selected(selector: FeedSelector) {
  if ('itemId' in selector) return eq(feedItem.id, selector.itemId);
  if ('source' in selector) return eq(feedItem.source, selector.source);
  if ('tournamentId' in selector) return eq(feedItem.tournamentId, selector.tournamentId);
  if ('entryHighlights' in selector) {
    const { tournamentId, entryId } = selector.entryHighlights;
    // Ids are UUIDs: the prefix holds no LIKE wildcard.
    return and(
      eq(feedItem.tournamentId, tournamentId),
      like(feedItem.source, `${tournamentHighlightSource(tournamentId, entryId)}%`),
    );
  }
  if ('playerHighlights' in selector) {
    const { roundId, participantId } = selector.playerHighlights;
    return and(
      eq(feedItem.roundId, roundId),
      like(feedItem.source, `${roundHighlightSource(roundId, participantId)}%`),
    );
  }
  return eq(feedItem.roundId, selector.roundId);
}

/** The visible item of a source, as facts: a caller that answers it words it in its reader's language. */
export async function findVisibleItem(db: Queryable, source: string): Promise<FeedFacts | null> {
  const [row] = await db
    .select(feedItemColumns)
    .from(feedItem)
    .where(and(eq(feedItem.source, source), isNull(feedItem.hiddenAt)));
  return row ? feedItemFacts(row) : null;
}

/**
 * Posts the item, or answers the one of its source already in the feed. A source a super administrator
 * has taken out of the feed is not posted again (null): a moderation is not undone by sharing again or by
 * correcting a score back.
 */
export async function postFeedItem(
  deps: Pick<Deps, 'bus' | 'now'>,
  writer: FeedWriter,
  item: NewFeedItem,
): Promise<FeedFacts | null> {
  await lockFeed(writer.tx);
  const existing = await findVisibleItem(writer.tx, item.source);
  if (existing) return existing;
  const [moderated] = await writer.tx
    .select({ id: feedItem.id })
    .from(feedItem)
    .where(and(eq(feedItem.source, item.source), eq(feedItem.hiddenReason, 'admin')))
    .limit(1);
  if (moderated) return null;
  const [row] = await writer.tx
    .insert(feedItem)
    .values({
      kind: item.kind,
      at: deps.now(),
      payload: item.payload,
      source: item.source,
      tournamentId: item.tournamentId ?? null,
      roundId: item.roundId ?? null,
    })
    .returning(feedItemColumns);
  const eventId = await appendFeedEvent(writer.tx, row!.id, 'item');
  writer.afterCommit(() => publishFeedEvent(deps, eventId));
  return feedItemFacts(row!);
}

/** Takes the selected items out of the feed (kept, marked hidden); answers how many left it now. */
export async function withdrawFeedItems(
  deps: Pick<Deps, 'bus' | 'now'>,
  writer: FeedWriter,
  selector: FeedSelector,
  reason: FeedHiddenReason,
): Promise<number> {
  await lockFeed(writer.tx);
  const withdrawn = await writer.tx
    .update(feedItem)
    .set({ hiddenAt: deps.now(), hiddenReason: reason })
    .where(and(selected(selector), isNull(feedItem.hiddenAt)))
    .returning({ id: feedItem.id, seq: feedItem.seq });
  let lastEventId = 0;
  // In the feed's own order: subscribers hear of them as they were posted.
  for (const { id } of withdrawn.sort((a, b) => a.seq - b.seq))
    lastEventId = await appendFeedEvent(writer.tx, id, 'hidden');
  // One nudge: the audience reads every event up to it.
  if (lastEventId > 0) writer.afterCommit(() => publishFeedEvent(deps, lastEventId));
  return withdrawn.length;
}

/**
 * For a deleted account (decision 0107): the selected items leave the feed (subscribers are told, as for any
 * withdrawal) and lose their content: the row stays only as the target of its `hidden` event, with an empty
 * payload and no round (so the round's deletion does not take the event with it).
 */
export async function eraseFeedItems(
  deps: Pick<Deps, 'bus' | 'now'>,
  writer: FeedWriter,
  selector: FeedSelector,
): Promise<number> {
  const withdrawn = await withdrawFeedItems(deps, writer, selector, 'account_deleted');
  await writer.tx.update(feedItem).set({ payload: {}, roundId: null }).where(selected(selector));
  return withdrawn;
}

/**
 * A transaction of the service's own tables (not a tenancy one) with the feed's after-commit hook: for the
 * round share and the super administrator.
 */
export async function inFeedTransaction<T>(
  deps: Pick<Deps, 'db'>,
  work: (writer: FeedWriter & { tx: Transaction }) => Promise<T>,
): Promise<T> {
  return withAfterCommit(deps.db, (tx, afterCommit) => work({ tx, afterCommit }));
}

/** Newest first; `before` pages back from an item (older than it). Each item's text in the reader's language. */
export async function listFeed(
  deps: Pick<Deps, 'db'>,
  reader: { language: Language },
  input: { before?: string | undefined; limit?: number | undefined } | undefined,
): Promise<FeedList> {
  const limit = input?.limit ?? FEED_DEFAULT_LIMIT;
  let where = isNull(feedItem.hiddenAt);
  if (input?.before) {
    // The anchor may have left the feed since the page was read: its place still says where to go on.
    const [anchor] = await deps.db.select({ seq: feedItem.seq }).from(feedItem).where(eq(feedItem.id, input.before));
    if (!anchor) throw new AppError('NOT_FOUND');
    where = and(where, lt(feedItem.seq, anchor.seq))!;
  }
  // One more than asked for: whether it exists says whether there is an older page.
  const rows = await deps.db
    .select(feedItemColumns)
    .from(feedItem)
    .where(where)
    .orderBy(desc(feedItem.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => feedItemView(row, reader.language)),
    ...(rows.length > limit ? { nextBefore: page[page.length - 1]!.id } : {}),
  };
}
