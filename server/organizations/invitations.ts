import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { audit } from '../audit';
import { consumeLimit, LIMITS } from '../auth/rate-limit';
import { randomToken, sha256 } from '../auth/tokens';
import type { UserRow } from '../auth/users';
import { appUser, organization, organizationInvitation, organizationMembership, userSecondaryEmail, type Role } from '../db/schema';
import { withTenant } from '../db/tenancy';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { invitationMail } from '../mail/templates/organizations';
import type { OrgScope } from './scope';
import { joinKeepingHigherRole } from './roles';

/** CONTRACT.md section 7 / issue 5: an invitation is valid for 7 days and is used once. */
export const INVITATION_SECONDS = 7 * 24 * 60 * 60;

export interface InvitationSummary {
  email: string;
  role: Role;
  expiresAt: Date;
}

export interface JoinedOrganization {
  id: string;
  name: string;
  role: Role;
}

/**
 * The app's join page (client/src/routes.ts, ROUTES.joinOrg). It needs a full session, so a visitor signs
 * in first (which by itself joins when the address is the invited one) and comes back to it; the page then
 * accepts by token, which also covers signing in with another address (docs/organizations.md).
 */
export function invitationLink(deps: Deps, token: string): string {
  return `${deps.config.publicUrl}/klubber/bli-med?token=${encodeURIComponent(token)}`;
}

/**
 * Invites an address that has no account. A newer invitation to the same address replaces the older
 * open one; the mail counts against the inviter's mail limit (CONTRACT.md section 6). Only the token's
 * SHA-256 is stored.
 */
export async function inviteByEmail(deps: Deps, scope: OrgScope, input: { email: string; role: Role }): Promise<InvitationSummary> {
  await consumeLimit(deps, scope.tx, LIMITS.mailsPerUser, scope.actorUserId);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + INVITATION_SECONDS * 1000);
  const token = randomToken();
  await scope.tx
    .delete(organizationInvitation)
    .where(
      and(
        eq(organizationInvitation.organizationId, scope.organizationId),
        eq(organizationInvitation.email, input.email),
        isNull(organizationInvitation.acceptedAt),
      ),
    );
  await scope.tx.insert(organizationInvitation).values({
    organizationId: scope.organizationId,
    email: input.email,
    role: input.role,
    tokenHash: sha256(token),
    invitedBy: scope.actorUserId,
    expiresAt,
    createdAt: now,
  });
  await audit(deps, scope.tx, {
    action: 'org.member_invited',
    actorUserId: scope.actorUserId,
    organizationId: scope.organizationId,
    ip: scope.ip,
    details: { email: input.email, role: input.role },
  });

  const [names] = await scope.tx
    .select({ organizationName: organization.name, inviterName: appUser.name })
    .from(organization)
    .innerJoin(appUser, eq(appUser.id, scope.actorUserId))
    .where(eq(organization.id, scope.organizationId))
    .limit(1);
  // Sent inside the transaction: if the mail cannot be sent, no invitation is left behind without one.
  await deps.mailer.send(
    invitationMail({
      to: input.email,
      organizationName: names?.organizationName ?? '',
      inviterName: names?.inviterName ?? null,
      role: input.role,
      link: invitationLink(deps, token),
      expiresAt,
    }),
  );
  return { email: input.email, role: input.role, expiresAt };
}

type InvitationRow = typeof organizationInvitation.$inferSelect;

/**
 * Claims one open invitation for `userId` and joins its organization, inside that organization's tenancy
 * (holding a valid invitation is what entitles the user to it). Null when another request claimed it first.
 */
async function claim(deps: Deps, invitation: InvitationRow, userId: string, ip: string | null): Promise<JoinedOrganization | null> {
  return withTenant(deps.db, invitation.organizationId, async (tx) => {
    const now = deps.now();
    const [claimed] = await tx
      .update(organizationInvitation)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(organizationInvitation.id, invitation.id),
          isNull(organizationInvitation.acceptedAt),
          gt(organizationInvitation.expiresAt, now),
        ),
      )
      .returning({ id: organizationInvitation.id });
    if (!claimed) return null;
    const role = await joinKeepingHigherRole(tx, invitation.organizationId, userId, invitation.role);
    await audit(deps, tx, {
      action: 'org.member_added',
      actorUserId: invitation.invitedBy,
      subjectUserId: userId,
      organizationId: invitation.organizationId,
      ip,
      details: { role, invitedAs: invitation.role, via: 'invitation' },
    });
    const [org] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, invitation.organizationId));
    return { id: invitation.organizationId, name: org?.name ?? '', role };
  });
}

/**
 * "Joins on sign-in": every open invitation to any of the user's addresses (primary and secondary) is
 * accepted. Called by the primary sign-in before the session stage is decided, since becoming an admin
 * makes 2FA enrolment mandatory, and when an address is confirmed as the user's secondary address.
 */
export async function acceptInvitationsOnSignIn(
  deps: Deps,
  user: Pick<UserRow, 'id' | 'email'>,
  options: { ip?: string | null } = {},
): Promise<JoinedOrganization[]> {
  const secondary = await deps.db
    .select({ email: userSecondaryEmail.email })
    .from(userSecondaryEmail)
    .where(eq(userSecondaryEmail.userId, user.id));
  const addresses = [user.email, ...secondary.map((s) => s.email)];
  const open = await deps.db
    .select()
    .from(organizationInvitation)
    .where(
      and(
        inArray(organizationInvitation.email, addresses),
        isNull(organizationInvitation.acceptedAt),
        gt(organizationInvitation.expiresAt, deps.now()),
      ),
    )
    .orderBy(asc(organizationInvitation.createdAt));
  const joined: JoinedOrganization[] = [];
  for (const invitation of open) {
    const result = await claim(deps, invitation, user.id, options.ip ?? null);
    if (result) joined.push(result);
  }
  return joined;
}

/**
 * The invitation link used by a signed-in account, whatever its address: the token is the proof, as it
 * was mailed to the invited address. A link already used by this same user answers as a success (the
 * sign-in may have accepted it by address a moment before); any other used, expired or unknown token is
 * 400 INVALID_LINK.
 */
export async function acceptInvitationByToken(
  deps: Deps,
  input: { userId: string; token: string; ip: string },
): Promise<{ organization: JoinedOrganization }> {
  const [invitation] = await deps.db
    .select()
    .from(organizationInvitation)
    .where(eq(organizationInvitation.tokenHash, sha256(input.token)))
    .limit(1);
  if (!invitation) throw new AppError('INVALID_LINK');
  const joined = await claim(deps, invitation, input.userId, input.ip);
  if (joined) return { organization: joined };
  // Not claimable: used (perhaps by this sign-in, by address), or expired. Used and a member: nothing to do.
  const [membership] = await deps.db
    .select({ id: organization.id, name: organization.name, role: organizationMembership.role, acceptedAt: organizationInvitation.acceptedAt })
    .from(organizationInvitation)
    .innerJoin(organization, eq(organization.id, organizationInvitation.organizationId))
    .innerJoin(
      organizationMembership,
      and(eq(organizationMembership.organizationId, organization.id), eq(organizationMembership.userId, input.userId)),
    )
    .where(eq(organizationInvitation.id, invitation.id))
    .limit(1);
  if (!membership || membership.acceptedAt === null) throw new AppError('INVALID_LINK');
  return { organization: { id: membership.id, name: membership.name, role: membership.role } };
}
