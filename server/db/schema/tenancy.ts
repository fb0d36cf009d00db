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

/**
 * The one exception to tenant isolation (docs/contract.md section 9): without an organization context, the rows
 * of a public tournament that is not a draft can be read, and nothing can be written (a SELECT policy only).
 * `tournamentId` is the row's own tournament column (the tournament table passes its id).
 */
export function publicTournamentReadPolicy(tableName: string, tournamentId: AnyPgColumn): ReturnType<typeof pgPolicy> {
  return pgPolicy(`${tableName}_public_read`, {
    as: 'permissive',
    for: 'select',
    to: appRw,
    // The subquery reads the tournament under its own policies, so it sees only what this exception allows.
    using: sql`${CURRENT_ORG} is null and exists (select 1 from tournament t where t.id = ${tournamentId} and t.visibility = 'public' and t.status <> 'draft')`,
  });
}

/** The tournament table's own exception (a policy on it cannot query it again without recursing). */
export function publicTournamentPolicy(visibility: AnyPgColumn, status: AnyPgColumn): ReturnType<typeof pgPolicy> {
  return pgPolicy('tournament_public_read', {
    as: 'permissive',
    for: 'select',
    to: appRw,
    using: sql`${CURRENT_ORG} is null and ${visibility} = 'public' and ${status} <> 'draft'`,
  });
}
