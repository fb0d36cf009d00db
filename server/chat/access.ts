import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { organizationMembership } from '../db/schema';
import { AppError } from '../errors';

/**
 * The live subscription's membership check, at its start and again whenever the member's access may have
 * changed (realtime/guard.ts). Memberships are not organization data (docs/access.md section 2): read without an
 * organization context, as orgMemberProcedure reads them.
 */
export async function requireMembership(db: Queryable, organizationId: string, userId: string): Promise<void> {
  const [membership] = await db
    .select({ role: organizationMembership.role })
    .from(organizationMembership)
    .where(and(eq(organizationMembership.organizationId, organizationId), eq(organizationMembership.userId, userId)));
  if (!membership) throw new AppError('NOT_ORG_MEMBER');
}
