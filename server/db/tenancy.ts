import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './client';

/**
 * Runs `work` in a transaction as the row-level-security role with `organizationId` as the current
 * organization (null: no organization, so every organization-scoped table reads as empty).
 *
 * Both settings are transaction-local (`set_config(..., true)`): they end with the transaction and
 * cannot leak to the next request on a pooled connection. They travel in one statement, so entering
 * the tenancy costs one round trip. Call it only after the caller's membership has been verified.
 */
export async function withTenant<T>(
  db: Database,
  organizationId: string | null,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', 'app_rw', true), set_config('app.current_org', ${organizationId ?? ''}, true)`,
    );
    return work(tx);
  });
}
