/**
 * The steady load of the soak and fault scripts (bench/soak.ts, bench/db-restart.ts), against a real server
 * process on PostgreSQL:
 *   - mixed reads through the REST API at a fixed rate: GET /auth/me, GET /rounds/{id}, the demo
 *     tournament's GET /public/tournaments/{slug}/leaderboard, GET /courses/search;
 *   - score writes at a fixed rate, PUT /rounds/{id}/scores with `previousStrokes` (decision 0407), one
 *     writer per round, each acknowledged write and its value kept; a write that got no answer (network,
 *     timeout, 5xx) is sent again unchanged until it is answered, as the app's score sender does;
 *   - live sockets in a process of their own (bench/round-watchers.ts), each subscribed to one round's
 *     `rounds.onUpdate`, resuming with `lastEventId` whenever the socket or the subscription ends.
 * Afterwards `verifyAcknowledged` and the watchers' `check` compare what was acknowledged and what every
 * socket saw with what the database holds.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedDemoCoursesIfEmpty } from '../server/courses/seed';
import { appUser } from '../server/db/schema';
import { createCaller } from '../server/trpc/router';
import { DEMO_TOURNAMENT_SLUG, seedDemoTournamentIfNone } from '../server/tournaments/demo';
import { startServerProcess, type ServerProcess } from '../tests/helpers/server';
import { benchDeps, callerContext, percentile, sessionToken, UNBOUNDED_SOCKETS } from './support';
import { roundWithPlayers } from '../tests/rounds/helpers';

export const HOLES = 18;
const SEARCHES = ['bo', 'oslo', 'gk', 'ha', 'mik', 'st'];

export interface FixtureRound {
  id: string;
  /** The owner's cookie: the writer's. */
  ownerCookie: string;
  participantIds: string[];
  /** Cookies of the round's players (the owner first): the sockets watching it use them in turn. */
  watcherCookies: string[];
}

export interface Fixture {
  sessionSecret: string;
  slug: string;
  rounds: FixtureRound[];
}

/**
 * Migrates the database at `databaseUrl` and seeds it: the demo courses and tournament, and `rounds` rounds,
 * each with an owner and `players - 1` other account players, all participants on one side.
 */
export async function seedFixture(databaseUrl: string, options: { rounds: number; players: number }): Promise<Fixture> {
  const { deps, close } = await benchDeps({ databaseUrl });
  try {
    await seedDemoCoursesIfEmpty(deps);
    await seedDemoTournamentIfNone(deps);
    const rounds: FixtureRound[] = [];
    for (let r = 0; r < options.rounds; r++) {
      const users = await deps.db
        .insert(appUser)
        .values(
          Array.from({ length: options.players }, (_, p) => ({
            email: `soak-${r}-${p}@example.no`,
            name: `Spiller ${r}-${p}`,
            handicapIndex: 5 + p * 4.5,
          })),
        )
        .returning();
      const tokens = await Promise.all(users.map((u) => sessionToken(deps, u.id)));
      const caller = createCaller(callerContext(deps, tokens[0]!));
      const club = (await caller.courses.searchOfficial({ limit: 1 })).clubs[0]!;
      const course = club.courses[0]!;
      const { round, participants } = await roundWithPlayers(
        caller,
        { courseId: course.id, teeId: course.tees[0]!.id, playedOn: '2026-11-25', format: 'stroke', holes: '18' },
        users.map((u) => u.id),
        'Lag 1',
      );
      const participantIds = participants.map((p) => p.id);
      const cookies = tokens.map((t) => `service_session=${t}`);
      rounds.push({ id: round.id, ownerCookie: cookies[0]!, participantIds, watcherCookies: cookies });
    }
    return { sessionSecret: deps.config.sessionSecret, slug: DEMO_TOURNAMENT_SLUG, rounds };
  } finally {
    await close();
  }
}

/** The real server entry in a process of its own: its RSS is the server's alone. */
export function startServer(databaseUrl: string, fixture: Fixture): Promise<ServerProcess> {
  return startServerProcess({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: fixture.sessionSecret,
    LOG_LEVEL: 'fatal',
    PUBLIC_URL: 'http://localhost:3000',
    ...UNBOUNDED_SOCKETS,
  });
}

/** The server's resident set size in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

/** CPU seconds (user + system) a process has used so far (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields are counted from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export type Kind = 'me' | 'round' | 'leaderboard' | 'search' | 'write';

export interface Sample {
  kind: Kind;
  /** When it was sent, ms since the load started. */
  at: number;
  ms: number;
  /** The HTTP status, or what happened instead of an answer. */
  status: number | 'network' | 'timeout';
  /** The error body's code, for an error answer. */
  code?: string;
  retryAfter?: string | null;
}

export interface Ack {
  roundId: string;
  participantId: string;
  hole: number;
  strokes: number;
  at: number;
}

export interface Load {
  samples: Sample[];
  acks: Ack[];
  /** 409s to writes that no other writer touches: a write the server took but did not acknowledge. */
  conflicts: number;
  /** Writes sent again because an earlier attempt got no answer. */
  retries: number;
  startedAt: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` every `intervalMs` (from a random offset) until stopped; a late turn is not made up with a burst. */
export async function paced(intervalMs: number, stopped: () => boolean, work: () => Promise<void>): Promise<void> {
  await sleep(Math.random() * intervalMs);
  let next = performance.now();
  while (!stopped()) {
    await work();
    next += intervalMs;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else next = performance.now();
  }
}

/** The next value of a hole: always different from the last, 2 to 9. */
function nextStrokes(previous: number | null): number {
  return previous === null ? 4 : (previous % 8) + 2;
}

export function startLoad(
  base: string,
  fixture: Fixture,
  options: { readsPerSecond: number; writesPerSecond: number; timeoutMs: number },
): Load {
  const startedAt = performance.now();
  let stopped = false;
  const loops: Promise<void>[] = [];
  const load: Load = {
    samples: [],
    acks: [],
    conflicts: 0,
    retries: 0,
    startedAt,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };

  async function request(kind: Kind, path: string, cookie: string | null, init: RequestInit = {}): Promise<Sample> {
    const sent = performance.now();
    const sample: Sample = { kind, at: sent - startedAt, ms: 0, status: 'network' };
    try {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: { ...(cookie ? { cookie } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await res.text();
      sample.status = res.status;
      if (!res.ok) {
        sample.retryAfter = res.headers.get('retry-after');
        try {
          sample.code = JSON.parse(text).error?.code;
        } catch {
          sample.code = 'not JSON';
        }
      }
    } catch (error) {
      sample.status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
    }
    sample.ms = performance.now() - sent;
    load.samples.push(sample);
    return sample;
  }

  const { rounds } = fixture;

  // Writers: one per round, through its participants' holes in turn.
  for (const round of rounds) {
    const known = new Map<string, number | null | undefined>();
    let turn = 0;
    let pending: { participantId: string; hole: number; strokes: number; previous: number | null | undefined } | null =
      null;
    loops.push(
      paced(
        (1000 * rounds.length) / options.writesPerSecond,
        () => stopped,
        async () => {
          if (!pending) {
            const participantId = round.participantIds[turn % round.participantIds.length]!;
            const hole = (Math.floor(turn / round.participantIds.length) % HOLES) + 1;
            turn += 1;
            const key = `${participantId}:${hole}`;
            const previous = known.has(key) ? known.get(key) : null;
            pending = { participantId, hole, strokes: nextStrokes(previous ?? null), previous };
          } else load.retries += 1;
          const { participantId, hole, strokes, previous } = pending;
          const body = {
            participantId,
            hole,
            strokes,
            // Unknown after a refused conditional write: the next one is unconditional.
            ...(previous === undefined ? {} : { previousStrokes: previous }),
          };
          const sample = await request('write', `/rounds/${round.id}/scores`, round.ownerCookie, {
            method: 'PUT',
            body: JSON.stringify(body),
          });
          const key = `${participantId}:${hole}`;
          if (sample.status === 200) {
            load.acks.push({ roundId: round.id, participantId, hole, strokes, at: sample.at });
            known.set(key, strokes);
            pending = null;
          } else if (sample.status === 409) {
            load.conflicts += 1;
            known.set(key, undefined);
            pending = null;
          } else if (typeof sample.status === 'number' && sample.status < 500) {
            // Refused for good (a 4xx other than 409): not sent again, the hole's value unknown.
            known.set(key, undefined);
            pending = null;
          }
          // No answer, a timeout or a 5xx: the same write goes again on the next turn.
        },
      ),
    );
  }

  // Readers: the four kinds share the read rate.
  const readInterval = (1000 * 4) / options.readsPerSecond;
  let n = 0;
  const pick = <T>(items: T[]) => items[n++ % items.length]!;
  loops.push(
    paced(
      readInterval,
      () => stopped,
      async () => {
        await request('me', '/auth/me', pick(pick(rounds).watcherCookies));
      },
    ),
    paced(
      readInterval,
      () => stopped,
      async () => {
        const round = pick(rounds);
        await request('round', `/rounds/${round.id}`, round.watcherCookies[1] ?? round.ownerCookie);
      },
    ),
    paced(
      readInterval,
      () => stopped,
      async () => {
        await request('leaderboard', `/public/tournaments/${fixture.slug}/leaderboard`, null);
      },
    ),
    paced(
      readInterval,
      () => stopped,
      async () => {
        await request('search', `/courses/search?q=${pick(SEARCHES)}&limit=10`, pick(rounds).ownerCookie);
      },
    ),
  );

  return load;
}

/**
 * Every acknowledged score against the database: each hole holds the value of its last acknowledged write,
 * and each hole's acknowledged values appear, in order, among the round's score events for it.
 */
export async function verifyAcknowledged(
  databaseUrl: string,
  acks: Ack[],
): Promise<{ acknowledged: number; missing: number; notInEvents: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: scores } = await client.query<{ participant_id: string; hole: number; strokes: number }>(
      'select participant_id, hole, strokes from score',
    );
    const stored = new Map(scores.map((s) => [`${s.participant_id}:${s.hole}`, s.strokes]));
    const { rows: events } = await client.query<{
      payload: { type: string; participantId: string; hole: number; strokes: number | null };
    }>("select payload from round_event where payload->>'type' = 'score' order by id");
    const eventValues = new Map<string, (number | null)[]>();
    for (const { payload } of events) {
      const key = `${payload.participantId}:${payload.hole}`;
      eventValues.set(key, [...(eventValues.get(key) ?? []), payload.strokes]);
    }
    const lastAck = new Map<string, number>();
    const ackValues = new Map<string, number[]>();
    for (const ack of acks) {
      const key = `${ack.participantId}:${ack.hole}`;
      lastAck.set(key, ack.strokes);
      ackValues.set(key, [...(ackValues.get(key) ?? []), ack.strokes]);
    }
    let missing = 0;
    for (const [key, strokes] of lastAck) if (stored.get(key) !== strokes) missing += 1;
    let notInEvents = 0;
    for (const [key, values] of ackValues) {
      const seen = eventValues.get(key) ?? [];
      let at = 0;
      for (const value of values) {
        while (at < seen.length && seen[at] !== value) at += 1;
        if (at === seen.length) notInEvents += 1;
        else at += 1;
      }
    }
    return { acknowledged: acks.length, missing, notInEvents };
  } finally {
    await client.end();
  }
}

/** Every round's event ids, in order. */
export async function roundEventIds(databaseUrl: string, roundIds: string[]): Promise<Record<string, number[]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ round_id: string; id: string }>(
      'select round_id, id from round_event where round_id = any($1::uuid[]) order by id',
      [roundIds],
    );
    const ids: Record<string, number[]> = Object.fromEntries(roundIds.map((id) => [id, []]));
    for (const row of rows) ids[row.round_id]!.push(Number(row.id));
    return ids;
  } finally {
    await client.end();
  }
}

// ---- The watchers' process ----

export interface WatcherSummary {
  sockets: number;
  /** Events every socket should have had (after the snapshot it started from), summed over sockets. */
  expected: number;
  received: number;
  lost: number;
  duplicated: number;
  /** Ids received that are not events of the socket's round. */
  unknown: number;
  socketsMissingEvents: number;
  reconnects: number;
  resubscribes: number;
  errors: string[];
  closeCodes: Record<string, number>;
}

export interface Watchers {
  connectSeconds: number;
  /** Sockets whose last event id is below their round's `latest`. */
  behind(latest: Record<string, number>): Promise<number>;
  check(expected: Record<string, number[]>): Promise<WatcherSummary>;
  /** Events received so far, summed over sockets. */
  received(): Promise<number>;
  /** Cuts every `every`-th socket (they reconnect and resume); resolves to how many. */
  drop(every: number): Promise<number>;
  stop(): void;
}

export interface WatchersData {
  /** The servers the sockets connect to, in turn. */
  bases: string[];
  sockets: number;
  rounds: { id: string; cookies: string[] }[];
}

/**
 * Questions to a child process over IPC, each answered by the message that carries its id back
 * (`{id, value}`): several may be open at once.
 */
export function asker(child: ChildProcess): <T>(message: Record<string, unknown>) => Promise<T> {
  let asked = 0;
  return <T>(message: Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      const id = ++asked;
      const listener = (answer: { id?: number; value: T }) => {
        if (answer.id !== id) return;
        child.off('message', listener);
        resolve(answer.value);
      };
      child.on('message', listener);
      child.send({ ...message, id });
    });
}

export async function startWatchers(data: WatchersData): Promise<Watchers> {
  const worker = fork(fileURLToPath(new URL('./round-watchers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_WATCHERS: JSON.stringify(data) },
  });
  let exitedEarly = true;
  worker.once('exit', (code) => {
    if (exitedEarly) {
      console.error(`the watchers' process exited with code ${code}`);
      process.exit(1);
    }
  });
  const ask = asker(worker);
  const { seconds } = await new Promise<{ seconds: number }>((resolve) =>
    worker.once('message', (m: { type: string; seconds: number }) => resolve(m)),
  );
  return {
    connectSeconds: seconds,
    behind: (latest) => ask({ type: 'behind', latest }),
    check: (expected) => ask({ type: 'check', expected }),
    received: () => ask({ type: 'received' }),
    drop: (every) => ask({ type: 'drop', every }),
    stop() {
      exitedEarly = false;
      worker.kill();
    },
  };
}

/** After the load stops: waits (up to `timeoutMs`) until every socket has its round's newest event. */
export async function settle(watchers: Watchers, databaseUrl: string, roundIds: string[], timeoutMs: number) {
  const ids = await roundEventIds(databaseUrl, roundIds);
  const latest = Object.fromEntries(Object.entries(ids).map(([id, list]) => [id, list.at(-1) ?? 0]));
  const deadline = performance.now() + timeoutMs;
  let behind = await watchers.behind(latest);
  while (behind > 0 && performance.now() < deadline) {
    await sleep(250);
    behind = await watchers.behind(latest);
  }
  return { ids, behind };
}

// ---- Figures ----

export function latencies(samples: Sample[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  if (sorted.length === 0) return { n: 0, p50: Number.NaN, p99: Number.NaN, max: Number.NaN };
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}

export function goalLine(goal: string, figure: string, met: boolean): boolean {
  console.log(`| ${goal} | ${figure} | ${met ? 'PASS' : 'FAIL'} |`);
  return met;
}
