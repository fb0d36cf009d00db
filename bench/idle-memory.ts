/**
 * The server's idle memory as a club sees it after `npm install && npm start`. Runs `npm start`
 * itself (package.json's script, whatever it is: the client build, then the server) with an empty temporary
 * DATA_DIR, so the embedded database is created, migrated and seeded with the demo courses and tournament;
 * waits for the server's "listening" line, lets it settle, then samples the server process's VmRSS from
 * /proc/<pid>/status once a second, and reads its VmHWM (the peak RSS, start-up included). The server
 * process is the one listening on the port; the build and the wrappers (npm, sh, tsx's launcher when there
 * is one) are separate processes, reported beside it but not counted in its RSS. Then the same with
 * DATABASE_URL (default: a scratch database on BENCH_DATABASE_URL, postgres://postgres@127.0.0.1:5432/postgres).
 * --breakdown loads bench/memory-probe.mjs into the processes (NODE_OPTIONS) for process.memoryUsage().
 * --restart starts the embedded server a second time on the same, now populated, data folder.
 * Usage: npm run bench:memory [-- --settle 10 --seconds 20 --breakdown --restart --only embedded|postgres]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, scratchPostgres } from './support';

const GOAL_MB = 300;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROBE = path.join(ROOT, 'bench/memory-probe.mjs');
const START_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 200;

const { values: args } = parseArgs({
  options: {
    settle: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
    breakdown: { type: 'boolean', default: false },
    restart: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const SETTLE_MS = Number(args.settle) * 1000;
const SAMPLE_SECONDS = Number(args.seconds);

interface ProcessSeen {
  pid: number;
  command: string;
  peakMb: number;
  rssMb: number;
  alive: boolean;
}

interface Breakdown {
  rssMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
}

interface Run {
  label: string;
  server: ProcessSeen;
  atListeningMb: number;
  idleMedianMb: number;
  idleMaxMb: number;
  startSeconds: number;
  others: ProcessSeen[];
  breakdown: Breakdown | undefined;
}

const kb = (status: string, field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0);
const mb = (kilobytes: number) => kilobytes / 1024;

function readStatus(pid: number): { rssMb: number; peakMb: number; ppid: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return {
      rssMb: mb(kb(status, 'VmRSS')),
      peakMb: mb(kb(status, 'VmHWM')),
      ppid: Number(status.match(/PPid:\s+(\d+)/)?.[1]),
    };
  } catch {
    return null; // gone
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '?';
  }
}

/** Every live descendant of `root` (children first found through /proc/<pid>/status PPid). */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = readStatus(Number(entry));
    if (status) parents.set(Number(entry), status.ppid);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/** The pid among `pids` holding the socket that listens on `port` (from /proc/net/tcp{,6} and its fds). */
function listenerOf(pids: number[], port: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const localPort = Number.parseInt(cols[1]!.split(':')[1]!, 16);
      if (localPort === port && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
        if (inode && inodes.has(inode)) return pid;
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` with `env`, measured as the file's comment says; stopped again before returning. */
async function measure(label: string, env: Record<string, string | undefined>): Promise<Run> {
  const port = await freePort();
  const probeDir = args.breakdown ? mkdtempSync(path.join(tmpdir(), 'golf-memory-probe-')) : undefined;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LOG_LEVEL: 'info', ...env };
  delete childEnv.NODE_OPTIONS;
  if (probeDir) {
    childEnv.NODE_OPTIONS = `--import ${PROBE}`;
    childEnv.BENCH_MEMORY_PROBE_DIR = probeDir;
  }
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];

  const started = performance.now();
  const npm = spawn('npm', ['start'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const seen = new Map<number, ProcessSeen>();
  let output = '';
  let listening = false;
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
    if (!listening && output.includes('"msg":"listening"')) listening = true;
  };
  npm.stdout.on('data', onOutput);
  npm.stderr.on('data', onOutput);
  let exited = false;
  npm.once('exit', () => {
    exited = true;
  });

  const poll = () => {
    const pids = [npm.pid!, ...descendants(npm.pid!)];
    for (const p of seen.values()) p.alive = false;
    for (const pid of pids) {
      const status = readStatus(pid);
      if (!status) continue;
      const known = seen.get(pid) ?? { pid, command: commandOf(pid), peakMb: 0, rssMb: 0, alive: true };
      known.alive = true;
      known.rssMb = status.rssMb;
      known.peakMb = Math.max(known.peakMb, status.peakMb);
      seen.set(pid, known);
    }
    return pids;
  };

  while (!listening) {
    if (exited) throw new Error(`npm start exited before listening:\n${output.slice(-2000)}`);
    if (performance.now() - started > START_TIMEOUT_MS) throw new Error('npm start did not listen in time');
    poll();
    await sleep(POLL_MS);
  }
  const startSeconds = (performance.now() - started) / 1000;
  const serverPid = listenerOf(poll(), port);
  if (serverPid === undefined) throw new Error(`no process of npm start listens on ${port}`);
  const atListeningMb = readStatus(serverPid)!.rssMb;

  const settleUntil = performance.now() + SETTLE_MS;
  while (performance.now() < settleUntil) {
    poll();
    await sleep(POLL_MS);
  }
  const samples: number[] = [];
  for (let i = 0; i < SAMPLE_SECONDS; i += 1) {
    poll();
    samples.push(readStatus(serverPid)!.rssMb);
    await sleep(1000);
  }
  poll();
  const server = seen.get(serverPid)!;

  let breakdown: Breakdown | undefined;
  if (probeDir) {
    try {
      const lines = readFileSync(path.join(probeDir, `${serverPid}.jsonl`), 'utf8')
        .trim()
        .split('\n');
      breakdown = JSON.parse(lines.at(-1)!) as Breakdown;
    } catch {
      breakdown = undefined;
    }
  }

  // Stop: the server first (its own graceful stop), then whatever of the tree is left, each by its pid.
  process.kill(serverPid, 'SIGTERM');
  const stopUntil = performance.now() + 15_000;
  while (!exited && performance.now() < stopUntil) await sleep(POLL_MS);
  for (const pid of [...descendants(npm.pid!), npm.pid!]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (probeDir) rmSync(probeDir, { recursive: true, force: true });

  return {
    label,
    server,
    atListeningMb,
    idleMedianMb: median(samples),
    idleMaxMb: Math.max(...samples),
    startSeconds,
    others: [...seen.values()].filter((p) => p.pid !== serverPid),
    breakdown,
  };
}

function roleOf(command: string): string {
  if (/^(\/bin\/)?sh\b/.test(command)) return `sh -c (${command.replace(/^\S+\s+-c\s+/, '').slice(0, 40)})`;
  if (/\bvite(\.js)?\s+build\b/.test(command)) return 'client build (vite build)';
  if (/esbuild/.test(command)) return 'server build (esbuild)';
  if (/\bnpm\b/.test(command) || /npm-cli/.test(command)) return 'npm';
  if (/tsx/.test(command)) return "tsx's launcher";
  return command.slice(0, 60);
}

const f0 = (x: number) => x.toFixed(0);

function print(runs: Run[]): void {
  console.log(`\nIdle RSS of the server process (VmRSS, /proc/<pid>/status), after ${args.settle} s settling, `);
  console.log(`${SAMPLE_SECONDS} samples 1 s apart; peak = VmHWM over the whole start (migrations, seeding).\n`);
  console.log('| start | RSS at "listening" MB | idle RSS median MB | idle max MB | peak MB | start s | goal |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of runs) {
    const pass = r.idleMaxMb < GOAL_MB ? 'PASS' : 'FAIL';
    console.log(
      `| ${r.label} | ${f0(r.atListeningMb)} | **${f0(r.idleMedianMb)}** | ${f0(r.idleMaxMb)} | ${f0(r.server.peakMb)} | ${r.startSeconds.toFixed(1)} | < ${GOAL_MB} MB: ${pass} |`,
    );
  }
  console.log('\nThe other processes of `npm start` (not in the figures above):\n');
  console.log('| start | process | peak MB | RSS while the server idles MB |');
  console.log('|---|---|---|---|');
  for (const r of runs) {
    for (const p of r.others) {
      console.log(
        `| ${r.label} | ${roleOf(p.command)} (pid ${p.pid}) | ${f0(p.peakMb)} | ${p.alive ? f0(p.rssMb) : 'exited'} |`,
      );
    }
  }
  if (runs.some((r) => r.breakdown)) {
    console.log("\nThe server's process.memoryUsage() at the end (WebAssembly memory counts in external):\n");
    console.log('| start | rss | heapTotal | heapUsed | external | arrayBuffers |');
    console.log('|---|---|---|---|---|---|');
    for (const r of runs) {
      const b = r.breakdown;
      if (!b) continue;
      console.log(
        `| ${r.label} | ${f0(b.rssMb)} | ${f0(b.heapTotalMb)} | ${f0(b.heapUsedMb)} | ${f0(b.externalMb)} | ${f0(b.arrayBuffersMb)} |`,
      );
    }
  }
}

async function main() {
  const runs: Run[] = [];
  if (args.only !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-memory-'));
    try {
      runs.push(await measure('embedded, empty DATA_DIR', { DATA_DIR: dataDir, DATABASE_URL: undefined }));
      if (args.restart) {
        runs.push(await measure('embedded, restarted', { DATA_DIR: dataDir, DATABASE_URL: undefined }));
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (args.only !== 'embedded') {
    const given = process.env.DATABASE_URL;
    const scratch = given
      ? null
      : await scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-memory-'));
    try {
      runs.push(await measure('PostgreSQL', { DATABASE_URL: given ?? scratch!.url, DATA_DIR: dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  }
  print(runs);
}

await main();
