import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable, Transaction } from './client';

/**
 * Waits for, then holds until the transaction ends, the advisory lock named `key`: the one way this server
 * serialises work on something that is not (yet) a row, across connections and server instances. Keys are
 * namespaced by their users: `email:…` (lockEmail), `limit:…` (lockLimitKey), `verification:…`
 * (lockVerificationTarget), `chat:…` (chat events), `feed` (lockFeed). Outside a transaction it is released
 * at once, so callers pass a transaction.
 */
export async function lockKey(tx: Queryable, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own: for work
 * under an advisory lock, which needs a transaction to hold it, without the two extra round trips of a
 * savepoint on a hot path that already is in one (a chat message, an invitation).
 */
export async function inTransaction<T>(db: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db as Transaction) : db.transaction(work);
}
