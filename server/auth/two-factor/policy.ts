import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { organizationMembership } from '../../db/schema';
import { AppError } from '../../errors';
import type { UserRow } from '../users';
import { ADMIN_ROLES, type SessionStage, type TwoFactorMethod } from '../../../shared/values';

/**
 * The 2FA policy in one place (docs/access.md section 3): who must enrol, who may disable. Everything else in
 * this folder carries out the policy; nothing else decides it.
 */
/** What proved the second factor: a method's code or a recovery code. */
export type SecondFactor = TwoFactorMethod | 'recovery_code';

/** Checked without an organization context (memberships are not tenant-scoped). */
export async function isOwnerOrAdminAnywhere(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: organizationMembership.userId })
    .from(organizationMembership)
    .where(and(eq(organizationMembership.userId, userId), inArray(organizationMembership.role, ADMIN_ROLES)))
    .limit(1);
  return row !== undefined;
}

/**
 * The stage a successful primary sign-in leads to: a user with a method proves it; an owner or admin of
 * any organization without one must enrol before anything else; everyone else is signed in.
 */
export async function stageAfterPrimarySignIn(db: Queryable, user: UserRow): Promise<SessionStage> {
  if (user.twoFactorMethod !== null) return 'pending_2fa';
  if (await isOwnerOrAdminAnywhere(db, user.id)) return 'must_enroll_2fa';
  return 'full';
}

/**
 * An owner or admin of any organization must keep 2FA (403 TWO_FACTOR_REQUIRED). Checked before the
 * code, so a refused request does not use the code up.
 */
export async function requireMayDisable(db: Queryable, user: UserRow): Promise<TwoFactorMethod> {
  const method = user.twoFactorMethod;
  if (method === null) throw new AppError('CONFLICT', { key: 'errors.auth.twoFactorNotOn' });
  if (await isOwnerOrAdminAnywhere(db, user.id)) throw new AppError('TWO_FACTOR_REQUIRED');
  return method;
}
