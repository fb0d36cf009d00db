import { asc, eq, gt, max } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { FEED_MAX_LIMIT, feedEventOutput, type FeedEvent } from '../../shared/schemas/feed';
import type { Database, Queryable } from '../db/client';
import { feedEvent, feedItem, type FeedEventKind } from '../db/schema';
import type { Deps } from '../deps';
import { eventsAfterId, followAudience, type AudienceEvent, type AudienceSource } from '../realtime/audiences';
import { SerialisedData } from '../realtime/frames';
import { feedItemColumns, feedItemView } from './view';
import { lockKey } from '../db/locks';

/**
 * The live feed (feed.onItem). Every post and every withdrawal writes a feed_event row in the change's own
 * transaction; after the commit the writer nudges the one feed audience on the bus. Each process reads the
 * new events once for all of its sockets, anonymous or signed in (they all see the same feed), and
 * serialises each once (realtime/audiences.ts). An event goes out as the item stands when it is read: an
 * item posted and since withdrawn is sent as `{kind: "hidden", id}`, never with its content.
 */
const CHANNEL = 'feed';

/**
 * Every feed writer takes this lock before it reads or writes the feed, and holds it to its commit: posts
 * and withdrawals happen one at a time (one visible item per source), and event ids commit in increasing
 * order, so a reader that has seen id n never misses a smaller id committing later. Feed writes are rare
 * (status moves, eagles, shares): the wait is short. It is always the last lock a writer takes.
 */
export async function lockFeed(tx: Queryable): Promise<void> {
  await lockKey(tx, 'feed');
}

/** Inside the change's transaction, after lockFeed. */
export async function appendFeedEvent(tx: Queryable, itemId: string, kind: FeedEventKind): Promise<number> {
  const [row] = await tx.insert(feedEvent).values({ itemId, kind }).returning({ id: feedEvent.id });
  return row!.id;
}

/** After the commit only: a subscriber must never see an item that could still roll back. */
export function publishFeedEvent(deps: Pick<Deps, 'bus'>, eventId: number): void {
  deps.bus.publish(CHANNEL, { id: eventId });
}

/** How many events one read returns; a reader further behind gets the rest in the next reads. */
const BATCH = 500;

async function eventsAfter(db: Database, afterId: number): Promise<{ id: number; event: FeedEvent }[]> {
  const rows = await db
    .select({ eventId: feedEvent.id, eventKind: feedEvent.kind, item: feedItemColumns })
    .from(feedEvent)
    .innerJoin(feedItem, eq(feedItem.id, feedEvent.itemId))
    .where(gt(feedEvent.id, afterId))
    .orderBy(asc(feedEvent.id))
    .limit(BATCH);
  return rows.map((row) => ({
    id: row.eventId,
    // Parsed here, where an event is read once for every listener: what feed.list's schema lets out, and no more.
    // Serialised once for every socket too, so its text is the contract's default, Norwegian: the app words
    // the facts in its reader's language (decision 0025).
    event: feedEventOutput.parse(
      row.eventKind === 'item' && row.item.hiddenAt === null
        ? feedItemView(row.item, 'nb')
        : { kind: 'hidden', id: row.item.id },
    ),
  }));
}

export async function latestFeedEventId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(feedEvent.id) }).from(feedEvent);
  return row?.id ?? 0;
}

function feedSource(deps: Pick<Deps, 'db'>): AudienceSource {
  return {
    channel: CHANNEL,
    latestId: () => latestFeedEventId(deps.db),
    async read(afterId) {
      const events = await eventsAfter(deps.db, afterId);
      return events.map((e): AudienceEvent => ({ id: e.id, data: SerialisedData.of(e.event) }));
    },
  };
}

/**
 * How far back a resume reaches: the newest events a screen can use, as many as the largest page. Anyone
 * may listen to the feed, and a resume from `lastEventId: "0"` would otherwise replay its whole history
 * on every socket that asks. A reader away for longer sees the newest of what happened meanwhile, and
 * older items by paging back, as after a fresh start.
 */
export const MAX_RESUMED_FEED_EVENTS = FEED_MAX_LIMIT;

/**
 * Where a subscription starts: after the client's `lastEventId` (a reconnect), but no further back than
 * MAX_RESUMED_FEED_EVENTS and no later than the newest event; else after the newest event now. Read before
 * the subscription is answered as started, so "from now on" means from that answer: the app loads
 * feed.list after it and keeps each item once, by its id.
 */
export async function feedStartingPoint(
  deps: Pick<Deps, 'db'>,
  input: { lastEventId?: string | null | undefined } | undefined,
): Promise<number> {
  const latest = await latestFeedEventId(deps.db);
  if (!input?.lastEventId || !/^\d{1,15}$/.test(input.lastEventId)) return latest;
  return Math.min(latest, Math.max(Number(input.lastEventId), latest - MAX_RESUMED_FEED_EVENTS));
}

/** The subscription's stream: the events after `after`, read from the table, then live. */
export function feedUpdates(
  deps: Pick<Deps, 'db' | 'bus' | 'logger'>,
  input: { after: number; signal: AbortSignal | undefined; socket: WebSocket | undefined },
) {
  return followAudience<FeedEvent>(deps, {
    key: CHANNEL,
    source: () => feedSource(deps),
    signal: input.signal,
    socket: input.socket,
    catchUp: () => eventsAfterId(input.after, BATCH, (afterId) => eventsAfter(deps.db, afterId)),
  });
}
