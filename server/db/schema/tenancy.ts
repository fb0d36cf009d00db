import { sql, type SQL } from 'drizzle-orm';
import { pgPolicy, pgRole, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The role every organization-scoped query runs as. It has no BYPASSRLS, so the policies below bind it.
 * It is created (idempotently, since roles are cluster-wide) by the hand-written first migration.
 */
export const appRw = pgRole('app_rw').existing();

/** The organization of the current transaction; '' (reset) and unset both read as NULL, so zero rows. */
export const CURRENT_ORG = sql`nullif(current_setting('app.current_org', true), '')::uuid`;

/** One policy for every organization-scoped table: read and write only the current organization's rows. */
export function tenantPolicy(tableName: string, organizationId: AnyPgColumn): ReturnType<typeof pgPolicy> {
  const sameOrg: SQL = sql`${organizationId} = ${CURRENT_ORG}`;
  return pgPolicy(`${tableName}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appRw,
    using: sameOrg,
    withCheck: sameOrg,
  });
}
