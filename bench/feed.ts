/**
 * docs/performance.md: one public feed item delivered to 2,000 anonymous sockets with p99 ≤ 200 ms.
 * The real server in this process (embedded database by default, or BENCH_DATABASE_URL's PostgreSQL in a
 * scratch database with `--postgres`) on loopback; N anonymous real WebSockets (no cookie) subscribed to
 * feed.onItem over tRPC's wire protocol (raw `ws` clients in a child process, so the load generator does not
 * share the server's event loop). Each item is posted by its real operation: POST /rounds/{id}/share of a
 * finished round (written directly beforehand, one per item, owned by one user); the latency of a delivery
 * is from just before that request to the moment a socket has the item.
 * Usage: npm run bench:feed [-- --sockets 2000 --items 20 --postgres]
 */
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { createApp } from '../server/app';
import { seedDemoCoursesIfEmpty } from '../server/courses/seed';
import { appUser, course, round, tee } from '../server/db/schema';
import { forkSockets, serveSockets, socketsWorkerData } from './sockets';
import { benchDeps, listenOnLoopback, median, printDeliveries, scratchPostgres, sessionToken } from './support';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    items: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    postgres: { type: 'boolean', default: false },
  },
});
const SOCKETS = Number(args.sockets);
const ITEMS = Number(args.items);
// The first deliveries run code the JIT has not compiled yet: posted and delivered, not counted.
const WARMUP = Number(args.warmup);
const GOAL_MS = 200;

async function setUp() {
  const scratch = args.postgres
    ? await scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    : null;
  const { deps, close } = await benchDeps({ databaseUrl: scratch?.url });
  await seedDemoCoursesIfEmpty(deps);
  const [bogstad] = await deps.db
    .select({ id: course.id })
    .from(course)
    .where(and(eq(course.name, 'Bogstad'), eq(course.kind, 'official')))
    .limit(1);
  const [yellow] = await deps.db.select({ id: tee.id }).from(tee).where(eq(tee.courseId, bogstad!.id)).limit(1);
  const [owner] = await deps.db
    .insert(appUser)
    .values({ email: 'deler@example.no', name: 'Dag Deler' })
    .returning({ id: appUser.id });
  const rounds = await deps.db
    .insert(round)
    .values(
      Array.from({ length: ITEMS + WARMUP }, () => ({
        ownerUserId: owner!.id,
        courseId: bogstad!.id,
        teeId: yellow!.id,
        playedOn: '2026-06-01',
        format: 'stroke' as const,
        holes: '18' as const,
        status: 'finished' as const,
        finishedAt: new Date(),
      })),
    )
    .returning({ id: round.id });
  const cookie = `service_session=${await sessionToken(deps, owner!.id)}`;
  const app = await createApp(deps, { client: 'none' });
  const base = await listenOnLoopback(app.server);
  return {
    base,
    cookie,
    roundIds: rounds.map((r) => r.id),
    database: scratch ? `PostgreSQL ${scratch.host}` : 'embedded database',
    async close() {
      await app.close();
      await close();
      await scratch?.drop();
    },
  };
}

async function main() {
  const setup = await setUp();
  const sockets = await forkSockets(import.meta.url, { base: setup.base, count: SOCKETS } satisfies ReadersData);

  const latencies: number[] = [];
  const answers: number[] = [];
  let bytes = 0;
  for (let k = -WARMUP; k < ITEMS; k++) {
    const roundId = setup.roundIds[k + WARMUP]!;
    const { answered, delivery } = await sockets.time(roundId, async () => {
      const res = await fetch(`http://${setup.base}/rounds/${roundId}/share`, {
        method: 'POST',
        headers: { cookie: setup.cookie, 'content-type': 'application/json' },
      });
      if (res.status !== 200) throw new Error(`item ${k}: ${res.status} ${await res.text()}`);
    });
    if (k < 0) continue;
    answers.push(answered);
    latencies.push(...delivery.latencies);
    bytes = delivery.bytes;
  }
  sockets.stop();
  console.log(
    `${SOCKETS} anonymous sockets (connected and subscribed in ${sockets.connectSeconds.toFixed(1)} s), ${ITEMS} items after ${WARMUP} not counted, event frame ${bytes} bytes, ${setup.database}\n`,
  );
  printDeliveries(latencies, { expected: SOCKETS * ITEMS, goalMs: GOAL_MS, ratio: true });
  console.log(`\nmedian of the POST's own answer: ${median(answers).toFixed(1)} ms`);
  await setup.close();
}

interface ReadersData {
  base: string;
  count: number;
}

/** The readers' process: anonymous sockets (no cookie), waiting for the expected round's shared item. */
const readersData = socketsWorkerData<ReadersData>();
if (readersData) {
  await serveSockets<string>({
    count: readersData.count,
    label: 'socket',
    url: () => `ws://${readersData.base}/trpc`,
    subscription: { path: 'feed.onItem', input: {} },
    isExpected: (item, roundId) => item.kind === 'round_shared' && item.round?.id === roundId,
  });
} else await main();
