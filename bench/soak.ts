/**
 * The soak (docs/performance.md, "Soak and faults"): the server (`server/index.ts` in a process of its own,
 * on PostgreSQL) under a steady load for `--minutes` (default 10): mixed reads, score writes and 500 live
 * sockets (bench/steady-load.ts).
 * Goals, each printed with its figure and PASS or FAIL (the exit code is 1 if any failed):
 *   - no error: every request answered 2xx, no write refused, no socket closed, errored or resubscribed;
 *   - the server's RSS grows under 10 %: the median of the last tenth of the run against the median of
 *     the second tenth (the first is warm-up);
 *   - latency flat: the last tenth's p50 within 1.5× and p99 within 2× of the second tenth's, for reads
 *     and for writes;
 *   - every acknowledged score is in the database with its value, and every socket has every event of its
 *     round after its snapshot, once and in order.
 * Database: a scratch database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped afterwards. Usage: npm run bench:soak [-- --minutes 10 --sockets 500 --reads 40 --writes 20]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  goalLine,
  latencies,
  rssMiB,
  seedFixture,
  settle,
  startLoad,
  startServer,
  startWatchers,
  verifyAcknowledged,
  type Sample,
} from './steady-load';
import { median, scratchPostgres } from './support';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    sockets: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '10' },
    players: { type: 'string', default: '5' },
    reads: { type: 'string', default: '40' },
    writes: { type: 'string', default: '20' },
  },
});
const DURATION_MS = Number(args.minutes) * 60_000;
const SOCKETS = Number(args.sockets);
const TENTHS = 10;
const RSS_EVERY_MS = 5_000;
const RSS_GROWTH_GOAL = 0.1;
const P50_FLAT = 1.5;
const P99_FLAT = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<number> {
  const scratch = await scratchPostgres(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const fixture = await seedFixture(scratch.url, { rounds: Number(args.rounds), players: Number(args.players) });
  const server = await startServer(scratch.url, fixture);
  const watchers = await startWatchers({
    bases: [server.url],
    sockets: SOCKETS,
    rounds: fixture.rounds.map((r) => ({ id: r.id, cookies: r.watcherCookies })),
  });
  try {
    const load = startLoad(server.url, fixture, {
      readsPerSecond: Number(args.reads),
      writesPerSecond: Number(args.writes),
      timeoutMs: 10_000,
    });
    const rss: { at: number; mib: number }[] = [];
    const loads: number[] = [];
    while (performance.now() - load.startedAt < DURATION_MS) {
      rss.push({ at: performance.now() - load.startedAt, mib: rssMiB(server.pid) });
      loads.push(loadavg()[0]!);
      await sleep(RSS_EVERY_MS);
    }
    await load.stop();
    const { ids, behind } = await settle(
      watchers,
      scratch.url,
      fixture.rounds.map((r) => r.id),
      30_000,
    );
    const sockets = await watchers.check(ids);
    const stored = await verifyAcknowledged(scratch.url, load.acks);

    const tenth = DURATION_MS / TENTHS;
    const inTenth = (k: number, at: number) => at >= k * tenth && at < (k + 1) * tenth;
    const reads = (s: Sample) => s.kind !== 'write';
    const writes = (s: Sample) => s.kind === 'write';
    console.log(
      `${args.minutes} min, ${SOCKETS} sockets on ${fixture.rounds.length} rounds (connected in ${watchers.connectSeconds.toFixed(1)} s), ` +
        `${args.reads} reads/s and ${args.writes} writes/s offered; PostgreSQL ${scratch.host}; ` +
        `${cpus().length} cores shared with other work (load average 1 min: median ${median(loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)})\n`,
    );
    console.log(
      '| tenth | reads | read p50 ms | read p99 ms | writes | write p50 ms | write p99 ms | server RSS MiB (median) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const byTenth = Array.from({ length: TENTHS }, (_, k) => {
      const samples = load.samples.filter((s) => inTenth(k, s.at));
      const r = latencies(samples.filter(reads));
      const w = latencies(samples.filter(writes));
      const mib = median(rss.filter((x) => inTenth(k, x.at)).map((x) => x.mib));
      console.log(
        `| ${k + 1} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${w.n} | ${w.p50.toFixed(1)} | ${w.p99.toFixed(1)} | ${mib.toFixed(1)} |`,
      );
      return { r, w, mib };
    });
    const all = latencies(load.samples);
    console.log(
      `\nall ${all.n} requests: p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms, max ${all.max.toFixed(1)} ms; ` +
        `${load.acks.length} writes acknowledged; ${sockets.received} events delivered to sockets\n`,
    );

    const failed = load.samples.filter((s) => s.status !== 200);
    const failures = new Map<string, number>();
    for (const s of failed) {
      const key = `${s.kind} ${s.status}${s.code ? ` ${s.code}` : ''}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
    const socketTrouble = sockets.reconnects + sockets.resubscribes + sockets.errors.length;
    const first = byTenth[1]!;
    const last = byTenth[TENTHS - 1]!;
    const growth = last.mib / first.mib - 1;
    const flat = (a: { p50: number; p99: number }, b: { p50: number; p99: number }) =>
      b.p50 <= a.p50 * P50_FLAT && b.p99 <= a.p99 * P99_FLAT;

    console.log('| goal | figure | |');
    console.log('|---|---|---|');
    const results = [
      goalLine(
        'no error (requests, writes, sockets)',
        `${failed.length} of ${load.samples.length} requests not 200${failures.size ? ` (${[...failures].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}; ` +
          `${load.conflicts} writes refused; sockets: ${sockets.reconnects} reconnects, ${sockets.resubscribes} resubscriptions, ${sockets.errors.length} errors`,
        failed.length === 0 && load.conflicts === 0 && socketTrouble === 0,
      ),
      goalLine(
        'server RSS growth < 10 % (last tenth against the second)',
        `${first.mib.toFixed(1)} → ${last.mib.toFixed(1)} MiB (${(growth * 100).toFixed(1)} %); max ${Math.max(...rss.map((x) => x.mib)).toFixed(1)} MiB`,
        growth < RSS_GROWTH_GOAL,
      ),
      goalLine(
        `read latency flat (last tenth p50 ≤ ${P50_FLAT}×, p99 ≤ ${P99_FLAT}× the second's)`,
        `p50 ${first.r.p50.toFixed(1)} → ${last.r.p50.toFixed(1)} ms, p99 ${first.r.p99.toFixed(1)} → ${last.r.p99.toFixed(1)} ms`,
        flat(first.r, last.r),
      ),
      goalLine(
        `write latency flat (the same)`,
        `p50 ${first.w.p50.toFixed(1)} → ${last.w.p50.toFixed(1)} ms, p99 ${first.w.p99.toFixed(1)} → ${last.w.p99.toFixed(1)} ms`,
        flat(first.w, last.w),
      ),
      goalLine(
        'every acknowledged score stored with its value',
        `${stored.acknowledged} acknowledged; ${stored.missing} holes not holding their last acknowledged value; ${stored.notInEvents} acknowledged values missing from the event log`,
        stored.missing === 0 && stored.notInEvents === 0,
      ),
      goalLine(
        'every socket got every event of its round, once, in order',
        `${sockets.received} of ${sockets.expected} events; ${sockets.lost} lost, ${sockets.duplicated} repeated or out of order, ${sockets.unknown} unknown; ${behind} sockets behind at the end`,
        sockets.lost === 0 &&
          sockets.duplicated === 0 &&
          sockets.unknown === 0 &&
          sockets.socketsMissingEvents === 0 &&
          behind === 0,
      ),
    ];
    if (sockets.errors.length) console.log(`\nsocket errors (first ${sockets.errors.length}):`, sockets.errors);
    return results.every(Boolean) ? 0 : 1;
  } finally {
    watchers.stop();
    await server.stop();
    await scratch.drop();
  }
}

process.exit(await main());
