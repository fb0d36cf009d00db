/**
 * A PostgreSQL cluster of our own, for fault tests that stop and start the database: initdb into a temporary
 * directory, run as the `postgres` OS user on a free loopback port with trust authentication. Never the
 * machine's shared server on 5432, which other people use.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unusedPort } from '../tests/helpers/server';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Resolves once the server accepts connections (`pg_ctl -w`). */
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: clients are disconnected, the server exits at once (a crash-free restart). */
  stop(): Promise<void>;
  /** Stops the cluster (if running) and deletes its directory. */
  remove(): Promise<void>;
}

const run = promisify(execFile);

/**
 * Runs a PostgreSQL program as the `postgres` OS user (it refuses root), without blocking the event loop:
 * the load and the `/readyz` samples go on while the server stops and starts.
 */
async function asPostgres(command: string, args: string[]): Promise<void> {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const isRoot = process.getuid?.() === 0;
  if (!isRoot && process.getuid?.() !== uid) throw new Error('run as root or as the postgres user');
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  await run(file, argv);
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'golf-private-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  if (process.getuid?.() === 0) chownSync(dir, uid, gid);
  const data = path.join(dir, 'data');
  await asPostgres(`${BIN}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await unusedPort();
  const log = path.join(dir, 'server.log');
  let running = false;
  const pgCtl = (args: string[]) => asPostgres(`${BIN}/pg_ctl`, ['-D', data, '-l', log, ...args]);
  // A bench that exits early (a failed goal's process.exit, Ctrl-C) must not leave a server running.
  const stopNow = () => {
    if (!running) return;
    try {
      const argv = ['-D', data, '-m', 'immediate', 'stop'];
      if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', `${BIN}/pg_ctl`, ...argv]);
      else execFileSync(`${BIN}/pg_ctl`, argv);
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      // fsync off: the test is about the service, not the disk.
      await pgCtl(['-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
      running = true;
    },
    async stop() {
      await pgCtl(['-w', '-m', 'fast', 'stop']);
      running = false;
    },
    async remove() {
      process.off('exit', stopNow);
      if (running) {
        try {
          await cluster.stop();
        } catch {
          // Already gone: the directory is removed all the same.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
