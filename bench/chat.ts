/**
 * docs/performance.md: one team chat message delivered to 500 members' sockets with p99 ≤ 100 ms.
 * The real server in this process (embedded database by default, or BENCH_DATABASE_URL's PostgreSQL in a
 * scratch database with `--postgres`) on loopback; one organization with N members, each with a session of
 * their own and one real WebSocket subscribed to chat.onMessage over tRPC's wire protocol (raw `ws`
 * clients in a child process, so the load generator does not share the server's event loop). Each message
 * is sent as POST /organizations/{id}/chat/messages by one of a few senders (the limit is 20 a minute per
 * member); the latency of a delivery is from just before that request to the moment a socket has the event.
 * Usage: npm run bench:chat [-- --members 500 --messages 20 --postgres]
 */
import { parseArgs } from 'node:util';
import { createApp } from '../server/app';
import { appUser, organization, organizationMembership } from '../server/db/schema';
import { forkSockets, serveSockets, socketsWorkerData } from './sockets';
import { benchDeps, listenOnLoopback, median, printDeliveries, scratchPostgres, sessionToken } from './support';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '500' },
    messages: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    postgres: { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(args.members);
const MESSAGES = Number(args.messages);
// The first deliveries run code the JIT has not compiled yet: sent and delivered, not counted.
const WARMUP = Number(args.warmup);
const GOAL_MS = 100;
/** Senders take turns, so that no one of them reaches the limit of 20 messages a minute. */
const SENDERS = Math.max(1, Math.ceil((MESSAGES + WARMUP) / 10));

async function setUp() {
  const scratch = args.postgres
    ? await scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    : null;
  const { deps, close } = await benchDeps({ databaseUrl: scratch?.url });
  const [club] = await deps.db.insert(organization).values({ name: 'Benkeklubben GK' }).returning();
  const users = await deps.db
    .insert(appUser)
    .values(Array.from({ length: MEMBERS }, (_, i) => ({ email: `medlem${i}@example.no`, name: `Medlem ${i}` })))
    .returning({ id: appUser.id });
  await deps.db.insert(organizationMembership).values(
    users.map((u, i) => ({
      organizationId: club!.id,
      userId: u.id,
      role: i === 0 ? ('owner' as const) : ('member' as const),
    })),
  );
  const cookies = await Promise.all(users.map(async (u) => `service_session=${await sessionToken(deps, u.id)}`));
  const app = await createApp(deps, { client: 'none' });
  const base = await listenOnLoopback(app.server);
  return {
    base,
    organizationId: club!.id,
    cookies,
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
  const sockets = await forkSockets(import.meta.url, {
    base: setup.base,
    organizationId: setup.organizationId,
    cookies: setup.cookies,
  } satisfies MembersData);

  const latencies: number[] = [];
  const answers: number[] = [];
  let bytes = 0;
  for (let k = -WARMUP; k < MESSAGES; k++) {
    const text = `Benkemelding ${k + WARMUP}: hvem blir med på 9 hull i kveld?`;
    const { answered, delivery } = await sockets.time(text, async () => {
      const res = await fetch(`http://${setup.base}/organizations/${setup.organizationId}/chat/messages`, {
        method: 'POST',
        headers: { cookie: setup.cookies[(k + WARMUP) % SENDERS]!, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      if (res.status !== 201) throw new Error(`message ${k}: ${res.status} ${await res.text()}`);
    });
    if (k < 0) continue;
    answers.push(answered);
    latencies.push(...delivery.latencies);
    bytes = delivery.bytes;
  }
  sockets.stop();
  console.log(
    `${MEMBERS} members' sockets (connected and subscribed in ${sockets.connectSeconds.toFixed(1)} s), ${MESSAGES} messages after ${WARMUP} not counted, event frame ${bytes} bytes, ${setup.database}\n`,
  );
  printDeliveries(latencies, { expected: MEMBERS * MESSAGES, goalMs: GOAL_MS, ratio: true });
  console.log(`\nmedian of the POST's own answer: ${median(answers).toFixed(1)} ms`);
  await setup.close();
}

interface MembersData {
  base: string;
  organizationId: string;
  cookies: string[];
}

/** The members' process: one socket per member, each with the member's cookie, waiting for the expected message's text. */
const membersData = socketsWorkerData<MembersData>();
if (membersData) {
  await serveSockets<string>({
    count: membersData.cookies.length,
    label: 'member',
    url: () => `ws://${membersData.base}/trpc`,
    headers: (i) => ({ cookie: membersData.cookies[i]! }),
    subscription: { path: 'chat.onMessage', input: { organizationId: membersData.organizationId } },
    isExpected: (event, text) => event.kind === 'message' && event.message?.text === text,
  });
} else await main();
