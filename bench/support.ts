import pg from 'pg';
import { signSessionToken } from '../server/auth/session-token';
import { loadConfig } from '../server/config';
import { openDatabase, runMigrations } from '../server/db/client';
import type { Deps } from '../server/deps';
import { createLogger } from '../server/log';
import { createMailer } from '../server/mail/mailer';
import { createEventBus } from '../server/realtime/bus';
import type { Context } from '../server/trpc/context';

export interface BenchDeps {
  deps: Deps;
  close(): Promise<void>;
}

/**
 * The service's dependencies as a benchmark needs them: a migrated database (the embedded one in memory,
 * or `databaseUrl`), logging off, the real clock. Nothing is mocked.
 */
export async function benchDeps(options: { databaseUrl?: string | undefined; env?: Record<string, string> } = {}): Promise<BenchDeps> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'bench-secret-'.padEnd(48, 'x'),
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl ?? '',
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: null });
  await runMigrations(database);
  const logger = createLogger('silent');
  const mailer = createMailer(config, logger, { printToConsole: false });
  const deps: Deps = { config, db: database.db, dbKind: database.kind, mailer, logger, bus: createEventBus(), now: () => new Date() };
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
  return { deps, meta: { requestId: 'bench', ip: '127.0.0.1', userAgent: null }, sessionToken: token, cookies: { secure: false, setCookie: () => {} } };
}

/** The p-th percentile of values sorted ascending (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
