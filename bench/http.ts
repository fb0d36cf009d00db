/**
 * docs/performance.md, measured side by side in one run (compare ratios: the load generator shares the cores):
 *   - GET /auth/me against the floor "Express 5 + cookie + jose HS256 verify + one pg SELECT of the user";
 *   - an organization-scoped read (GET /organizations/{id}) against the floor "BEGIN; SET LOCAL ROLE;
 *     set_config; SELECT; COMMIT sent in one round trip".
 * Real PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a scratch
 * database is created and dropped. Usage: npm run bench:http [-- --seconds 5 --rounds 3 --connections 50]
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createApp } from '../server/app';
import { appUser, organization, organizationMembership } from '../server/db/schema';
import { benchDeps, median, scratchPostgres, sessionToken, startFloors } from './support';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);

interface Figures {
  rps: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, cookie: string): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

async function listen(server: import('node:http').Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await scratchPostgres(adminUrl);
  const databaseUrl = scratch.url;
  const { deps, close } = await benchDeps({ databaseUrl });
  const config = deps.config;
  const [user] = await deps.db.insert(appUser).values({ email: 'bench@example.no', name: 'Bench' }).returning();
  const [org] = await deps.db.insert(organization).values({ name: 'Benchklubben' }).returning();
  await deps.db.insert(organizationMembership).values({ organizationId: org!.id, userId: user!.id, role: 'member' });
  const token = await sessionToken(deps, user!.id);
  const cookie = `service_session=${token}`;

  const floors = await startFloors(databaseUrl, config.sessionSecret);
  const floorUrl = floors.url;

  const app = await createApp(deps, { client: 'none' });
  const appUrl = await listen(app.server);

  const pairs = [
    { name: 'GET /auth/me', ours: `${appUrl}/auth/me`, floor: `${floorUrl}/me`, target: 0.9 },
    {
      name: `GET /organizations/{id}`,
      ours: `${appUrl}/organizations/${org!.id}`,
      floor: `${floorUrl}/org/${org!.id}`,
      target: 0.9,
    },
  ];
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s per run, median of ${ROUNDS} rounds, PostgreSQL at ${scratch.host}\n`,
  );
  console.log('| endpoint | ours req/s | ours p99 ms | floor req/s | floor p99 ms | ratio | target |');
  console.log('|---|---|---|---|---|---|---|');
  for (const pair of pairs) {
    const probe = await fetch(pair.ours, { headers: { cookie } });
    if (probe.status !== 200) {
      console.log(`| ${pair.name} | not available (${probe.status}) | | | | | ≥ ${pair.target} |`);
      continue;
    }
    const ours: Figures[] = [];
    const base: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      base.push(await load(pair.floor, cookie));
      ours.push(await load(pair.ours, cookie));
    }
    const failures = ours.reduce((n, f) => n + f.non2xx, 0) + base.reduce((n, f) => n + f.non2xx, 0);
    const oursRps = median(ours.map((f) => f.rps));
    const floorRps = median(base.map((f) => f.rps));
    const ratio = oursRps / floorRps;
    console.log(
      `| ${pair.name} | ${oursRps.toFixed(0)} | ${median(ours.map((f) => f.p99))} | ${floorRps.toFixed(0)} | ${median(base.map((f) => f.p99))} | ${ratio.toFixed(2)} | ≥ ${pair.target} ${ratio >= pair.target ? 'met' : 'NOT met'} |${failures ? ` (${failures} non-2xx answers!)` : ''}`,
    );
  }

  await app.close();
  await floors.close();
  await close();
  await scratch.drop();
}

await main();
