import { tracked } from '@trpc/server';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import {
  roundUpdateOutput,
  type RoundChange,
  type RoundPatch,
  type RoundUpdate,
  type RoundView,
} from '../../shared/schemas/rounds';
import type { Database, Queryable } from '../db/client';
import { roundEvent } from '../db/schema';
import type { Deps } from '../deps';
import { followAudience, type AudienceEvent, type AudienceSource } from '../realtime/audiences';
import { SerialisedData } from '../realtime/frames';
import { roundView } from './view';

/**
 * Live round updates. Every change is written to round_event (the change only, never the computed
 * round) in the same transaction as the change itself; after the commit the writer nudges the round's
 * audience on the bus, with the round as it computed it. Each process reads a round's new events once for
 * all of its spectators, in id order from the table, and serialises each update once (realtime/audiences.ts).
 * A subscriber joins the audience first, then catches up from the table (a snapshot, or the events after
 * its `lastEventId`), then gets the audience's events: tracked ids let a reconnecting client resume.
 */
const channel = (roundId: string) => `round:${roundId}`;

/** The bus message after a change: which event, and the round as its writer computed it. */
interface Nudge {
  id: number;
  round: RoundView;
}

export async function appendEvent(tx: Queryable, roundId: string, change: RoundChange): Promise<number> {
  const [row] = await tx.insert(roundEvent).values({ roundId, payload: change }).returning({ id: roundEvent.id });
  return row!.id;
}

/** Call after the commit: subscribers must never see a change that could still roll back. */
export function publishEvent(deps: Pick<Deps, 'bus'>, roundId: string, id: number, round: RoundView): void {
  const nudge: Nudge = { id, round };
  deps.bus.publish(channel(roundId), nudge);
}

/** How many events one read returns; a reader further behind gets the rest in the next reads. */
const BATCH = 500;

async function eventsAfter(db: Database, roundId: string, afterId: number) {
  const rows = await db
    .select({ id: roundEvent.id, payload: roundEvent.payload })
    .from(roundEvent)
    .where(and(eq(roundEvent.roundId, roundId), gt(roundEvent.id, afterId)))
    .orderBy(asc(roundEvent.id))
    .limit(BATCH);
  return rows.map((row) => ({ id: row.id, change: row.payload as RoundChange }));
}

/** Whether two views of a round have the same shape: then scores alone changed, and a patch says it all. */
function sameShape(a: RoundView, b: RoundView): boolean {
  const participantIds = (v: RoundView) => v.sides.flatMap((s) => [s.id, ...s.participants.map((p) => p.id)]).join();
  return (
    a.status === b.status &&
    a.startedAt === b.startedAt &&
    a.handicapsFrozen === b.handicapsFrozen &&
    participantIds(a) === participantIds(b)
  );
}

/**
 * An update as it leaves the server: parsed by its output schema (decision 0012), so only the fields of
 * rounds.get's answer go out. Live events are parsed once for all listeners, a catch-up's per subscriber.
 */
function sent(update: RoundUpdate): RoundUpdate {
  return roundUpdateOutput.parse(update);
}

function patchOf(view: RoundView, changes: RoundChange[]): RoundPatch {
  const holesOf = new Map<string, Set<number>>();
  // A one-ball side's ball is on every one of its players' cards: a score on it changes them all.
  const sharing = new Map(
    view.sides.flatMap((s) => (s.ball ? [[s.ball.participantId, s.participants.map((p) => p.id)] as const] : [])),
  );
  for (const c of changes) {
    if (c.type !== 'score') continue;
    for (const id of sharing.get(c.participantId) ?? [c.participantId])
      holesOf.set(id, (holesOf.get(id) ?? new Set()).add(c.hole));
  }
  return {
    participants: view.sides
      .flatMap((s) => s.participants)
      .filter((p) => holesOf.has(p.id))
      .map((p) => ({ id: p.id, holes: p.holes.filter((h) => holesOf.get(p.id)!.has(h.hole)), totals: p.totals })),
    standings: view.sides.map((s) => ({ sideId: s.id, standing: s.standing, ball: s.ball })),
  };
}

/**
 * One round's audience in this process. Each read ends with the round as it now stands: the writer's own
 * view when the nudge is for exactly the last event read (no other change came between), otherwise read
 * again. A batch of scores on a round of unchanged shape goes out as a patch of what they changed; anything
 * else as the whole round.
 */
function roundSource(deps: Pick<Deps, 'db'>, roundId: string): AudienceSource {
  let previous: RoundView | null = null;
  return {
    channel: channel(roundId),
    async latestId() {
      const [latest] = await deps.db
        .select({ id: roundEvent.id })
        .from(roundEvent)
        .where(eq(roundEvent.roundId, roundId))
        .orderBy(desc(roundEvent.id))
        .limit(1);
      // The shape the first scores are compared with, so that they too can travel as patches.
      previous = await roundView(deps.db, roundId);
      return latest?.id ?? 0;
    },
    async read(afterId, nudge) {
      const events = await eventsAfter(deps.db, roundId, afterId);
      if (events.length === 0) return [];
      const last = events[events.length - 1]!;
      const fromWriter = nudge as Nudge | undefined;
      const view = fromWriter?.id === last.id ? fromWriter.round : await roundView(deps.db, roundId);
      const onlyScores = events.every((e) => e.change.type === 'score');
      const tail: Pick<RoundUpdate, 'round' | 'patch'> =
        previous && onlyScores && sameShape(previous, view)
          ? {
              patch: patchOf(
                view,
                events.map((e) => e.change),
              ),
            }
          : { round: view };
      previous = view;
      return events.map(
        (event): AudienceEvent => ({
          id: event.id,
          data: SerialisedData.of(sent(event === last ? { ...event.change, ...tail } : event.change)),
        }),
      );
    },
  };
}

/**
 * The subscription's stream. Without `lastEventId` it starts with a snapshot of the round (tracked with
 * the latest event id, so a reconnect resumes after it); with one, it replays the events after it and ends
 * the replay with the round as it stands now, then goes live.
 */
export function roundUpdates(
  deps: Pick<Deps, 'db' | 'bus' | 'logger'>,
  input: {
    roundId: string;
    lastEventId: string | null | undefined;
    signal: AbortSignal | undefined;
    socket: WebSocket | undefined;
  },
) {
  const resumeFrom = input.lastEventId && /^\d+$/.test(input.lastEventId) ? Number(input.lastEventId) : null;
  async function* catchUp(): AsyncGenerator<ReturnType<typeof tracked<RoundUpdate>>, number> {
    if (resumeFrom === null) {
      const [latest] = await deps.db
        .select({ id: roundEvent.id })
        .from(roundEvent)
        .where(eq(roundEvent.roundId, input.roundId))
        .orderBy(desc(roundEvent.id))
        .limit(1);
      const lastId = latest?.id ?? 0;
      yield tracked(String(lastId), sent({ type: 'snapshot', round: await roundView(deps.db, input.roundId) }));
      return lastId;
    }
    let lastId = resumeFrom;
    for (;;) {
      const missed = await eventsAfter(deps.db, input.roundId, lastId);
      const final = missed.length < BATCH;
      const current = final ? await roundView(deps.db, input.roundId) : undefined;
      for (const [i, event] of missed.entries()) {
        const carriesRound = current && i === missed.length - 1;
        yield tracked(String(event.id), sent(carriesRound ? { ...event.change, round: current } : event.change));
        lastId = event.id;
      }
      if (!final) continue;
      // Nothing missed, or a replay that ended on a full read: no event has carried the round yet, and the
      // screen must not stay stale (nor the catch-up be empty: its last event is how live delivery starts).
      if (missed.length === 0) yield tracked(String(lastId), sent({ type: 'snapshot', round: current! }));
      return lastId;
    }
  }
  return followAudience<RoundUpdate>(deps, {
    key: channel(input.roundId),
    source: () => roundSource(deps, input.roundId),
    signal: input.signal,
    socket: input.socket,
    catchUp,
  });
}
