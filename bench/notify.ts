/**
 * LISTEN/NOTIFY's ceiling on this PostgreSQL (issue 33): how many bus messages a second cross instances
 * before the notification queue, not the service, is the limit. The bus (server/realtime/postgres-bus.ts)
 * sends every message published meanwhile in one statement, `select pg_notify(…) from unnest($1)`, one
 * transaction per batch; every instance LISTENs on one connection and gets every message.
 * Measured here, each for `--seconds`, with `--listeners` LISTEN connections (the instances) and
 * `--publishers` connections sending as fast as they are answered:
 *   - one notification per transaction (a quiet bus: every message alone);
 *   - batches of `--batch` notifications per transaction (a busy bus);
 * each beside its floor, the same statement without pg_notify (`select m from unnest($1)`).
 * For each: messages a second received by every listener, the ratio to the floor's messages a second,
 * and the latency from the send to each listener (the payload carries its send time). Payloads are
 * `--bytes` long (a score nudge is about 150 bytes). A scratch database on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 * Usage: npm run bench:notify [-- --seconds 5 --listeners 2 --publishers 4 --batch 50 --bytes 150]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { percentile, scratchPostgres } from './support';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    listeners: { type: 'string', default: '2' },
    publishers: { type: 'string', default: '4' },
    batch: { type: 'string', default: '50' },
    bytes: { type: 'string', default: '150' },
  },
});
const SECONDS = Number(args.seconds);
const LISTENERS = Number(args.listeners);
const PUBLISHERS = Number(args.publishers);
const BATCH = Number(args.batch);
const BYTES = Number(args.bytes);
const CHANNEL = 'bench_bus';
/** After the senders stop, how long the listeners are given to have everything. */
const DRAIN_MS = 5_000;

const clock = () => performance.timeOrigin + performance.now();

interface Figures {
  sent: number;
  /** Per listener, messages received. */
  received: number[];
  seconds: number;
  latencies: number[];
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** A message of BYTES characters that says when it was sent. */
function message(): string {
  const head = JSON.stringify({ at: clock() });
  return head + ' '.repeat(Math.max(0, BYTES - head.length));
}

async function run(url: string, options: { batch: number; notify: boolean }): Promise<Figures> {
  const listeners = await Promise.all(Array.from({ length: LISTENERS }, () => connect(url)));
  const received = listeners.map(() => 0);
  const latencies: number[] = [];
  listeners.forEach((listener, i) => {
    listener.on('notification', (n) => {
      received[i]! += 1;
      // Every 10th is timed: parsing each would make the listener the bottleneck it is meant to measure.
      if (received[i]! % 10 === 0) latencies.push(clock() - JSON.parse(n.payload!.trimEnd()).at);
    });
  });
  await Promise.all(listeners.map((l) => l.query(`listen ${CHANNEL}`)));
  const publishers = await Promise.all(Array.from({ length: PUBLISHERS }, () => connect(url)));
  const statement = options.notify
    ? `select pg_notify('${CHANNEL}', m) from unnest($1::text[]) as m`
    : 'select m from unnest($1::text[]) as m';
  let sent = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    publishers.map(async (p) => {
      while (performance.now() < until) {
        await p.query(statement, [Array.from({ length: options.batch }, message)]);
        sent += options.batch;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const expected = options.notify ? sent : 0;
  const deadline = performance.now() + DRAIN_MS;
  while (received.some((n) => n < expected) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await Promise.all([...publishers, ...listeners].map((c) => c.end()));
  return { sent, received, seconds, latencies: latencies.sort((a, b) => a - b) };
}

async function main() {
  const scratch = await scratchPostgres(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    // Each way of sending beside its own floor: the same statement and batch, without the notification.
    const floorSingle = await run(scratch.url, { batch: 1, notify: false });
    const single = await run(scratch.url, { batch: 1, notify: true });
    const floorBatched = await run(scratch.url, { batch: BATCH, notify: false });
    const batched = await run(scratch.url, { batch: BATCH, notify: true });
    const load = loadavg()[0]!;
    // Figures as a ratio to the floor beside them: the machine is shared, absolute rates move with its load.
    console.log(
      `LISTEN/NOTIFY on PostgreSQL ${scratch.host}: ${LISTENERS} listeners, ${PUBLISHERS} publishing connections, ${BYTES}-byte payloads, ${SECONDS} s each; ` +
        `${cpus().length} cores shared with this process and other work (load average 1 min ${load.toFixed(1)})\n`,
    );
    console.log(
      '| statement | transactions/s | messages sent/s | received by every listener, /s | ratio to the floor | delivered | latency p50 ms | p99 ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const line = (name: string, f: Figures, batch: number, notify: boolean, floor: Figures) => {
      const rate = f.sent / f.seconds;
      const floorRate = floor.sent / floor.seconds;
      const every = notify ? Math.min(...f.received) / f.seconds : Number.NaN;
      const delivered = notify ? `${Math.min(...f.received)} of ${f.sent}` : '–';
      const lat = f.latencies.length
        ? [percentile(f.latencies, 50).toFixed(1), percentile(f.latencies, 99).toFixed(1)]
        : ['–', '–'];
      console.log(
        `| ${name} | ${(rate / batch).toFixed(0)} | ${rate.toFixed(0)} | ${notify ? every.toFixed(0) : '–'} | ${(rate / floorRate).toFixed(2)} | ${delivered} | ${lat[0]} | ${lat[1]} |`,
      );
    };
    line('floor: the same statement without pg_notify, 1 a transaction', floorSingle, 1, false, floorSingle);
    line('pg_notify, 1 a transaction', single, 1, true, floorSingle);
    line(
      `floor: the same statement without pg_notify, ${BATCH} a transaction`,
      floorBatched,
      BATCH,
      false,
      floorBatched,
    );
    line(`pg_notify, ${BATCH} a transaction (the bus's batching)`, batched, BATCH, true, floorBatched);
  } finally {
    await scratch.drop();
  }
}

await main();
