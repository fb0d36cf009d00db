import { and, asc, eq, inArray } from 'drizzle-orm';
import { audit } from '../audit';
import { consumeLimit, LIMITS } from '../auth/rate-limit';
import { sha256 } from '../auth/tokens';
import type { UserRow } from '../auth/users';
import { consumeVerificationById, isOpen, issueVerification } from '../auth/verification';
import type { Queryable } from '../db/client';
import {
  appUser,
  organization,
  organizationInvitation,
  organizationMembership,
  userSecondaryEmail,
  verification,
} from '../db/schema';
import { withTenant } from '../db/tenancy';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { invitationMail } from '../mail/templates/organizations';
import { joinKeepingHigherRole } from './roles';
import type { OrgScope } from './scope';
import type { Role } from '../../shared/values';

/** CONTRACT.md section 7 / issue 5: an invitation is valid for 7 days and is used once. */
export const INVITATION_SECONDS = 7 * 24 * 60 * 60;

const NOT_YOUR_INVITATION =
  'Invitasjonen ble sendt til en annen e-postadresse. Logg inn med den adressen, eller legg den til på kontoen din, for å bli med.';

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
 * Invites an address that has no account. The link, its expiry and its single use are a verification
 * (server/auth/verification.ts): only the token's SHA-256 is stored, and a newer invitation to the same
 * address replaces the older open one. The mail counts against the inviter's mail limit (CONTRACT.md
 * section 6).
 */
export async function inviteByEmail(
  deps: Deps,
  scope: OrgScope,
  input: { email: string; role: Role },
): Promise<InvitationSummary> {
  await consumeLimit(deps, scope.tx, LIMITS.mailsPerUser, scope.actorUserId);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + INVITATION_SECONDS * 1000);
  // A newer invitation to the same address replaces the older open one (newest only).
  const issued = await issueVerification(deps, scope.tx, {
    purpose: 'invitation',
    target: invitationTarget(scope.organizationId, input.email),
    email: input.email,
    ttlSeconds: INVITATION_SECONDS,
    link: true,
    code: false,
  });
  const token = issued.token!;
  await scope.tx.insert(organizationInvitation).values({
    id: issued.id,
    organizationId: scope.organizationId,
    email: input.email,
    role: input.role,
    invitedBy: scope.actorUserId,
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
      // In the inviter's language: the invitee may have no account, and the club writes to its own.
      language: scope.language ?? 'nb',
    }),
  );
  return { email: input.email, role: input.role, expiresAt };
}

/** The newest-only rule is per organization and address: one open invitation each. */
function invitationTarget(organizationId: string, email: string): string {
  return `${organizationId}:${email}`;
}

type InvitationRow = typeof organizationInvitation.$inferSelect;

/** The user's addresses: the primary and every confirmed secondary one. */
async function addressesOf(db: Queryable, user: Pick<UserRow, 'id' | 'email'>): Promise<string[]> {
  const secondary = await db
    .select({ email: userSecondaryEmail.email })
    .from(userSecondaryEmail)
    .where(eq(userSecondaryEmail.userId, user.id));
  return [user.email, ...secondary.map((s) => s.email)];
}

/**
 * Claims one open invitation for `userId` and joins its organization, inside that organization's tenancy
 * (an open invitation to one of the user's addresses is what entitles the user to it). Null when another
 * request claimed it first.
 */
async function claim(
  deps: Deps,
  invitation: InvitationRow,
  userId: string,
  ip: string | null,
): Promise<JoinedOrganization | null> {
  return withTenant(deps.db, invitation.organizationId, async (tx) => {
    if (!(await consumeVerificationById(deps, tx, invitation.id))) return null;
    const role = await joinKeepingHigherRole(tx, invitation.organizationId, userId, invitation.role);
    await audit(deps, tx, {
      action: 'org.member_added',
      actorUserId: invitation.invitedBy,
      subjectUserId: userId,
      organizationId: invitation.organizationId,
      ip,
      details: { role, invitedAs: invitation.role, via: 'invitation' },
    });
    const [org] = await tx
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, invitation.organizationId));
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
  const addresses = await addressesOf(deps.db, user);
  const open = await deps.db
    .select({ invitation: organizationInvitation })
    .from(organizationInvitation)
    .innerJoin(verification, eq(verification.id, organizationInvitation.id))
    .where(and(inArray(organizationInvitation.email, addresses), isOpen(deps.now())))
    .orderBy(asc(organizationInvitation.createdAt));
  const joined: JoinedOrganization[] = [];
  for (const { invitation } of open) {
    const result = await claim(deps, invitation, user.id, options.ip ?? null);
    if (result) joined.push(result);
  }
  return joined;
}

/**
 * The invitation link used by a signed-in account. An invitation is for the address it was sent to
 * (decision 0305): the link joins only an account that owns that address, as its primary or a confirmed
 * secondary address; anyone else holding the link gets 403 FORBIDDEN and the invitation stays open for its
 * owner. A link already used by this same user answers as a success (the sign-in may have accepted it by
 * address a moment before); any other used, expired or unknown token is 400 INVALID_LINK.
 */
export async function acceptInvitationByToken(
  deps: Deps,
  actor: { user: Pick<UserRow, 'id' | 'email'>; ip: string },
  input: { token: string },
): Promise<{ organization: JoinedOrganization }> {
  const [found] = await deps.db
    .select({ invitation: organizationInvitation, consumedAt: verification.consumedAt })
    .from(organizationInvitation)
    .innerJoin(verification, eq(verification.id, organizationInvitation.id))
    .where(and(eq(verification.tokenHash, sha256(input.token)), eq(verification.purpose, 'invitation')))
    .limit(1);
  if (!found) throw new AppError('INVALID_LINK');
  const { invitation } = found;
  if (!(await addressesOf(deps.db, actor.user)).includes(invitation.email)) {
    throw new AppError('FORBIDDEN', { message: NOT_YOUR_INVITATION });
  }
  const joined = await claim(deps, invitation, actor.user.id, actor.ip);
  if (joined) return { organization: joined };
  // Not claimable: used (perhaps by this sign-in, by address), or expired. Used and a member: nothing to do.
  const [membership] = await deps.db
    .select({ id: organization.id, name: organization.name, role: organizationMembership.role })
    .from(organizationMembership)
    .innerJoin(organization, eq(organization.id, organizationMembership.organizationId))
    .where(
      and(
        eq(organizationMembership.organizationId, invitation.organizationId),
        eq(organizationMembership.userId, actor.user.id),
      ),
    )
    .limit(1);
  if (!membership || found.consumedAt === null) throw new AppError('INVALID_LINK');
  return { organization: membership };
}
