/**
 * The server of `npm run bench:http` on its own, for a CPU profile of what a request costs it: a scratch
 * database on PostgreSQL (BENCH_DATABASE_URL), one member of one organization, the app, listening until
 * SIGINT or SIGTERM. It prints the two URLs and the cookie for a load generator in another process:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/http-profile.ts
 *   npx autocannon -c 50 -d 10 -H "cookie: <cookie>" <url>
 *   node bench/profile-summary.mjs /tmp/prof/<file>.cpuprofile
 */
import { createApp } from '../server/app';
import { appUser, organization, organizationMembership } from '../server/db/schema';
import { benchDeps, listenOnLoopback, scratchPostgres, sessionToken } from './support';

const scratch = await scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const { deps, close } = await benchDeps({ databaseUrl: scratch.url });
const [user] = await deps.db.insert(appUser).values({ email: 'bench@example.no', name: 'Bench' }).returning();
const [org] = await deps.db.insert(organization).values({ name: 'Benchklubben' }).returning();
await deps.db.insert(organizationMembership).values({ organizationId: org!.id, userId: user!.id, role: 'member' });
const app = await createApp(deps, { client: 'none' });
const address = await listenOnLoopback(app.server);
console.log(`cookie: service_session=${await sessionToken(deps, user!.id)}`);
console.log(`http://${address}/auth/me`);
console.log(`http://${address}/organizations/${org!.id}`);

const stop = async () => {
  await app.close();
  await close();
  await scratch.drop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
