import { tracked } from '@trpc/server';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { RoundChange, RoundUpdate, RoundView } from '../../shared/schemas/rounds';
import type { Queryable } from '../db/client';
import { roundEvent } from '../db/schema';
import type { Deps } from '../deps';
import { roundView } from './view';

/**
 * Live round updates. Every change is written to round_event (the change only, never the computed
 * round) in the same transaction as the change itself; after the commit it is published on the bus with
 * the round as it now stands. A subscriber listens first, then back-fills what it missed from the table,
 * then passes on what the bus brings: tracked ids let a reconnecting client resume where it left off.
 */
const channel = (roundId: string) => `round:${roundId}`;

interface Published {
  id: number;
  data: RoundUpdate;
}

export async function appendEvent(tx: Queryable, roundId: string, change: RoundChange): Promise<number> {
  const [row] = await tx.insert(roundEvent).values({ roundId, payload: change }).returning({ id: roundEvent.id });
  return row!.id;
}

/** Call after the commit: subscribers must never see a change that could still roll back. */
export function publishEvent(deps: Pick<Deps, 'bus'>, roundId: string, id: number, change: RoundChange, round: RoundView): void {
  const message: Published = { id, data: { ...change, round } };
  deps.bus.publish(channel(roundId), message);
}

/** How many missed events one back-fill replays; a client further behind gets them in the next reads. */
const BACKFILL_BATCH = 500;

/**
 * The subscription's stream. Without `lastEventId` it starts with a snapshot of the round (tracked with
 * the latest event id, so a reconnect resumes after it); with one, it replays the events after it (the
 * last one carrying the round as it stands now) and then goes live.
 */
export async function* roundUpdates(
  deps: Pick<Deps, 'db' | 'bus'>,
  input: { roundId: string; lastEventId: string | null | undefined; signal: AbortSignal | undefined },
): AsyncGenerator<ReturnType<typeof tracked<RoundUpdate>>> {
  const queue: Published[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = deps.bus.subscribe(channel(input.roundId), (message) => {
    queue.push(message as Published);
    wake?.();
  });
  const stopped = new Promise<void>((resolve) => {
    if (input.signal?.aborted) resolve();
    input.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    const resumeFrom = input.lastEventId && /^\d+$/.test(input.lastEventId) ? Number(input.lastEventId) : null;
    let lastId: number;
    if (resumeFrom === null) {
      const [latest] = await deps.db
        .select({ id: roundEvent.id })
        .from(roundEvent)
        .where(eq(roundEvent.roundId, input.roundId))
        .orderBy(desc(roundEvent.id))
        .limit(1);
      lastId = latest?.id ?? 0;
      yield tracked(String(lastId), { type: 'snapshot', round: await roundView(deps.db, input.roundId) });
    } else {
      lastId = resumeFrom;
      for (;;) {
        const missed = await deps.db
          .select({ id: roundEvent.id, payload: roundEvent.payload })
          .from(roundEvent)
          .where(and(eq(roundEvent.roundId, input.roundId), gt(roundEvent.id, lastId)))
          .orderBy(asc(roundEvent.id))
          .limit(BACKFILL_BATCH);
        if (missed.length === 0) break;
        const current = missed.length < BACKFILL_BATCH ? await roundView(deps.db, input.roundId) : undefined;
        for (const [i, event] of missed.entries()) {
          const change = event.payload as RoundChange;
          const last = i === missed.length - 1;
          yield tracked(String(event.id), last && current ? { ...change, round: current } : change);
          lastId = event.id;
        }
        if (current) break;
      }
    }
    while (!input.signal?.aborted) {
      while (queue.length > 0) {
        const message = queue.shift()!;
        // Already sent (in the snapshot or the back-fill), or from before this subscriber's start.
        if (message.id <= lastId) continue;
        lastId = message.id;
        yield tracked(String(message.id), message.data);
      }
      await Promise.race([new Promise<void>((resolve) => (wake = resolve)), stopped]);
      wake = null;
    }
  } finally {
    unsubscribe();
  }
}
