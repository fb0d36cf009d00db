import { tracked } from '@trpc/server';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { leaderboardUpdateOutput, type LeaderboardUpdate } from '../../shared/schemas/tournaments';
import type { Queryable } from '../db/client';
import { tournament, tournamentEvent } from '../db/schema';
import { withTenant } from '../db/tenancy';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { changedRows, type LeaderboardChanges, type LeaderboardDivision } from '../golf/leaderboard';
import { audiencesOf, followAudience, type AudienceEvent, type AudienceSource } from '../realtime/audiences';
import { accessChannel } from '../realtime/channels';
import type { EventBus } from '../realtime/bus';
import { SerialisedData } from '../realtime/frames';
import { whileAllowed } from '../realtime/guard';
import type { TournamentChange } from './events';
import { tournamentChannel } from './events';
import { cachedDivisions, latestEvent, shapeLeaderboard } from './leaderboard';
import { requireVisibleTournament } from './public';

/**
 * The live leaderboard (tournaments.onLeaderboard), on the live layer the rounds use (realtime/audiences.ts):
 * one audience per tournament per process reads the tournament's new events once, computes the leaderboard
 * once (shared with the public pages through the cache) and sends every subscriber the same prepared frame
 * of the rows that changed.
 *
 * The audience keeps the leaderboard it last sent (and the few before it, by event id). A new subscriber's
 * snapshot IS that leaderboard, tracked with its event id, so the rows it gets next are exactly the
 * differences from what it holds: nothing is lost or sent twice, however the database's reads interleave.
 * A subscriber resuming from an id the audience still remembers gets the rows changed since then; from one
 * it has forgotten (another instance's, or long ago), a snapshot (docs/decisions/0413).
 */

/** How many recent leaderboards an audience keeps for resuming subscribers. */
const REMEMBERED_STATES = 32;
/** How many events one read takes; a reader further behind reads again. */
const BATCH = 500;

/** whileAllowed listens on access:<key>: the tournament's own key reaches anonymous subscribers too. */
export const tournamentAccessKey = (tournamentId: string) => `tournament:${tournamentId}`;

/** The audience's leaderboard: the one it last sent, tracked with the id of the last event it covers. */
interface LiveState {
  id: number;
  divisions: LeaderboardDivision[];
  updatedAt: string;
  remembered: Map<number, LeaderboardDivision[]>;
  /** Subscriptions of this process on the tournament (the state goes when the last one does). */
  followers: number;
}

function advance(state: LiveState, id: number, divisions: LeaderboardDivision[], updatedAt: string): void {
  state.id = id;
  state.divisions = divisions;
  state.updatedAt = updatedAt;
  state.remembered.set(id, divisions);
  if (state.remembered.size > REMEMBERED_STATES) state.remembered.delete(state.remembered.keys().next().value!);
}

const statesByBus = new WeakMap<EventBus, Map<string, LiveState>>();

function statesOf(bus: EventBus): Map<string, LiveState> {
  let states = statesByBus.get(bus);
  if (!states) {
    states = new Map();
    statesByBus.set(bus, states);
  }
  return states;
}

async function tournamentById(tx: Queryable, tournamentId: string) {
  const [row] = await tx.select().from(tournament).where(eq(tournament.id, tournamentId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', { key: 'errors.tournaments.notFound' });
  return row;
}

/** An update as it leaves the server: parsed by its output schema (decision 0012), once for all listeners. */
function rowsUpdate(changes: LeaderboardChanges, updatedAt: string): LeaderboardUpdate {
  return leaderboardUpdateOutput.parse({
    kind: 'rows',
    rows: changes.rows.map(({ divisionId, row }) => ({ ...row, divisionId })),
    ...(changes.removed.length > 0 ? { removed: changes.removed } : {}),
    updatedAt,
  });
}

/**
 * One tournament's audience source. It reads in the tournament's own organization context: it serves every
 * subscriber of the process, each of whom passed their own access check. A status or details change may
 * take access away (members-only, cancelled): the audience announces it on the tournament's access channel,
 * and every subscription checks its access again (realtime/guard.ts), whoever wrote the change.
 */
function leaderboardSource(
  deps: Pick<Deps, 'db' | 'bus'>,
  tournamentId: string,
  organizationId: string,
  state: LiveState,
): AudienceSource {
  return {
    channel: tournamentChannel(tournamentId),
    async latestId() {
      await withTenant(deps.db, organizationId, async (tx) => {
        const row = await tournamentById(tx, tournamentId);
        const latest = await latestEvent(tx, tournamentId);
        advance(
          state,
          latest?.id ?? 0,
          await cachedDivisions(tx, row, latest),
          latest?.createdAt ?? row.updatedAt.toISOString(),
        );
      });
      return state.id;
    },
    async read(afterId) {
      const update = await withTenant(deps.db, organizationId, async (tx) => {
        const events = await tx
          .select({ id: tournamentEvent.id, payload: tournamentEvent.payload, createdAt: tournamentEvent.createdAt })
          .from(tournamentEvent)
          .where(and(eq(tournamentEvent.tournamentId, tournamentId), gt(tournamentEvent.id, afterId)))
          .orderBy(asc(tournamentEvent.id))
          .limit(BATCH);
        if (events.length === 0) return null;
        const last = events[events.length - 1]!;
        const latest = { id: Number(last.id), createdAt: last.createdAt.toISOString() };
        const next = await cachedDivisions(tx, await tournamentById(tx, tournamentId), latest);
        const changes = changedRows(state.divisions, next);
        advance(state, latest.id, next, latest.createdAt);
        const accessMayChange = events.some((e) =>
          ['status', 'details'].includes((e.payload as TournamentChange).type),
        );
        return { id: latest.id, data: SerialisedData.of(rowsUpdate(changes, latest.createdAt)), accessMayChange };
      });
      if (!update) return [];
      if (update.accessMayChange) deps.bus.publish(accessChannel(tournamentAccessKey(tournamentId)), { tournamentId });
      return [{ id: update.id, data: update.data } satisfies AudienceEvent];
    },
  };
}

/**
 * The leaderboard stream of one subscriber (access already checked): the catch-up from the audience's own
 * state, then the audience's events. `lastEventId`: the last id the client holds, when it resumes.
 */
function leaderboardStream(
  deps: Pick<Deps, 'db' | 'bus' | 'logger'>,
  input: {
    tournamentId: string;
    organizationId: string;
    lastEventId: string | null | undefined;
    signal: AbortSignal;
    socket: WebSocket | undefined;
  },
): AsyncGenerator<ReturnType<typeof tracked<LeaderboardUpdate>>> {
  const states = statesOf(deps.bus);
  const resumeFrom = input.lastEventId && /^\d{1,15}$/.test(input.lastEventId) ? Number(input.lastEventId) : null;
  async function* catchUp(state: LiveState): AsyncGenerator<ReturnType<typeof tracked<LeaderboardUpdate>>, number> {
    // A client resuming from another instance may hold events this process has not been nudged about yet
    // (the nudge is on its way, or died with that instance): the audience reads them first, so that the
    // catch-up never takes the client back to an older board with an id it has already had.
    if (resumeFrom !== null && resumeFrom > state.id)
      await audiencesOf(deps).refresh(tournamentChannel(input.tournamentId));
    // Read after the audience has started: the state is the leaderboard its next events are relative to.
    const { id, divisions, updatedAt } = state;
    const known = resumeFrom === null ? undefined : state.remembered.get(resumeFrom);
    // The client holds this very board: nothing to send again, the next event follows on from it.
    if (known && resumeFrom === id) return id;
    if (known) yield tracked(String(id), rowsUpdate(changedRows(known, divisions), updatedAt));
    else
      yield tracked(
        String(id),
        leaderboardUpdateOutput.parse({ kind: 'snapshot', leaderboard: shapeLeaderboard(divisions, updatedAt) }),
      );
    return id;
  }
  return (async function* follow() {
    let state = states.get(input.tournamentId);
    if (!state) {
      state = { id: 0, divisions: [], updatedAt: '', remembered: new Map(), followers: 0 };
      states.set(input.tournamentId, state);
    }
    state.followers++;
    const own = state;
    try {
      yield* followAudience<LeaderboardUpdate>(deps, {
        key: tournamentChannel(input.tournamentId),
        // Called only when the process's audience opens: its state is then this one, fresh.
        source: () => leaderboardSource(deps, input.tournamentId, input.organizationId, own),
        signal: input.signal,
        socket: input.socket,
        catchUp: () => catchUp(own),
      });
    } finally {
      own.followers--;
      if (own.followers === 0 && states.get(input.tournamentId) === own) states.delete(input.tournamentId);
    }
  })();
}

/**
 * tournaments.onLeaderboard for a subscriber who may see the tournament now (the procedure checked it). Its
 * access is checked again for as long as it lives: when the tournament's access may have changed (the
 * audience announces it), when the user's own access changed (a membership ended), and every few minutes.
 * It ends with 404 NOT_FOUND as soon as the check fails.
 */
export function liveLeaderboard(
  deps: Pick<Deps, 'db' | 'bus' | 'logger'>,
  input: {
    tournamentId: string;
    organizationId: string;
    userId: string | null;
    lastEventId: string | null | undefined;
    signal: AbortSignal | undefined;
    socket: WebSocket | undefined;
  },
) {
  const check = async () =>
    void (await requireVisibleTournament(deps, { ref: { id: input.tournamentId }, userId: input.userId }));
  const stream = (signal: AbortSignal) => leaderboardStream(deps, { ...input, signal });
  const byTournament = (signal: AbortSignal | undefined) =>
    whileAllowed(deps, { userId: tournamentAccessKey(input.tournamentId), check, signal }, stream);
  if (input.userId === null) return byTournament(input.signal);
  return whileAllowed(deps, { userId: input.userId, check, signal: input.signal }, byTournament);
}
