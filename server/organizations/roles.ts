import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { organizationMembership } from '../db/schema';
import { ADMIN_ROLES, type Role } from '../../shared/values';

/** owner > admin > member (docs/contract.md section 7). */
export const ROLE_RANK: Record<Role, number> = { owner: 3, admin: 2, member: 1 };

export function higherRole(a: Role, b: Role): Role {
  return ROLE_RANK[a] >= ROLE_RANK[b] ? a : b;
}

export function isAdminRole(role: Role): boolean {
  return (ADMIN_ROLES as readonly Role[]).includes(role);
}

function rankSql(column: SQL): SQL {
  return sql`(case ${column} when 'owner' then 3 when 'admin' then 2 else 1 end)`;
}

/**
 * Makes `userId` a member with at least `role`: an existing membership is raised, never lowered (an
 * invitation or a merge must not demote anyone). Returns the role the user holds afterwards.
 */
export async function joinKeepingHigherRole(
  db: Queryable,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<Role> {
  const [row] = await db
    .insert(organizationMembership)
    .values({ organizationId, userId, role })
    .onConflictDoUpdate({
      target: [organizationMembership.organizationId, organizationMembership.userId],
      set: {
        role: sql`case when ${rankSql(sql`excluded.role`)} > ${rankSql(sql`${organizationMembership.role}`)} then excluded.role else ${organizationMembership.role} end`,
      },
    })
    .returning({ role: organizationMembership.role });
  return row!.role;
}
