import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../paths';
import { gatedReads, pipelinedTransactions, type GatedRead, type PipelinedTransaction } from './pipelined-transaction';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: the query code never knows which database it runs on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database itself or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

const POOL_CONNECTIONS = 10;

/**
 * The embedded PostgreSQL's buffer cache (decision 0016). initdb writes `shared_buffers = 128MB` into the
 * data folder's postgresql.conf, and PGlite's PostgreSQL touches all of it at start, in the server's own
 * memory, for a club's database of a few megabytes. Pages that do not fit are read from DATA_DIR again,
 * which the operating system's page cache keeps outside the process. A command-line setting wins over
 * postgresql.conf, so this applies to data folders made before it too.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** What every PGlite of the service is created with: the server's and the tests' (tests/helpers/db.ts). */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
} satisfies PGliteOptions;

const pipelined = new WeakMap<Database, PipelinedTransaction<Transaction>>();
const gated = new WeakMap<Database, GatedRead<Transaction>>();

/** On PostgreSQL, transactions whose opening travels with their first query (db/tenancy.ts); none on PGlite. */
export function pipelinedTransactionsOf(db: Database): PipelinedTransaction<Transaction> | undefined {
  return pipelined.get(db);
}

/** On PostgreSQL, read-only transactions sent in one flight with the statement that admits them; none on PGlite. */
export function gatedReadsOf(db: Database): GatedRead<Transaction> | undefined {
  return gated.get(db);
}

/** Whether `dataDir` holds no embedded database yet: opening it would run PostgreSQL's initdb first. */
export function embeddedDatabaseMissing(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/** PGlite in `dataDir` (or in memory when null), or a node-postgres pool on `databaseUrl`. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | null;
  pglite?: PGlite;
  /** PostgreSQL only; tests use 1 to be sure that consecutive transactions share a connection. */
  poolConnections?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Pipelining clients write a query without waiting for the previous one's answer; code that awaits each
    // query (all of it but the tenancy transaction) sees no difference.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolConnections ?? POOL_CONNECTIONS,
      pipeline: true,
    });
    // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor a checked-out client's: the pool listens only while a client is idle, and a client in a transaction
    // between two queries (or a pipelined one between its statements) that loses its server emits 'error'
    // with no query to hand it to, which without a listener of its own killed the process when PostgreSQL
    // restarted (bench/db-restart.ts). Its queries fail instead, and the pool drops it on release because it
    // is no longer queryable.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    pipelined.set(db, pipelinedTransactions<Transaction>(pool, schema));
    gated.set(db, gatedReads<Transaction>(pool, schema));
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client = options.pglite;
  if (!client) {
    const dir = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    client = dir ? await PGlite.create(dir, PGLITE_OPTIONS) : await PGlite.create(PGLITE_OPTIONS);
  }
  const owned = yieldingBetweenQueries(client);
  const db = drizzlePglite(owned, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => owned.close() };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The same call, after the event loop has had a turn. */
function afterATurn<Args extends unknown[], Result>(
  call: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    await nextTurn();
    return call(...args);
  };
}

/**
 * PGlite runs each statement synchronously on this thread, and queued statements follow each other in one
 * chain of microtasks: twenty concurrent requests' queries would run back to back for hundreds of
 * milliseconds while timers and sockets wait. Giving the event loop a turn before each statement bounds a
 * stall by one statement. (Measured with `npm run bench:password`; PostgreSQL needs nothing of the kind.)
 */
function yieldingBetweenQueries(client: PGlite): PGlite {
  const transaction = client.transaction.bind(client);
  type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
  const yieldingTx = (tx: Tx): Tx =>
    Object.assign(tx, {
      query: afterATurn(tx.query.bind(tx)) as Tx['query'],
      exec: afterATurn(tx.exec.bind(tx)) as Tx['exec'],
    });
  return Object.assign(client, {
    query: afterATurn(client.query.bind(client)) as PGlite['query'],
    exec: afterATurn(client.exec.bind(client)) as PGlite['exec'],
    transaction: (<T>(callback: (tx: Tx) => Promise<T>) =>
      transaction((tx) => callback(yieldingTx(tx)))) as PGlite['transaction'],
  });
}

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], config);
  } else {
    // Several instances may start together on one database: one migrates, the others wait and find it done.
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
      await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], config);
    } finally {
      await lock.query('select pg_advisory_unlock(hashtextextended($1, 0))', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
  }
}

const MIGRATION_LOCK = 'golf:migrations';

/** Raw SQL rows on either driver (both answer `{ rows }`); typed queries should use the query builder. */
export async function queryRows<T extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
