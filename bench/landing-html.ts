/**
 * The public tournament page as HTML (decision 0512) against the same page as JSON, in the same run:
 *   - GET /t/{slug}: the page rendered by the app's components, with its answer embedded, gzipped;
 *   - GET /public/tournaments/{slug}: the JSON the app otherwise fetches (decision 0413's cached answer).
 * Both are kept per version of the page, so between changes the HTML should cost no more than the JSON:
 * the target is ≥ 0.9× the JSON's req/s (the floor). The demo tournament (36 players), PostgreSQL when
 * TEST_DATABASE_URL or --postgres names one (a scratch database is made and dropped), else PGlite.
 *
 *   npm run bench:landing-html [-- --seconds 5 --rounds 3 --connections 50 --postgres postgres://…]
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CLIENT_DIST, createApp } from '../server/app';
import { seedDemoCoursesIfEmpty } from '../server/courses/seed';
import { DEMO_TOURNAMENT_SLUG, seedDemoTournamentIfNone } from '../server/tournaments/demo';
import { benchDeps, median, scratchPostgres } from './support';

const RATIO_TARGET = 0.9;

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    postgres: { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' },
  },
});

async function requestsPerSecond(url: string): Promise<{ rps: number; p99: number; non2xx: number }> {
  const result = await autocannon({
    url,
    connections: Number(args.connections),
    duration: Number(args.seconds),
    headers: { 'accept-encoding': 'gzip' },
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

async function main() {
  const scratch = args.postgres ? await scratchPostgres(args.postgres) : null;
  const { deps, close } = await benchDeps({ databaseUrl: scratch?.url });
  // The built index.html when there is one (what production serves), else the smallest page like it.
  const clientDist = mkdtempSync(path.join(tmpdir(), 'bench-landing-'));
  const built = path.join(CLIENT_DIST, 'index.html');
  writeFileSync(
    path.join(clientDist, 'index.html'),
    existsSync(built)
      ? readFileSync(built, 'utf8')
      : '<!doctype html>\n<html lang="nb">\n<head><title>Hullvis</title></head>\n<body><div id="root"></div></body>\n</html>\n',
  );
  try {
    await seedDemoCoursesIfEmpty(deps);
    if ((await seedDemoTournamentIfNone(deps)) !== DEMO_TOURNAMENT_SLUG) throw new Error('no demo tournament');
    const app = await createApp(deps, { client: 'static', clientDist });
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const html = `${origin}/t/${DEMO_TOURNAMENT_SLUG}`;
    const json = `${origin}/public/tournaments/${DEMO_TOURNAMENT_SLUG}`;
    const sizes: string[] = [];
    for (const url of [html, json]) {
      const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      const zipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      if (plain.status !== 200) throw new Error(`${url} answered ${plain.status}`);
      sizes.push(
        `${((await plain.arrayBuffer()).byteLength / 1024).toFixed(1)} KiB, ${(Number(zipped.headers.get('content-length')) / 1024).toFixed(1)} KiB gzipped`,
      );
    }
    const ours: Awaited<ReturnType<typeof requestsPerSecond>>[] = [];
    const floor: Awaited<ReturnType<typeof requestsPerSecond>>[] = [];
    for (let round = 0; round < Number(args.rounds); round++) {
      // Alternating, so that a neighbour's load falls on both alike.
      floor.push(await requestsPerSecond(json));
      ours.push(await requestsPerSecond(html));
    }
    await app.close();
    const rps = median(ours.map((f) => f.rps));
    const floorRps = median(floor.map((f) => f.rps));
    const ratio = rps / floorRps;
    const failures = [...ours, ...floor].reduce((n, f) => n + f.non2xx, 0);
    console.log(
      `Public page as HTML against JSON: the demo tournament (36 players), ${scratch ? `PostgreSQL at ${scratch.host}` : 'PGlite'}, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores\n`,
    );
    console.log('| measure | figure | target |');
    console.log('|---|---|---|');
    console.log(
      `| GET /t/{slug} (${sizes[0]}), autocannon -c ${args.connections}, ${args.seconds} s × ${args.rounds}, median | ${rps.toFixed(0)} req/s (p99 ${median(ours.map((f) => f.p99))} ms) | |`,
    );
    console.log(
      `| the floor: GET /public/tournaments/{slug} (${sizes[1]}) in the same run | ${floorRps.toFixed(0)} req/s (p99 ${median(floor.map((f) => f.p99))} ms) | |`,
    );
    console.log(
      `| the HTML against the JSON | ${ratio.toFixed(2)}×${failures ? `, ${failures} non-2xx!` : ''} | ≥ ${RATIO_TARGET}× ${ratio >= RATIO_TARGET && !failures ? 'met' : 'NOT met'} |`,
    );
    if (ratio < RATIO_TARGET || failures) process.exitCode = 1;
  } finally {
    await close();
    await scratch?.drop();
  }
}

await main();
