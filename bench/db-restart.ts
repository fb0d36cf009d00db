/**
 * The database fault (docs/performance.md, "Soak and faults"): PostgreSQL stopped for `--down` seconds
 * (default 10) and started again in the middle of the steady load of bench/steady-load.ts (mixed reads, score
 * writes, 500 live sockets), the server (`server/index.ts`) in a process of its own. The database is a
 * private cluster this script makes (initdb into a temporary directory, run as the `postgres` OS user on a
 * free port, removed afterwards; bench/private-postgres.ts), never the machine's shared server. `/readyz` is
 * sampled every 200 ms.
 * Goals, each printed with its figure and PASS or FAIL (the exit code is 1 if any failed):
 *   - `/readyz` answers 503 `{ok: false}` at every sample while the database is gone (and answers: within 1 s);
 *   - within 5 s of the database's return, `/readyz` answers 200 and a score write succeeds;
 *   - writes while it is gone are refused at once (within 2 s) with 503 `UNAVAILABLE` and Retry-After, and
 *     nothing in the whole run answers 500;
 *   - every request before the stop, and from 5 s after the return, is answered 200;
 *   - every acknowledged score is in the database with its value;
 *   - every socket has every event of its round after its snapshot, once and in order, after resuming
 *     (a tenth of them are cut 1 s into the outage, open again, and resubscribe until the database is back).
 * With `--instances 2` (the default) two server processes share the database: all requests go to the
 * first, and the sockets are spread over both, so the second's sockets hear of each score only over
 * LISTEN/NOTIFY, whose connection must come back after the restart. `/readyz` is sampled on the first.
 * Must run as root or as the `postgres` OS user.
 * Usage: npm run bench:db-restart [-- --down 10 --sockets 500 --instances 2]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createPrivatePostgres } from './private-postgres';
import {
  goalLine,
  latencies,
  seedFixture,
  settle,
  startLoad,
  startServer,
  startWatchers,
  verifyAcknowledged,
  type Sample,
} from './steady-load';

const { values: args } = parseArgs({
  options: {
    down: { type: 'string', default: '10' },
    instances: { type: 'string', default: '2' },
    before: { type: 'string', default: '15' },
    after: { type: 'string', default: '20' },
    sockets: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '10' },
    players: { type: 'string', default: '5' },
    reads: { type: 'string', default: '40' },
    writes: { type: 'string', default: '20' },
  },
});
const READYZ_EVERY_MS = 200;
const READYZ_ANSWER_MS = 1_000;
const RECOVERY_GOAL_MS = 5_000;
const REFUSAL_GOAL_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Probe {
  at: number;
  ms: number;
  status: number | 'network' | 'timeout';
  ok?: unknown;
}

async function main(): Promise<number> {
  const cluster = await createPrivatePostgres();
  await cluster.start();
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let watchers: Awaited<ReturnType<typeof startWatchers>> | undefined;
  try {
    const fixture = await seedFixture(cluster.url, { rounds: Number(args.rounds), players: Number(args.players) });
    for (let i = 0; i < Number(args.instances); i++) servers.push(await startServer(cluster.url, fixture));
    const base = servers[0]!.url;
    watchers = await startWatchers({
      bases: servers.map((s) => s.url),
      sockets: Number(args.sockets),
      rounds: fixture.rounds.map((r) => ({ id: r.id, cookies: r.watcherCookies })),
    });
    const load = startLoad(base, fixture, {
      readsPerSecond: Number(args.reads),
      writesPerSecond: Number(args.writes),
      timeoutMs: 10_000,
    });
    const since = () => performance.now() - load.startedAt;

    const probes: Probe[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const at = since();
        const probe: Probe = { at, ms: 0, status: 'network' };
        try {
          const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) });
          probe.status = res.status;
          probe.ok = ((await res.json()) as { ok?: unknown }).ok;
        } catch (error) {
          probe.status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
        }
        probe.ms = since() - at;
        probes.push(probe);
        await sleep(Math.max(0, at + READYZ_EVERY_MS - since()));
      }
    })();

    await sleep(Number(args.before) * 1000);
    const stopping = since();
    await cluster.stop();
    const gone = since();
    // A tenth of the sockets lose their connection while the database is gone: they open again at once,
    // and their subscriptions are refused (503) until it is back, then resume from their last event id.
    await sleep(1000);
    const dropped = await watchers.drop(10);
    await sleep(Number(args.down) * 1000 - 1000);
    const starting = since();
    await cluster.start();
    const back = since();
    await sleep(Number(args.after) * 1000);
    await load.stop();
    probing = false;
    await prober;

    const { ids, behind } = await settle(
      watchers,
      cluster.url,
      fixture.rounds.map((r) => r.id),
      30_000,
    );
    const sockets = await watchers.check(ids);
    const stored = await verifyAcknowledged(cluster.url, load.acks);

    const answeredAt = (s: { at: number; ms: number }) => s.at + s.ms;
    const whileGone = probes.filter((p) => p.at >= gone && answeredAt(p) <= starting);
    const falseWhileGone = whileGone.filter((p) => p.status === 503 && p.ok === false);
    const slowestWhileGone = Math.max(0, ...whileGone.map((p) => p.ms));
    const readyAgain = probes.find((p) => p.at >= back && p.status === 200);
    const writes = load.samples.filter((s) => s.kind === 'write');
    const firstWrite = writes.find((s) => s.at >= back && s.status === 200);
    const writesWhileGone = writes.filter((s) => s.at >= gone && answeredAt(s) <= starting);
    const refused = writesWhileGone.filter((s) => s.status === 503 && s.code === 'UNAVAILABLE' && s.retryAfter);
    const slowestRefusal = Math.max(0, ...writesWhileGone.map((s) => s.ms));
    const internal = load.samples.filter((s) => s.status === 500);
    const healthy = load.samples.filter((s) => answeredAt(s) < stopping || s.at >= back + RECOVERY_GOAL_MS);
    const unhealthy = healthy.filter((s) => s.status !== 200);
    const outcomes = (samples: Sample[]) => {
      const counts = new Map<string, number>();
      for (const s of samples) {
        const key = `${s.status}${s.code ? ` ${s.code}` : ''}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none';
    };
    const during = load.samples.filter((s) => answeredAt(s) >= stopping && s.at < back + RECOVERY_GOAL_MS);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

    const all = latencies(load.samples);
    console.log(
      `${servers.length} server processes, ${args.sockets} sockets on ${fixture.rounds.length} rounds spread over them (connected in ${watchers.connectSeconds.toFixed(1)} s), ` +
        `${args.reads} reads/s and ${args.writes} writes/s offered; private PostgreSQL cluster on port ${cluster.port}; ` +
        `${cpus().length} cores shared with other work (load average 1 min at the end: ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(
      `timeline: stop began ${s(stopping)}, database gone ${s(gone)}, ${dropped} sockets cut 1 s later, start began ${s(starting)}, accepting connections ${s(back)}, load stopped ${s(since())}`,
    );
    console.log(
      `${all.n} requests (p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms); ${load.acks.length} writes acknowledged, ${load.retries} writes sent again after no answer; ` +
        `answers from the stop to 5 s after the return: ${outcomes(during)}\n`,
    );
    console.log('| goal | figure | |');
    console.log('|---|---|---|');
    const results = [
      goalLine(
        '/readyz answers false while the database is gone',
        `${falseWhileGone.length} of ${whileGone.length} samples 503 {ok: false}; slowest answer ${slowestWhileGone.toFixed(0)} ms`,
        whileGone.length > 0 && falseWhileGone.length === whileGone.length && slowestWhileGone <= READYZ_ANSWER_MS,
      ),
      goalLine(
        '/readyz true within 5 s of the database’s return',
        readyAgain ? s(answeredAt(readyAgain) - back) : 'never',
        readyAgain !== undefined && answeredAt(readyAgain) - back <= RECOVERY_GOAL_MS,
      ),
      goalLine(
        'a score write succeeds within 5 s of the return',
        firstWrite ? s(answeredAt(firstWrite) - back) : 'never',
        firstWrite !== undefined && answeredAt(firstWrite) - back <= RECOVERY_GOAL_MS,
      ),
      goalLine(
        'writes while gone: 503 UNAVAILABLE with Retry-After, within 2 s',
        `${refused.length} of ${writesWhileGone.length} (${outcomes(writesWhileGone)}); slowest ${slowestRefusal.toFixed(0)} ms`,
        writesWhileGone.length > 0 && refused.length === writesWhileGone.length && slowestRefusal <= REFUSAL_GOAL_MS,
      ),
      goalLine('no 500 in the whole run', `${internal.length} (${outcomes(internal)})`, internal.length === 0),
      goalLine(
        'every request 200 before the stop and from 5 s after the return',
        `${healthy.length - unhealthy.length} of ${healthy.length}${unhealthy.length ? ` (${outcomes(unhealthy)})` : ''}`,
        unhealthy.length === 0,
      ),
      goalLine(
        'every acknowledged score stored with its value',
        `${stored.acknowledged} acknowledged; ${stored.missing} holes not holding their last acknowledged value; ${stored.notInEvents} acknowledged values missing from the event log`,
        stored.missing === 0 && stored.notInEvents === 0,
      ),
      goalLine(
        'every socket got every event of its round, once, in order',
        `${sockets.received} of ${sockets.expected} events; ${sockets.lost} lost, ${sockets.duplicated} repeated or out of order, ${sockets.unknown} unknown; ` +
          `${behind} sockets behind at the end; ${sockets.reconnects} reconnects (close codes ${JSON.stringify(sockets.closeCodes)}), ${sockets.resubscribes} resubscriptions`,
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
    watchers?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await cluster.remove();
  }
}

process.exit(await main());
