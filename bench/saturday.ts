/**
 * A Saturday in May (issue 33, docs/performance.md): the whole service at once on one PostgreSQL and two
 * server instances (`server/index.ts` processes, events crossing them over LISTEN/NOTIFY as in production):
 *   - `--tournaments` club competitions in progress (40), `--players` players (6,000) each on their own
 *     account, posting their next hole at `--scores` a second in all (80: one score per player every 12
 *     minutes, compressed 10×), each player's phone subscribed to its tournament's leaderboard (the
 *     scorecard's live signal); every 80th score is a hole in one, which goes to the public feed;
 *   - `--spectators` sockets (8,000) on the tournaments' public leaderboards, a third anonymous;
 *   - `--chat` members (300) in their clubs' chats, `--messages` chat messages a second (2) among them;
 *   - `--feed` anonymous sockets (2,000) on the public feed;
 *   - `--sign-ins` password sign-ins a second (20, Argon2id).
 * Sockets are spread over the instances, and writes too, as a load balancer would. Latency is from the
 * write's acknowledgement (its HTTP answer) to each socket; "to the last socket" is per write.
 * After `--warmup` s (not counted) the load runs `--seconds` s measured; then, with two instances, one is
 * killed (SIGKILL) under the load: its sockets reconnect to the other and resume with their last event id, as
 * the app's client does, and the load goes on `--after-kill` s. Then the load stops, every socket is given
 * time to catch up, and every socket's events are checked against the database: nothing lost, nothing
 * repeated; a sample of leaderboards kept by applying every update must equal the server's.
 * Printed: per path p50/p99, errors, lost and repeated events, each instance's CPU and RSS, PostgreSQL's
 * connections, the load generator's own CPU (it shares the two cores) and the load average. Exits 1 when a
 * target is missed. Usage: npm run bench:saturday [-- --instances 1|2 --scale 0.5 …]; BENCH_DATABASE_URL
 * names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres), where a fresh database
 * is created for the run and dropped after it.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../server/auth/password';
import { seedDemoCoursesIfEmpty } from '../server/courses/seed';
import {
  appUser,
  course,
  organization,
  organizationMembership,
  tee,
  tournament,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentEvent,
  tournamentGroup,
  tournamentGroupEntry,
  tournamentRound,
  tournamentScore,
} from '../server/db/schema';
import type { LeaderboardView } from '../shared/schemas/tournaments';
import { startServerProcess, type ServerProcess } from '../tests/helpers/server';
import type { AckedWrite, ClientSpec, ClientsReport, Stream, StreamReport } from './live-clients';
import { asker, cpuSeconds, goalLine, paced, rssMiB } from './steady-load';
import { benchDeps, median, percentile, scratchPostgres, sessionToken, UNBOUNDED_SOCKETS } from './support';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    scale: { type: 'string', default: '1' },
    tournaments: { type: 'string', default: '40' },
    players: { type: 'string', default: '6000' },
    spectators: { type: 'string', default: '8000' },
    chat: { type: 'string', default: '300' },
    feed: { type: 'string', default: '2000' },
    scores: { type: 'string', default: '80' },
    'sign-ins': { type: 'string', default: '20' },
    messages: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    'after-kill': { type: 'string', default: '20' },
    'socket-processes': { type: 'string', default: '2' },
  },
});
const INSTANCES = Number(args.instances);
if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error('--instances is 1 or 2');
/** `--scale` multiplies every count and rate at once (sockets, players, scores/s, sign-ins/s, messages/s). */
const SCALE = Number(args.scale);
const scaled = (name: keyof typeof args) => Math.max(1, Math.round(Number(args[name]) * SCALE));
const TOURNAMENTS = Number(args.tournaments);
const PLAYERS = Math.max(TOURNAMENTS * 4, scaled('players'));
const SPECTATORS = scaled('spectators');
const CHAT_MEMBERS = scaled('chat');
const FEED_SOCKETS = scaled('feed');
const SCORES_PER_SECOND = Number(args.scores) * SCALE;
const SIGN_INS_PER_SECOND = Number(args['sign-ins']) * SCALE;
const MESSAGES_PER_SECOND = Number(args.messages) * SCALE;
const WARMUP_MS = Number(args.warmup) * 1000;
const STEADY_MS = Number(args.seconds) * 1000;
const AFTER_KILL_MS = INSTANCES === 2 ? Number(args['after-kill']) * 1000 : 0;
const SOCKET_PROCESSES = Number(args['socket-processes']);

/** Targets (issue 33). */
const SCORE_GOAL_MS = 250;
const CHAT_GOAL_MS = 250;
const FEED_GOAL_MS = 500;
const RESUME_GOAL_MS = 5_000;
const RSS_GROWTH_GOAL = 0.1;

/** Holes already played when the bench starts: a Saturday's leaderboards are half full. */
const PLAYED_HOLES = 8;
/** Every this many-th score is a hole in one (a highlight on the public feed). */
const HOLE_IN_ONE_EVERY = 80;
const PASSWORD = 'et langt nok passord';
const SIGN_IN_ACCOUNTS = 200;
const SAMPLE_EVERY_MS = 2_000;
const SETTLE_MS = 30_000;
/** After the load stops, how long unanswered writes are still sent again. */
const DRAIN_MS = 30_000;
const REQUEST_TIMEOUT_MS = 10_000;
const RETRY_MS = 500;
/** Of every leaderboard's sockets, this many-th one keeps the board by applying the updates. */
const BOARD_SAMPLE_EVERY = 25;

/** Appends to the list under `key`, starting it if need be. */
function pushTo<T>(lists: Record<string, T[]>, key: string, value: T): void {
  const list = lists[key] ?? [];
  lists[key] = list;
  list.push(value);
}

/** A line on stderr as each phase starts: a run stopped early still says how far it got. */
const progress = (what: string) =>
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${what}; load average ${loadavg()[0]!.toFixed(1)}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clock = () => performance.timeOrigin + performance.now();

interface Player {
  tournament: number;
  entryId: string;
  cookie: string;
  nextHole: number;
}

interface Club {
  organizationId: string;
  tournamentId: string;
  slug: string;
  /** Indexes into `players` of the club's chat members. */
  chatMembers: number[];
}

interface Fixture {
  sessionSecret: string;
  clubs: Club[];
  players: Player[];
  spectatorCookies: string[];
  signInEmails: string[];
}

type Db = Awaited<ReturnType<typeof benchDeps>>['deps']['db'];

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await insert(rows.slice(i, i + 2000));
}

async function users(db: Db, prefix: string, count: number, passwordHash?: string) {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${i}@example.no`,
    name: `${prefix} ${i}`,
    handicapIndex: (i % 36) + 0.4,
    ...(passwordHash ? { passwordHash } : {}),
  }));
  const ids: string[] = [];
  await insertChunked(rows, async (chunk) => {
    const inserted = await db.insert(appUser).values(chunk).returning({ id: appUser.id });
    ids.push(...inserted.map((u) => u.id));
  });
  return ids;
}

/** The clubs, their tournaments in progress (round 1, PLAYED_HOLES holes played by everyone), and every account. */
async function seed(databaseUrl: string): Promise<Fixture> {
  const { deps, close } = await benchDeps({ databaseUrl });
  const { db } = deps;
  try {
    await seedDemoCoursesIfEmpty(deps);
    const [bogstad] = await db.select({ id: course.id }).from(course).where(eq(course.name, 'Bogstad')).limit(1);
    const [yellow] = await db
      .select({ id: tee.id })
      .from(tee)
      .where(eq(tee.courseId, bogstad!.id))
      .orderBy(asc(tee.name))
      .limit(1);
    const playerIds = await users(db, 'spiller', PLAYERS);
    const players: Player[] = [];
    const clubs: Club[] = [];
    const today = new Date().toISOString().slice(0, 10);
    for (let t = 0; t < TOURNAMENTS; t++) {
      const [org] = await db
        .insert(organization)
        .values({ name: `Klubb ${t + 1} GK` })
        .returning();
      const organizationId = org!.id;
      const slug = `lordag-${t + 1}`;
      const [row] = await db
        .insert(tournament)
        .values({
          organizationId,
          slug,
          name: `Lørdagsgolf ${t + 1}`,
          visibility: 'public',
          format: 'stroke_net',
          allowancePercent: 95,
          courseId: bogstad!.id,
          status: 'in_progress',
          searchText: `lordagsgolf ${t + 1}`,
        })
        .returning();
      const tournamentId = row!.id;
      await db.insert(tournamentRound).values({ tournamentId, organizationId, number: 1, playedOn: today });
      const [division] = await db
        .insert(tournamentDivision)
        .values({ tournamentId, organizationId, name: 'Åpen klasse', teeId: yellow!.id, position: 0 })
        .returning();
      // Player i plays in tournament i % TOURNAMENTS.
      const mine = playerIds.map((id, i) => ({ id, i })).filter(({ i }) => i % TOURNAMENTS === t);
      await db
        .insert(organizationMembership)
        .values(mine.map(({ id }) => ({ organizationId, userId: id, role: 'member' as const })));
      const entries = await db
        .insert(tournamentEntry)
        .values(
          mine.map(({ i }) => ({
            tournamentId,
            organizationId,
            divisionId: division!.id,
            name: `Spiller ${i}`,
            handicapIndex: (i % 36) + 0.4,
            courseHandicap: (i % 36) + 2.1,
            playingHandicap: Math.round(((i % 36) + 2.1) * 0.95),
          })),
        )
        .returning({ id: tournamentEntry.id });
      await db
        .insert(tournamentEntryAccount)
        .values(entries.map((e, k) => ({ entryId: e.id, tournamentId, organizationId, userId: mine[k]!.id })));
      for (let g = 0; g * 4 < entries.length; g++) {
        const [group] = await db
          .insert(tournamentGroup)
          .values({
            tournamentId,
            organizationId,
            round: 1,
            startsAt: new Date(Date.UTC(2026, 4, 16, 6, g * 8)),
            tee: 1,
            position: g,
          })
          .returning();
        await db.insert(tournamentGroupEntry).values(
          entries.slice(g * 4, g * 4 + 4).map((e, position) => ({
            groupId: group!.id,
            entryId: e.id,
            tournamentId,
            organizationId,
            round: 1,
            position,
          })),
        );
      }
      const scores = entries.flatMap((e, k) =>
        Array.from({ length: PLAYED_HOLES }, (_, h) => ({
          entryId: e.id,
          round: 1,
          hole: h + 1,
          strokes: 3 + ((k * 7 + h * 3) % 4),
          tournamentId,
          organizationId,
        })),
      );
      await insertChunked(scores, (chunk) => db.insert(tournamentScore).values(chunk));
      await db.insert(tournamentEvent).values({ tournamentId, organizationId, payload: { type: 'status' } });
      const tokens = await Promise.all(mine.map(({ id }) => sessionToken(deps, id)));
      const first = players.length;
      entries.forEach((e, k) => {
        players.push({
          tournament: t,
          entryId: e.id,
          cookie: `service_session=${tokens[k]}`,
          nextHole: PLAYED_HOLES + 1,
        });
      });
      const chatCount = Math.floor(CHAT_MEMBERS / TOURNAMENTS) + (t < CHAT_MEMBERS % TOURNAMENTS ? 1 : 0);
      clubs.push({
        organizationId,
        tournamentId,
        slug,
        chatMembers: Array.from({ length: Math.min(chatCount, entries.length) }, (_, k) => first + k),
      });
    }
    const signedIn = SPECTATORS - Math.floor(SPECTATORS / 3);
    const spectatorIds = await users(db, 'tilskuer', signedIn);
    const spectatorCookies = await Promise.all(
      spectatorIds.map(async (id) => `service_session=${await sessionToken(deps, id)}`),
    );
    await users(db, 'innlogging', SIGN_IN_ACCOUNTS, await hashPassword(PASSWORD));
    return {
      sessionSecret: deps.config.sessionSecret,
      clubs,
      players,
      spectatorCookies,
      signInEmails: Array.from({ length: SIGN_IN_ACCOUNTS }, (_, i) => `innlogging${i}@example.no`),
    };
  } finally {
    await close();
  }
}

/**
 * The instance a socket opens on first, spread evenly over the instances within each sockets' process (the
 * processes take every SOCKET_PROCESSES-th spec, so the plain index would give each process one instance).
 */
const spread = (index: number) => Math.floor(index / SOCKET_PROCESSES);

/** Every socket of the day: players, spectators (a third anonymous), chat members and feed readers. */
function clientSpecs(fixture: Fixture): ClientSpec[] {
  const specs: ClientSpec[] = [];
  const perBoard = new Map<number, number>();
  const keepsBoard = (t: number) => {
    const n = perBoard.get(t) ?? 0;
    perBoard.set(t, n + 1);
    return n % BOARD_SAMPLE_EVERY === 0;
  };
  fixture.players.forEach((p) => {
    const club = fixture.clubs[p.tournament]!;
    specs.push({
      stream: 'player',
      key: `lb:${club.tournamentId}`,
      path: 'tournaments.onLeaderboard',
      input: { slug: club.slug },
      cookie: p.cookie,
      base: spread(specs.length),
      keepsBoard: keepsBoard(p.tournament),
    });
  });
  for (let s = 0; s < SPECTATORS; s++) {
    const t = s % TOURNAMENTS;
    const club = fixture.clubs[t]!;
    specs.push({
      stream: 'spectator',
      key: `lb:${club.tournamentId}`,
      path: 'tournaments.onLeaderboard',
      input: { slug: club.slug },
      cookie: s % 3 === 2 ? null : fixture.spectatorCookies[s - Math.floor(s / 3)]!,
      base: spread(specs.length),
      keepsBoard: keepsBoard(t),
    });
  }
  for (const club of fixture.clubs)
    for (const member of club.chatMembers)
      specs.push({
        stream: 'chat',
        key: `chat:${club.organizationId}`,
        path: 'chat.onMessage',
        input: { organizationId: club.organizationId },
        cookie: fixture.players[member]!.cookie,
        base: spread(specs.length),
      });
  for (let f = 0; f < FEED_SOCKETS; f++)
    specs.push({
      stream: 'feed',
      key: 'feed',
      path: 'feed.onItem',
      input: {},
      cookie: null,
      base: spread(specs.length),
    });
  return specs;
}

interface ClientsProcess {
  child: ChildProcess;
  ask<T>(message: Record<string, unknown>): Promise<T>;
}

/** The sockets, shared among SOCKET_PROCESSES processes (bench/live-clients.ts); resolves once all are subscribed. */
async function startClients(
  specs: ClientSpec[],
  bases: string[],
): Promise<{ processes: ClientsProcess[]; seconds: number }> {
  const started = performance.now();
  const processes = await Promise.all(
    Array.from({ length: SOCKET_PROCESSES }, async (_, k) => {
      const child = fork(fileURLToPath(new URL('./live-clients.ts', import.meta.url)), [], {
        execArgv: ['--import', 'tsx', '--max-old-space-size=2048'],
      });
      let stopping = false;
      child.once('exit', (code) => {
        if (!stopping) {
          console.error(`a sockets' process exited with code ${code}`);
          process.exit(1);
        }
      });
      const ask = asker(child);
      const ready = new Promise<void>((resolve) =>
        child.on('message', (m: { type?: string }) => m.type === 'ready' && resolve()),
      );
      child.send({ specs: specs.filter((_, i) => i % SOCKET_PROCESSES === k), bases });
      await ready;
      return {
        child,
        ask<T>(message: Record<string, unknown>) {
          if (message.type === 'stop') stopping = true;
          return ask<T>(message);
        },
      };
    }),
  );
  return { processes, seconds: (performance.now() - started) / 1000 };
}

// ---- The load ----

interface Write {
  kind: 'score' | 'chat' | 'sign-in';
  at: number;
  ackAt: number | null;
  status: number | 'network' | 'timeout';
  /** Score: tournament index, entry, hole; chat: the message id once answered. */
  tournament?: number;
  entryId?: string;
  hole?: number;
  strokes?: number;
  organizationId?: string;
  messageId?: string;
}

interface Load {
  writes: Write[];
  /** Requests sent again after no answer (the instance was gone): the app's sender does the same. */
  retries: number;
  stop(): Promise<void>;
}

function startLoad(fixture: Fixture, alive: () => string[]): Load {
  let stopped = false;
  let abandoned = false;
  const loops: Promise<void>[] = [];
  const inFlight = new Set<Promise<void>>();
  const load: Load = {
    writes: [],
    retries: 0,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      // Writes still unanswered get a last while (an overloaded instance may still answer), then count as such.
      await Promise.race([Promise.all(inFlight), sleep(DRAIN_MS)]);
      abandoned = true;
    },
  };
  let turn = 0;
  /** Sends until answered (a lost connection or a 5xx is sent again elsewhere); a 4xx is an answer. */
  const send = (write: Write, path: string, cookie: string | null, body: unknown, key: number) => {
    // Each phone its own address (10.x.y.z), as the load balancer reports it.
    const address = `10.${(key >> 16) & 255}.${(key >> 8) & 255}.${key & 255}`;
    const attempt = async (k: number): Promise<void> => {
      const bases = alive();
      const base = bases[k % bases.length]!;
      try {
        const res = await fetch(`http://${base}${path}`, {
          method: write.kind === 'score' ? 'PUT' : 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await res.text();
        write.status = res.status;
        if (res.status >= 500) throw new Error(`${res.status}`);
        write.ackAt = clock();
        if (write.kind === 'chat' && res.status === 201) write.messageId = JSON.parse(text).id;
        if (!res.ok && load.writes.filter((w) => w.status === res.status).length <= 3)
          console.error(`${write.kind} answered ${res.status}: ${text.slice(0, 300)}`);
      } catch (error) {
        if (typeof write.status !== 'number' || write.status < 500)
          write.status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
        if (abandoned || (stopped && write.kind === 'sign-in')) return;
        load.retries += 1;
        await sleep(RETRY_MS);
        return attempt(k + 1);
      }
    };
    const running = attempt(key).finally(() => inFlight.delete(running));
    inFlight.add(running);
  };

  // Scores: players in turn, each their next hole; open loop, so a slow answer does not slow the rate.
  const order = fixture.players.map((_, i) => i);
  loops.push(
    paced(
      1000 / SCORES_PER_SECOND,
      () => stopped,
      async () => {
        const i = order[turn % order.length]!;
        const player = fixture.players[i]!;
        turn += 1;
        if (player.nextHole > 18) return;
        const hole = player.nextHole++;
        const strokes = turn % HOLE_IN_ONE_EVERY === 0 ? 1 : 3 + ((turn * 5 + hole) % 4);
        const club = fixture.clubs[player.tournament]!;
        const write: Write = {
          kind: 'score',
          at: clock(),
          ackAt: null,
          status: 'network',
          tournament: player.tournament,
          entryId: player.entryId,
          hole,
          strokes,
        };
        load.writes.push(write);
        send(
          write,
          `/organizations/${club.organizationId}/tournaments/${club.tournamentId}/scores`,
          player.cookie,
          { entryId: player.entryId, round: 1, hole, strokes },
          i,
        );
      },
    ),
  );
  let signIn = 0;
  loops.push(
    paced(
      1000 / SIGN_INS_PER_SECOND,
      () => stopped,
      async () => {
        const write: Write = { kind: 'sign-in', at: clock(), ackAt: null, status: 'network' };
        load.writes.push(write);
        const email = fixture.signInEmails[signIn++ % fixture.signInEmails.length]!;
        send(write, '/auth/login', null, { email, password: PASSWORD }, signIn);
      },
    ),
  );
  let message = 0;
  const chatClubs = fixture.clubs.filter((c) => c.chatMembers.length > 0);
  if (chatClubs.length > 0)
    loops.push(
      paced(
        1000 / MESSAGES_PER_SECOND,
        () => stopped,
        async () => {
          const club = chatClubs[message % chatClubs.length]!;
          const sender = club.chatMembers[Math.floor(message / chatClubs.length) % club.chatMembers.length]!;
          message += 1;
          const write: Write = {
            kind: 'chat',
            at: clock(),
            ackAt: null,
            status: 'network',
            organizationId: club.organizationId,
          };
          load.writes.push(write);
          send(
            write,
            `/organizations/${club.organizationId}/chat/messages`,
            fixture.players[sender]!.cookie,
            { text: `Melding ${message}: ballen ligger på green` },
            message,
          );
        },
      ),
    );
  return load;
}

// ---- Samples: the instances' CPU and RSS, PostgreSQL's connections, the generator's CPU, the load average ----

interface Sample {
  at: number;
  rss: (number | null)[];
  cpu: (number | null)[];
  generatorCpu: number;
  connections: number;
  load: number;
}

function startSampler(servers: ServerProcess[], clientPids: number[], databaseUrl: string, database: string) {
  const samples: Sample[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  let stopped = false;
  const own = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6 + clientPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  };
  const running = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = $1',
        [database],
      );
      const alive = (pid: number) => {
        try {
          const figures = { rss: rssMiB(pid), cpu: cpuSeconds(pid) };
          // A killed process's zombie has no VmRSS.
          return Number.isFinite(figures.rss) ? figures : null;
        } catch {
          return null;
        }
      };
      const figures = servers.map((s) => alive(s.pid));
      samples.push({
        at: performance.now(),
        rss: figures.map((f) => f?.rss ?? null),
        cpu: figures.map((f) => f?.cpu ?? null),
        generatorCpu: own(),
        connections: Number(rows[0]!.n),
        load: loadavg()[0]!,
      });
      await sleep(SAMPLE_EVERY_MS);
    }
    await client.end();
  })();
  return {
    samples,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** CPU used between two samples, as a share of one core. */
function cpuShare(a: Sample, b: Sample, pick: (s: Sample) => number | null): number | null {
  const x = pick(a);
  const y = pick(b);
  return x === null || y === null ? null : (y - x) / ((b.at - a.at) / 1000);
}

// ---- Checks ----

async function eventIds(databaseUrl: string, fixture: Fixture) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids: Record<string, number[]> = {};
    const byScore = new Map<string, number>();
    const t = await client.query<{ tournament_id: string; id: string; payload: any }>(
      'select tournament_id, id, payload from tournament_event order by id',
    );
    for (const row of t.rows) {
      pushTo(ids, `lb:${row.tournament_id}`, Number(row.id));
      if (row.payload.type === 'score')
        byScore.set(`${row.payload.entryId}:${row.payload.hole}:${row.payload.strokes}`, Number(row.id));
    }
    const c = await client.query<{ organization_id: string; id: string }>(
      'select organization_id, id from chat_event order by id',
    );
    for (const row of c.rows) pushTo(ids, `chat:${row.organization_id}`, Number(row.id));
    const f = await client.query<{ id: string }>('select id from feed_event order by id');
    ids.feed = f.rows.map((r) => Number(r.id));
    const items = await client.query<{ id: string; source: string }>(
      "select id, source from feed_item where source like 'tournament:%:highlight:%'",
    );
    const itemBySource = new Map(items.rows.map((r) => [r.source, r.id]));
    for (const club of fixture.clubs) ids[`lb:${club.tournamentId}`] ??= [];
    return { ids, byScore, itemBySource };
  } finally {
    await client.end();
  }
}

async function latestChatAndFeed(databaseUrl: string, fixture: Fixture): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const starts: Record<string, number> = {};
    const c = await client.query<{ organization_id: string; id: string }>(
      'select organization_id, max(id) as id from chat_event group by organization_id',
    );
    for (const club of fixture.clubs) starts[`chat:${club.organizationId}`] = 0;
    for (const row of c.rows) starts[`chat:${row.organization_id}`] = Number(row.id);
    const f = await client.query<{ id: string | null }>('select max(id) as id from feed_event');
    starts.feed = Number(f.rows[0]?.id ?? 0);
    return starts;
  } finally {
    await client.end();
  }
}

/** The writes each socket's events are compared with, by stream key; `within` picks which writes count. */
function ackedWrites(
  load: Load,
  fixture: Fixture,
  found: Awaited<ReturnType<typeof eventIds>>,
  within: (w: Write) => boolean,
): Record<string, AckedWrite[]> {
  const writes: Record<string, AckedWrite[]> = {};
  for (const w of load.writes) {
    if (w.ackAt === null || !within(w)) continue;
    if (w.kind === 'score' && w.status === 200) {
      const club = fixture.clubs[w.tournament!]!;
      const eventId = found.byScore.get(`${w.entryId}:${w.hole}:${w.strokes}`);
      if (eventId === undefined) continue;
      pushTo(writes, `lb:${club.tournamentId}`, { ref: String(eventId), eventId, ackAt: w.ackAt });
      if (w.strokes === 1) {
        const item = found.itemBySource.get(`tournament:${club.tournamentId}:highlight:${w.entryId}:1:${w.hole}`);
        if (item) pushTo(writes, 'feed', { ref: item, ackAt: w.ackAt });
      }
    }
    if (w.kind === 'chat' && w.messageId)
      pushTo(writes, `chat:${w.organizationId}`, { ref: w.messageId, ackAt: w.ackAt });
  }
  for (const list of Object.values(writes)) list.sort((a, b) => (a.eventId ?? 0) - (b.eventId ?? 0));
  return writes;
}

async function report(processes: ClientsProcess[], data: unknown) {
  const parts = await Promise.all(
    processes.map((p) => p.ask<{ result: ClientsReport; toLast: Record<string, number> }>({ type: 'report', data })),
  );
  const byStream: Partial<Record<Stream, StreamReport>> = {};
  const toLast = new Map<string, number>();
  for (const { result, toLast: last } of parts) {
    for (const [stream, r] of Object.entries(result.byStream) as [Stream, StreamReport][]) {
      const into = byStream[stream] ?? {
        deliveries: [],
        toLastSocket: [],
        lost: 0,
        repeated: 0,
        behind: 0,
        errors: [],
      };
      byStream[stream] = into;
      for (const d of r.deliveries) into.deliveries.push(d);
      into.lost += r.lost;
      into.repeated += r.repeated;
      into.behind += r.behind;
      into.errors.push(...r.errors);
    }
    for (const [k, v] of Object.entries(last)) toLast.set(k, Math.max(toLast.get(k) ?? -Infinity, v));
  }
  for (const [k, v] of toLast) byStream[k.split(':')[0] as Stream]!.toLastSocket.push(v);
  return {
    byStream,
    reconnects: parts.reduce((n, p) => n + p.result.reconnects, 0),
    resumes: parts.flatMap((p) => p.result.resumes),
    boards: parts.flatMap((p) => p.result.boards),
    closeCodes: parts.map((p) => p.result.closeCodes),
    socketFailures: parts.map((p) => p.result.socketFailures),
  };
}

/** A leaderboard's rows in a form to compare: by division, sorted by entry. */
function boardText(board: LeaderboardView | undefined): string {
  if (!board) return 'none';
  return JSON.stringify(
    board.divisions.map((d) => ({
      id: d.id,
      rows: [...d.rows].sort((a, b) => a.entryId.localeCompare(b.entryId)),
    })),
  );
}

const fixed = (n: number | undefined | null, digits = 0) =>
  n === undefined || n === null || Number.isNaN(n) ? '–' : n.toFixed(digits);

async function main(): Promise<number> {
  const scratch = await scratchPostgres(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const database = new URL(scratch.url).pathname.slice(1);
  const seeded = performance.now();
  const fixture = await seed(scratch.url);
  const seedSeconds = (performance.now() - seeded) / 1000;
  const env = {
    DATABASE_URL: scratch.url,
    SESSION_SECRET: fixture.sessionSecret,
    LOG_LEVEL: 'fatal',
    PUBLIC_URL: 'http://localhost:3000',
    // The instances sit behind a load balancer (one hop) that names each phone's own address: sign-ins
    // come from many addresses, not all from this machine's one (password attempts are limited per address).
    TRUST_PROXY: '1',
    ...UNBOUNDED_SOCKETS,
  };
  const servers = await Promise.all(Array.from({ length: INSTANCES }, () => startServerProcess(env)));
  const bases = servers.map((s) => s.url.replace('http://', ''));
  const dead = new Set<number>();
  const alive = () => bases.filter((_, i) => !dead.has(i));
  const specs = clientSpecs(fixture);
  let processes: ClientsProcess[] = [];
  try {
    const clients = await startClients(specs, bases);
    processes = clients.processes;
    progress(
      `${specs.length} sockets subscribed in ${clients.seconds.toFixed(1)} s (seeded in ${seedSeconds.toFixed(0)} s)`,
    );
    const starts = await latestChatAndFeed(scratch.url, fixture);
    await Promise.all(processes.map((p) => p.ask({ type: 'starts', starts })));
    const sampler = startSampler(
      servers,
      processes.map((p) => p.child.pid!),
      scratch.url,
      database,
    );
    const startedAt = clock();
    const load = startLoad(fixture, alive);
    await sleep(WARMUP_MS);
    progress('warm-up done, measuring');
    const steadyFrom = clock();
    await sleep(STEADY_MS);
    const steadyTo = clock();
    let killedAt: number | null = null;
    if (INSTANCES === 2) {
      // Under the load, without warning: the process dies as on a crash or a lost machine.
      progress('killing instance 2');
      killedAt = clock();
      dead.add(1);
      process.kill(servers[1]!.pid, 'SIGKILL');
      // The load balancer's part: connections refused by the dead instance go to the other.
      await Promise.all(processes.map((p) => p.ask({ type: 'dead', base: 1 })));
      await sleep(AFTER_KILL_MS);
    }
    progress('stopping the load');
    await load.stop();
    progress('load stopped; waiting for every socket to have its newest event');
    const loadSeconds = (clock() - startedAt) / 1000;
    // Every socket is given time to have its stream's newest event.
    const found0 = await eventIds(scratch.url, fixture);
    const latest = Object.fromEntries(Object.entries(found0.ids).map(([k, ids]) => [k, ids.at(-1) ?? 0]));
    const settleUntil = performance.now() + SETTLE_MS;
    let behind = Infinity;
    while (performance.now() < settleUntil) {
      behind = (await Promise.all(processes.map((p) => p.ask<number>({ type: 'behind', latest })))).reduce(
        (a, b) => a + b,
        0,
      );
      if (behind === 0) break;
      await sleep(250);
    }
    await sampler.stop();
    const found = await eventIds(scratch.url, fixture);
    const steady = await report(processes, {
      writes: ackedWrites(load, fixture, found, (w) => w.at >= steadyFrom && w.at < steadyTo),
      ids: found.ids,
    });
    const all = await report(processes, { writes: ackedWrites(load, fixture, found, () => true), ids: found.ids });

    // The server's own leaderboards, from an instance still running, against the boards the sampled sockets kept.
    const serverBoards = new Map<string, string>();
    for (const club of fixture.clubs) {
      const res = await fetch(`http://${alive()[0]}/public/tournaments/${club.slug}/leaderboard`);
      const body = (await res.json()) as LeaderboardView & { leaderboard?: LeaderboardView };
      serverBoards.set(`lb:${club.tournamentId}`, boardText(body.leaderboard ?? body));
    }
    const wrongBoards = all.boards.filter((b) => boardText(b.board) !== serverBoards.get(b.key)).length;

    // ---- Figures ----
    const samples = sampler.samples;
    const steadySamples = samples.filter(
      (s) => s.at + performance.timeOrigin >= steadyFrom && s.at + performance.timeOrigin < steadyTo,
    );
    const firstS = steadySamples[0] ?? samples[0]!;
    const lastS = steadySamples.at(-1) ?? samples.at(-1)!;
    const load1 = samples.map((s) => s.load);
    console.log(
      `A Saturday on ${INSTANCES} instance${INSTANCES === 2 ? 's' : ''} (server/index.ts processes) and PostgreSQL ${scratch.host} (database ${database}, fresh); ` +
        `${TOURNAMENTS} tournaments, ${PLAYERS} players (${PLAYED_HOLES} holes played each), ${SPECTATORS} spectators (a third anonymous), ` +
        `${CHAT_MEMBERS} in chat, ${FEED_SOCKETS} on the feed: ${specs.length} sockets in ${SOCKET_PROCESSES} processes, connected and subscribed in ${clients.seconds.toFixed(1)} s; ` +
        `offered ${SCORES_PER_SECOND} scores/s, ${SIGN_INS_PER_SECOND} sign-ins/s, ${MESSAGES_PER_SECOND} chat messages/s; ` +
        `seeded in ${seedSeconds.toFixed(0)} s; warm-up ${WARMUP_MS / 1000} s, measured ${STEADY_MS / 1000} s${killedAt ? `, then one instance killed and ${AFTER_KILL_MS / 1000} s more` : ''}. ` +
        `${cpus().length} cores shared with the load generator and with other people's work: load average (1 min) median ${median(load1).toFixed(1)}, max ${Math.max(...load1).toFixed(1)}.\n`,
    );
    const inSteady = load.writes.filter((w) => w.at >= steadyFrom && w.at < steadyTo);
    const achieved = (kind: Write['kind']) =>
      inSteady.filter((w) => w.kind === kind && w.ackAt !== null).length / (STEADY_MS / 1000);
    const answers = (kind: Write['kind']) =>
      inSteady
        .filter((w) => w.kind === kind && w.ackAt !== null)
        .map((w) => w.ackAt! - w.at)
        .sort((a, b) => a - b);
    console.log('| write (measured part) | done/s | answer p50 ms | answer p99 ms |');
    console.log('|---|---|---|---|');
    for (const kind of ['score', 'chat', 'sign-in'] as const) {
      const a = answers(kind);
      console.log(
        `| ${kind} | ${achieved(kind).toFixed(1)} | ${fixed(a.length ? percentile(a, 50) : null, 1)} | ${fixed(a.length ? percentile(a, 99) : null, 1)} |`,
      );
    }
    console.log(
      '\n| path (measured part) | deliveries | p50 ms | p99 ms | to last socket p50 ms | to last socket p99 ms | target |',
    );
    console.log('|---|---|---|---|---|---|---|');
    const goals: Record<Stream, number> = {
      player: SCORE_GOAL_MS,
      spectator: SCORE_GOAL_MS,
      chat: CHAT_GOAL_MS,
      feed: FEED_GOAL_MS,
    };
    const names: Record<Stream, string> = {
      player: 'score → co-players (leaderboard)',
      spectator: 'score → spectators (public page)',
      chat: 'chat message → club members',
      feed: 'hole in one → feed',
    };
    const pathsMet: boolean[] = [];
    for (const stream of ['player', 'spectator', 'chat', 'feed'] as Stream[]) {
      const r = steady.byStream[stream];
      const d = [...(r?.deliveries ?? [])].sort((a, b) => a - b);
      const l = [...(r?.toLastSocket ?? [])].sort((a, b) => a - b);
      const p99 = l.length ? percentile(l, 99) : Number.NaN;
      const met = l.length > 0 && p99 <= goals[stream];
      pathsMet.push(met);
      console.log(
        `| ${names[stream]} | ${d.length} | ${fixed(d.length ? percentile(d, 50) : null, 1)} | ${fixed(d.length ? percentile(d, 99) : null, 1)} | ${fixed(l.length ? percentile(l, 50) : null, 1)} | ${fixed(p99, 1)} | to last socket p99 ≤ ${goals[stream]} ms ${met ? 'met' : 'NOT met'} |`,
      );
    }
    console.log(
      '\n| instance | CPU (share of one core, measured part) | RSS MiB first → last of the measured part | RSS max MiB |',
    );
    console.log('|---|---|---|---|');
    const rssGrowth: number[] = [];
    servers.forEach((_, i) => {
      const rss = steadySamples.map((s) => s.rss[i]).filter((x): x is number => x !== null);
      const fifth = Math.max(1, Math.floor(rss.length / 5));
      const a = median(rss.slice(0, fifth));
      const b = median(rss.slice(-fifth));
      rssGrowth.push(b / a - 1);
      console.log(
        `| ${i + 1}${dead.has(i) ? ' (killed afterwards)' : ''} | ${fixed(
          cpuShare(firstS, lastS, (s) => s.cpu[i]!),
          2,
        )} | ${a.toFixed(0)} → ${b.toFixed(0)} (${((b / a - 1) * 100).toFixed(1)} %) | ${Math.max(...samples.map((s) => s.rss[i] ?? 0)).toFixed(0)} |`,
      );
    });
    console.log(
      `\nload generator (this process and the sockets' processes): ${fixed(
        cpuShare(firstS, lastS, (s) => s.generatorCpu),
        2,
      )} of one core; ` +
        `PostgreSQL connections to the database: median ${median(samples.map((s) => s.connections))}, max ${Math.max(...samples.map((s) => s.connections))}`,
    );
    const failed = load.writes.filter((w) => w.ackAt !== null && w.status !== 200 && w.status !== 201);
    const unanswered = load.writes.filter((w) => w.ackAt === null);
    const byStatus = new Map<string, number>();
    for (const w of failed) byStatus.set(`${w.kind} ${w.status}`, (byStatus.get(`${w.kind} ${w.status}`) ?? 0) + 1);
    const socketErrors = Object.values(all.byStream).flatMap((r) => r.errors);
    const lost = Object.values(all.byStream).reduce((n, r) => n + r.lost, 0);
    const repeated = Object.values(all.byStream).reduce((n, r) => n + r.repeated, 0);
    const stillBehind = Object.values(all.byStream).reduce((n, r) => n + r.behind, 0);
    const resumes = [...all.resumes].sort((a, b) => a - b);
    console.log(
      `\n${load.writes.length} writes in ${loadSeconds.toFixed(0)} s; ${load.retries} sent again after no answer; ${all.reconnects} socket reconnects (close codes ${JSON.stringify(all.closeCodes)}; socket errors ${JSON.stringify(all.socketFailures)})`,
    );
    console.log('\n| goal | figure | |');
    console.log('|---|---|---|');
    const results = [
      goalLine(
        'every path within its target (to the last socket, p99)',
        pathsMet.map((m) => (m ? 'met' : 'NOT met')).join(', '),
        pathsMet.every(Boolean),
      ),
      goalLine(
        '0 errors (every write answered 2xx, no socket refused)',
        `${failed.length} writes answered otherwise${byStatus.size ? ` (${[...byStatus].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}; ${unanswered.length} never answered; ${socketErrors.length} socket errors${socketErrors.length ? ` (${socketErrors.slice(0, 5).join('; ')})` : ''}`,
        failed.length === 0 && unanswered.length === 0 && socketErrors.length === 0,
      ),
      goalLine(
        '0 events lost or repeated; every socket at its newest event; sampled boards equal the server’s',
        `${lost} lost, ${repeated} repeated, ${stillBehind} sockets behind after ${SETTLE_MS / 1000} s; ${wrongBoards} of ${all.boards.length} kept boards differ`,
        lost === 0 && repeated === 0 && stillBehind === 0 && wrongBoards === 0,
      ),
      goalLine(
        `RSS flat after warm-up (< ${RSS_GROWTH_GOAL * 100} % over the measured part)`,
        rssGrowth.map((g) => `${(g * 100).toFixed(1)} %`).join(', '),
        rssGrowth.every((g) => g < RSS_GROWTH_GOAL),
      ),
    ];
    let afterTable = '';
    if (killedAt !== null) {
      // What the resumptions cost the survivor: its CPU from the kill until the last socket was back, less
      // what the load alone cost it per second in the measured part. CPU time, not wall time: it does not
      // depend on how starved the machine was.
      const until = killedAt + (resumes.at(-1) ?? 0) + SAMPLE_EVERY_MS;
      const around = samples.filter(
        (x) => x.at + performance.timeOrigin >= killedAt - SAMPLE_EVERY_MS && x.at + performance.timeOrigin <= until,
      );
      const steadyRate = cpuShare(firstS, lastS, (x) => x.cpu[0]!) ?? 0;
      if (around.length >= 2 && resumes.length > 0) {
        const a = around[0]!;
        const b = around.at(-1)!;
        const extra = b.cpu[0]! - a.cpu[0]! - steadyRate * ((b.at - a.at) / 1000);
        afterTable = `\nthe survivor's CPU for the resumptions: ${extra.toFixed(2)} s beyond the load's own for ${resumes.length} sockets, ${((extra * 1000) / resumes.length).toFixed(2)} ms each`;
      }
      results.push(
        goalLine(
          `the killed instance's sockets resumed on the other within ${RESUME_GOAL_MS / 1000} s`,
          `${resumes.length} sockets resumed: p50 ${fixed(resumes.length ? percentile(resumes, 50) : null)} ms, p99 ${fixed(resumes.length ? percentile(resumes, 99) : null)} ms, max ${fixed(resumes.at(-1))} ms`,
          resumes.length > 0 && resumes.at(-1)! <= RESUME_GOAL_MS,
        ),
      );
    }
    if (afterTable) console.log(afterTable);
    return results.every(Boolean) ? 0 : 1;
  } finally {
    await Promise.all(processes.map((p) => p.ask({ type: 'stop' })));
    await Promise.all(servers.map((s) => s.stop()));
    await scratch.drop();
  }
}

process.exit(await main());
