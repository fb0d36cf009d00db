import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseCookie } from 'cookie';
import express from 'express';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { signSessionToken } from '../server/auth/session-token';
import { loadConfig } from '../server/config';
import { openDatabase, runMigrations } from '../server/db/client';
import type { Deps } from '../server/deps';
import { createLogger } from '../server/log';
import { createMailer } from '../server/mail/mailer';
import { createEventBus } from '../server/realtime/bus';
import type { Context } from '../server/trpc/context';

/** A benchmark's thousands of clients all come from this machine's one address, many with one cookie. */
export const UNBOUNDED_SOCKETS = { LIVE_SOCKETS_PER_ADDRESS: '1000000', LIVE_SOCKETS_PER_SESSION: '1000000' };

export interface BenchDeps {
  deps: Deps;
  close(): Promise<void>;
}

/**
 * The service's dependencies as a benchmark needs them: a migrated database (the embedded one in memory,
 * or `databaseUrl`), logging off, the real clock. Nothing is mocked.
 */
export async function benchDeps(
  options: { databaseUrl?: string | undefined; env?: Record<string, string> } = {},
): Promise<BenchDeps> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'bench-secret-'.padEnd(48, 'x'),
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl ?? '',
    ...UNBOUNDED_SOCKETS,
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: null });
  await runMigrations(database);
  const logger = createLogger('silent');
  const mailer = createMailer(config, logger, { printToConsole: false });
  const deps: Deps = {
    config,
    db: database.db,
    dbKind: database.kind,
    mailer,
    logger,
    bus: createEventBus(),
    now: () => new Date(),
  };
  return {
    deps,
    async close() {
      mailer.close();
      await database.close();
    },
  };
}

/** A scratch database on a PostgreSQL server, dropped again by `drop()`. */
export async function scratchPostgres(adminUrl: string): Promise<{ url: string; host: string; drop(): Promise<void> }> {
  const name = `golf_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    host: url.host,
    async drop() {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A full session's token for the user, as the cookie a signed-in browser sends. */
export async function sessionToken(deps: Deps, userId: string): Promise<string> {
  return signSessionToken(deps.config.sessionSecret, { userId, stage: 'full', version: 0, now: new Date() });
}

/** The context a tRPC caller needs, for a user's token. */
export function callerContext(deps: Deps, token: string): Context {
  return {
    deps,
    meta: { requestId: 'bench', ip: '127.0.0.1', userAgent: null, language: 'nb' },
    sessionToken: token,
    cookies: { secure: false, setCookie: () => {} },
  };
}

/** The p-th percentile of values sorted ascending (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The median of values in any order (nearest rank). */
export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/**
 * The delivery benchmarks' table: how many of the `expected` deliveries arrived, their p50, p99 and max
 * against the p99 target (met only if every delivery arrived), and, with `ratio`, p99 / target.
 */
export function printDeliveries(
  latencies: number[],
  options: { expected: number; goalMs: number; ratio: boolean },
): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const met = p99 <= options.goalMs && latencies.length === options.expected;
  const columns = [
    'deliveries',
    'p50 ms',
    'p99 ms',
    'max ms',
    'target',
    ...(options.ratio ? ['ratio p99/target'] : []),
  ];
  const cells = [
    `${latencies.length} of ${options.expected}`,
    percentile(sorted, 50).toFixed(1),
    p99.toFixed(1),
    sorted.at(-1)!.toFixed(1),
    `p99 ≤ ${options.goalMs} ms ${met ? 'met' : 'NOT met'}`,
    ...(options.ratio ? [(p99 / options.goalMs).toFixed(2)] : []),
  ];
  console.log(`| ${columns.join(' | ')} |`);
  console.log(`|${'---|'.repeat(columns.length)}`);
  console.log(`| ${cells.join(' | ')} |`);
}

/** The server listening on a free loopback port; its address as host:port. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * docs/performance.md's floors, written as plainly as it describes them, on a pool of the size the service uses:
 * `/me` is "Express 5 + cookie + jose HS256 verify + one pg SELECT of the user"; `/org/:id` is "BEGIN; SET
 * LOCAL ROLE; set_config; SELECT; COMMIT sent in one round trip". A bench measures its endpoint beside
 * one of them in the same run, and compares the ratio with the target's.
 */
export async function startFloors(
  databaseUrl: string,
  sessionSecret: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => {});
  const key = new TextEncoder().encode(sessionSecret);
  const floor = express();
  floor.get('/me', async (req, res) => {
    const { payload } = await jwtVerify(parseCookie(req.headers.cookie ?? '').service_session ?? '', key, {
      algorithms: ['HS256'],
    });
    const { rows } = await pool.query('select * from app_user where id = $1', [payload.sub]);
    res.json({ user: rows[0] });
  });
  floor.get('/org/:id', async (req, res) => {
    await jwtVerify(parseCookie(req.headers.cookie ?? '').service_session ?? '', key, { algorithms: ['HS256'] });
    const id = pg.escapeLiteral(req.params.id);
    const results = (await pool.query(
      `begin; set local role app_rw; select set_config('app.current_org', ${id}, true); select * from organization where id = ${id}; commit`,
    )) as unknown as pg.QueryResult[];
    res.json(results[3]!.rows[0]);
  });
  const server = floor.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
