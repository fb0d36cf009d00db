/**
 * docs/performance.md: one score pushed to 1,000 WebSocket subscribers with p99 ≤ 100 ms, 5,000 with p99 ≤ 400 ms;
 * two instances with 500 subscribers each, p99 ≤ 150 ms.
 * One instance: the real server in this process (embedded database, demo courses) on loopback. Two
 * instances (`--instances 2`): two real server processes (`server/index.ts`) on one scratch PostgreSQL
 * database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), events crossing them
 * over LISTEN/NOTIFY; the subscribers are split evenly between them and every score is sent to the first.
 * N real WebSocket connections, each carrying the owner's session cookie and subscribed to rounds.onUpdate
 * over tRPC's wire protocol (raw `ws` clients, so the load generator stays light). Each score is sent as
 * PUT /rounds/{id}/scores; the latency of a delivery is from just before that request to the moment a
 * subscriber has the event.
 * Usage: npm run bench:live [-- --subscribers 1000 --scores 20 --instances 1]
 */
import { parseArgs } from 'node:util';
import { createApp } from '../server/app';
import { seedDemoCoursesIfEmpty } from '../server/courses/seed';
import { appUser } from '../server/db/schema';
import { createCaller } from '../server/trpc/router';
import { startServerProcess } from '../tests/helpers/server';
import { forkSockets, serveSockets, socketsWorkerData } from './sockets';
import {
  benchDeps,
  callerContext,
  listenOnLoopback,
  median,
  percentile,
  printDeliveries,
  scratchPostgres,
  sessionToken,
  UNBOUNDED_SOCKETS,
} from './support';
import { roundWithPlayers } from '../tests/rounds/helpers';

const { values: args } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    scores: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    instances: { type: 'string', default: '1' },
  },
});
const SUBSCRIBERS = Number(args.subscribers);
const SCORES = Number(args.scores);
// The first scores of a round are not what a spectator waits for most: the first one freezes the
// handicaps (the whole round travels), and the first deliveries run code the JIT has not compiled yet.
// They are sent and delivered, but not counted.
const WARMUP = Number(args.warmup);
const INSTANCES = Number(args.instances);
if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error('--instances is 1 or 2');
/** docs/performance.md: 1,000 subscribers p99 ≤ 100 ms, 5,000 p99 ≤ 400 ms; 500 on each of two instances p99 ≤ 150 ms. */
const GOAL_MS = INSTANCES === 2 ? 150 : SUBSCRIBERS <= 1000 ? 100 : 400;

/** Where the subscribers connect (the first also takes the scores), and how to stop it all afterwards. */
interface Servers {
  bases: string[];
  database: string;
  close(): Promise<void>;
}

/** A round with one participant, its owner's cookie, and the server(s) to watch it on. */
async function setUp(): Promise<{ servers: Servers; cookie: string; roundId: string; participantId: string }> {
  const scratch =
    INSTANCES === 2
      ? await scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
      : null;
  const { deps, close } = await benchDeps({ databaseUrl: scratch?.url });
  await seedDemoCoursesIfEmpty(deps);
  const [owner] = await deps.db
    .insert(appUser)
    .values({ email: 'eier@example.no', name: 'Eier', handicapIndex: 12.4 })
    .returning();
  const token = await sessionToken(deps, owner!.id);
  const caller = createCaller(callerContext(deps, token));
  const club = (await caller.courses.searchOfficial({ limit: 1 })).clubs[0]!;
  const course = club.courses[0]!;
  const {
    round,
    participants: [participant],
  } = await roundWithPlayers(
    caller,
    { courseId: course.id, teeId: course.tees[0]!.id, playedOn: '2026-11-21', format: 'stroke', holes: '18' },
    [owner!.id],
    'Lag 1',
  );
  const ids = { cookie: `service_session=${token}`, roundId: round.id, participantId: participant.id };

  if (!scratch) {
    const app = await createApp(deps, { client: 'none' });
    const base = await listenOnLoopback(app.server);
    const servers = {
      bases: [base],
      database: 'embedded database',
      async close() {
        await app.close();
        await close();
      },
    };
    return { servers, ...ids };
  }
  await close();
  const env = {
    DATABASE_URL: scratch.url,
    SESSION_SECRET: deps.config.sessionSecret,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...UNBOUNDED_SOCKETS,
  };
  const instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  const servers = {
    bases: instances.map((i) => i.url.replace('http://', '')),
    database: `PostgreSQL ${scratch.host}, two server processes`,
    async close() {
      await Promise.all(instances.map((i) => i.stop()));
      await scratch.drop();
    },
  };
  return { servers, ...ids };
}

async function main() {
  const { servers, cookie, roundId, participantId } = await setUp();
  const { bases } = servers;
  const base = bases[0]!;
  const sockets = await forkSockets(import.meta.url, {
    bases,
    cookie,
    roundId,
    subscribers: SUBSCRIBERS,
  } satisfies SubscribersData);
  let bytes = 0;

  const latencies: number[] = [];
  /** Per instance: the first takes the scores, the second hears of them over the bus. */
  const byInstance: number[][] = bases.map(() => []);
  const answers: number[] = [];
  const firsts: number[] = [];
  for (let k = -WARMUP; k < SCORES; k++) {
    const strokes = ((k + WARMUP) % 20) + 1;
    const hole = Math.floor((k + WARMUP) / 20) + 1;
    const { answered, delivery } = await sockets.time(strokes, async () => {
      const res = await fetch(`http://${base}/rounds/${roundId}/scores`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ participantId, hole, strokes }),
      });
      if (!res.ok) throw new Error(`score ${k}: ${res.status} ${await res.text()}`);
    });
    if (k < 0) continue;
    answers.push(answered);
    latencies.push(...delivery.latencies);
    delivery.latencies.forEach((latency, i) => {
      byInstance[instanceOf(delivery.sockets[i]!, bases.length)]!.push(latency);
    });
    firsts.push(Math.min(...delivery.latencies));
    bytes = delivery.bytes;
  }
  sockets.stop();
  const split = bases.length > 1 ? bases.map(() => SUBSCRIBERS / bases.length).join(' + ') : String(SUBSCRIBERS);
  console.log(
    `${split} subscribers (connected and snapshotted in ${sockets.connectSeconds.toFixed(1)} s), ${SCORES} scores after ${WARMUP} not counted, score message ${(bytes / 1024).toFixed(1)} KiB, ${servers.database}\n`,
  );
  printDeliveries(latencies, { expected: SUBSCRIBERS * SCORES, goalMs: GOAL_MS, ratio: false });
  if (bases.length > 1) {
    byInstance.forEach((values, i) => {
      const own = [...values].sort((a, b) => a - b);
      const role = i === 0 ? 'the instance the scores were sent to' : 'the other instance, over LISTEN/NOTIFY';
      console.log(`  on ${role}: p50 ${percentile(own, 50).toFixed(1)} ms, p99 ${percentile(own, 99).toFixed(1)} ms`);
    });
  }

  console.log(
    `\nmedian of the PUT's own answer: ${median(answers).toFixed(1)} ms; median first delivery: ${median(firsts).toFixed(1)} ms (the rest is the fan-out)`,
  );
  await servers.close();
}

/** Subscribers are spread evenly over the instances, as a load balancer without sticky sessions would. */
function instanceOf(subscriber: number, instances: number): number {
  return subscriber % instances;
}

interface SubscribersData {
  bases: string[];
  cookie: string;
  roundId: string;
  subscribers: number;
}

/** The subscribers' process: each with the owner's cookie, subscribed once it has the round's snapshot, waiting for the expected score. */
const subscribersData = socketsWorkerData<SubscribersData>();
if (subscribersData) {
  const { bases } = subscribersData;
  await serveSockets<number>({
    count: subscribersData.subscribers,
    label: 'subscriber',
    url: (i) => `ws://${bases[instanceOf(i, bases.length)]}/trpc`,
    headers: () => ({ cookie: subscribersData.cookie }),
    subscription: { path: 'rounds.onUpdate', input: { roundId: subscribersData.roundId } },
    subscribedOn: (event) => event.type === 'snapshot',
    isExpected: (event, strokes) => event.type === 'score' && event.strokes === strokes,
  });
} else await main();
