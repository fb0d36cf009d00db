import { sql } from 'drizzle-orm';
import type { Queryable } from './client';

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
