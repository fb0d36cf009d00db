import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Queryable } from './db/client';
import { auditLog } from './db/schema';
import type { Deps } from './deps';
import { signInOutcome } from './metrics';

/** The security events recorded (docs/organizations.md, "Audit log"). */
export type AuditAction =
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.sign_out_everywhere'
  | 'auth.password_changed'
  | 'two_factor.enabled'
  | 'two_factor.disabled'
  | 'two_factor.recovery_codes_regenerated'
  | 'two_factor.locked'
  | 'org.created'
  | 'org.member_added'
  | 'org.member_invited'
  | 'org.invitation_resent'
  | 'org.invitation_cancelled'
  | 'org.role_changed'
  | 'org.member_removed'
  | 'account.email_added'
  | 'account.email_removed'
  | 'account.merged'
  | 'account.deleted'
  | 'admin.users_listed'
  | 'admin.organizations_listed'
  | 'admin.user_signed_out'
  | 'admin.feed_item_hidden'
  | 'tournament.card_unlocked'
  | 'tournament.guest_card_signed'
  | 'tournament.lone_team_card_marked';

export interface AuditEvent {
  action: AuditAction;
  actorUserId?: string | null;
  subjectUserId?: string | null;
  /** Set for events of one organization: its owners and admins can read them. */
  organizationId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records a security event. Never pass secrets in `details`. Inside a tenancy transaction pass `db` = the
 * transaction: the row is then subject to the organization's policy like any other write.
 */
export async function audit(deps: Pick<Deps, 'now' | 'metrics'>, db: Queryable, event: AuditEvent): Promise<void> {
  // Every sign-in's verdict is audited here: the one place to count them (by kind, never by who).
  const signIn = deps.metrics && signInOutcome(event.action, event.details);
  if (signIn) deps.metrics!.signIn(...signIn);
  await db.insert(auditLog).values({
    action: event.action,
    actorUserId: event.actorUserId ?? null,
    subjectUserId: event.subjectUserId ?? null,
    organizationId: event.organizationId ?? null,
    ip: event.ip ?? null,
    details: event.details ?? null,
    createdAt: deps.now(),
  });
}

/**
 * For a deleted account (decision 0107): the security log keeps its rows (about the user, and the
 * invitations an organization sent to one of its addresses, resent or cancelled), but not the addresses in
 * them. `addresses` are the account's, in lower case.
 */
export async function eraseAddressesFromAudit(db: Queryable, userId: string, addresses: string[]): Promise<void> {
  const named = (key: string) => inArray(sql`lower(${auditLog.details} ->> ${key})`, addresses);
  await db
    .update(auditLog)
    .set({ details: sql`${auditLog.details} - 'email' - 'mergedEmail'` })
    .where(
      and(isNotNull(auditLog.details), or(eq(auditLog.subjectUserId, userId), named('email'), named('mergedEmail'))),
    );
}

/** An event a user caused on their own account: they are both its actor and its subject. */
export async function auditOwn(
  deps: Pick<Deps, 'now' | 'metrics'>,
  db: Queryable,
  userId: string,
  event: Omit<AuditEvent, 'actorUserId' | 'subjectUserId'>,
): Promise<void> {
  await audit(deps, db, { ...event, actorUserId: userId, subjectUserId: userId });
}
