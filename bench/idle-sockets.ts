/**
 * docs/performance.md: 10,000 idle authenticated WebSocket connections under 400 MB RSS for the server
 * process. The real server (embedded database) runs in a child process of its own, so that its RSS is the
 * server's alone; this process opens the sockets, each with the session cookie of a user of its own (the
 * server watches every one of them: realtime/sockets.ts checks their sessions every second). The floor is
 * the same server process with no socket open, measured in the same run; the figure is its RSS with every
 * socket open and idle, and the CPU the server spends on them while nothing happens.
 * The embedded database lives in the server's process (its RSS includes PostgreSQL compiled to WebAssembly);
 * with `--postgres` the server uses a scratch database on the PostgreSQL at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), as a deployment with several instances does.
 * Usage: npm run bench:idle [-- --sockets 10000 --postgres]
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { createApp } from '../server/app';
import { appUser } from '../server/db/schema';
import { benchDeps, scratchPostgres, sessionToken } from './support';

const GOAL_MB = 400;
const MB = 1024 * 1024;

interface Sample {
  type: 'sample';
  rssMb: number;
  heapMb: number;
  cpuMs: number;
}

/** The server's side: start, make the users and their tokens, then answer requests for samples. */
async function server(count: number, databaseUrl: string | undefined) {
  const { deps } = await benchDeps({ databaseUrl });
  const users = await deps.db
    .insert(appUser)
    .values(Array.from({ length: count }, (_, i) => ({ email: `spiller${i}@example.no`, name: `Spiller ${i}` })))
    .returning({ id: appUser.id });
  const cookies = await Promise.all(users.map(async (u) => `service_session=${await sessionToken(deps, u.id)}`));
  const app = await createApp(deps, { client: 'none' });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const port = (app.server.address() as AddressInfo).port;
  process.on('message', (message: { type: string; idleMs?: number }) => {
    void (async () => {
      if (message.type !== 'sample') return;
      // What stays after a collection: garbage not yet collected is not the sockets' cost.
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.cpuUsage();
      await new Promise((resolve) => setTimeout(resolve, message.idleMs ?? 0));
      const cpu = process.cpuUsage(before);
      (globalThis as { gc?: () => void }).gc?.();
      const memory = process.memoryUsage();
      const sample: Sample = {
        type: 'sample',
        rssMb: memory.rss / MB,
        heapMb: memory.heapUsed / MB,
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
      process.send!(sample);
    })();
  });
  process.send!({ type: 'ready', port, cookies });
}

async function main() {
  const { values: args } = parseArgs({
    options: { sockets: { type: 'string', default: '10000' }, postgres: { type: 'boolean', default: false } },
  });
  const count = Number(args.sockets);
  const scratch = args.postgres
    ? await scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    : null;
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_IDLE_SERVER: JSON.stringify({ count, databaseUrl: scratch?.url }) },
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', listener);
        resolve(message as T);
      };
      child.on('message', listener);
    });
  const sample = async (idleMs: number) => {
    const answer = next<Sample>('sample');
    child.send({ type: 'sample', idleMs });
    return answer;
  };

  const { port, cookies } = await next<{ port: number; cookies: string[] }>('ready');
  const floor = await sample(10_000);

  const sockets: WebSocket[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 200) {
    // In batches, each open before the next: the listen backlog is not what is measured.
    const batch = cookies.slice(i, i + 200).map((cookie) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/trpc`, { headers: { cookie } });
      sockets.push(ws);
      // tRPC's keep-alive asks every 30 s; an idle client that answers stays open.
      ws.on('message', (raw) => String(raw) === 'PING' && ws.send('PONG'));
      return new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
    });
    await Promise.all(batch);
  }
  const connectSeconds = (performance.now() - started) / 1000;
  let closedEarly = 0;
  for (const ws of sockets) ws.once('close', () => closedEarly++);
  // Let the server settle (its first session sweeps over every socket), then measure 10 s of idling.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const open = await sample(10_000);

  const delta = open.rssMb - floor.rssMb;
  console.log(
    `${count} idle authenticated sockets (one user and session each), opened in ${connectSeconds.toFixed(1)} s, ${scratch ? 'PostgreSQL' : 'embedded database'}\n`,
  );
  console.log('| server process | RSS MB | heap MB | CPU over 10 s idle |');
  console.log('|---|---|---|---|');
  console.log(
    `| no socket (floor) | ${floor.rssMb.toFixed(0)} | ${floor.heapMb.toFixed(0)} | ${floor.cpuMs.toFixed(0)} ms |`,
  );
  console.log(
    `| ${count} sockets | ${open.rssMb.toFixed(0)} | ${open.heapMb.toFixed(0)} | ${open.cpuMs.toFixed(0)} ms |`,
  );
  console.log(
    `\n${((delta * 1024) / count).toFixed(1)} KiB per socket; ${closedEarly} closed while idle; RSS < ${GOAL_MB} MB ${open.rssMb < GOAL_MB && closedEarly === 0 ? 'met' : 'NOT met'}`,
  );
  for (const ws of sockets) ws.terminate();
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
  await scratch?.drop();
}

if (process.env.BENCH_IDLE_SERVER) {
  const { count, databaseUrl } = JSON.parse(process.env.BENCH_IDLE_SERVER) as { count: number; databaseUrl?: string };
  await server(count, databaseUrl);
} else await main();
