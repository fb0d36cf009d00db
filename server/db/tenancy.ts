import { sql, type SQL } from 'drizzle-orm';
import { pipelinedTransactionsOf, type Database, type Transaction } from './client';

const ROLE = 'app_rw';

/**
 * Runs `work` in a transaction as the row-level-security role with `organizationId` as the current
 * organization (null: no organization, so every organization-scoped table reads as empty).
 *
 * Both settings are transaction-local (`set_config(..., true)`): they end with the transaction, committed or
 * rolled back, and cannot leak to the next request on a pooled connection. Call it only after the caller's
 * membership has been verified.
 *
 * On PostgreSQL, `BEGIN`, the settings and the first query of `work` are written together without waiting
 * for each other's answers (db/pipelined-transaction.ts): entering the tenancy costs no round trip of its
 * own (decision 0009). The settings are a parameter, never spliced into SQL text. On PGlite (in-process,
 * no round trips to save) it is drizzle's transaction with the settings as its first statement.
 */
export async function withTenant<T>(
  db: Database,
  organizationId: string | null,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const pipelined = pipelinedTransactionsOf(db);
  if (pipelined) {
    const settings = {
      name: 'tenancy_settings',
      text: `select set_config('role', '${ROLE}', true), set_config('app.current_org', $1, true)`,
      values: [organizationId ?? ''],
    };
    return pipelined([settings], work);
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${ROLE}, true), set_config('app.current_org', ${organizationId ?? ''}, true)`,
    );
    return work(tx);
  });
}

/**
 * The tenancy's two settings as one SQL expression for a statement that decides admission itself (the
 * one-flight organization read, trpc/init.ts): the role always, the organization only where `admitted` holds,
 * else none, so that every organization-scoped table reads as empty to whoever was not admitted. Both are
 * transaction-local, as in withTenant.
 */
export function tenancySettingsIf(admitted: SQL, organizationId: SQL): SQL<string> {
  return sql<string>`set_config('role', ${ROLE}, true) || set_config('app.current_org', case when ${admitted} then ${organizationId} else '' end, true)`;
}
