import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../audit';
import { assertUnderLimit, consumeLimit, lockLimitKey, LIMITS } from '../auth/rate-limit';
import { sha256 } from '../auth/tokens';
import type { UserRow } from '../auth/users';
import { consumeVerificationById, isOpen, issueVerification, lockVerificationTarget } from '../auth/verification';
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
import { auditInScope, type OrgScope } from './scope';
import type { Role } from '../../shared/values';

/** An invitation is valid for 7 days and is used once (decision 0301, docs/organizations.md). */
export const INVITATION_SECONDS = 7 * 24 * 60 * 60;

/** An invitation link that cannot be used: the invitee needs a new one from the club. */
const INVITATION_NOT_USABLE = 'errors.organizations.invitationInvalid';
const NO_PENDING_INVITATION = 'errors.organizations.invitationGone';
const ONLY_OWNERS_INVITE_OWNERS = 'errors.organizations.onlyOwnerInvitesOwner';
/** The member list shows at most this many pending invitations, newest first (and how many there are). */
export const PENDING_INVITATIONS_SHOWN = 100;

const NOT_YOUR_INVITATION = 'errors.organizations.invitationForOtherAddress';

export interface InvitationSummary {
  email: string;
  role: Role;
  expiresAt: Date;
}

/** An invitation not yet accepted, as owners and admins see it (`invitedBy`: the inviter's name or address). */
export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: Date;
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
 * address replaces the older open one. The mail counts against the inviter's mail limit (docs/contract.md
 * section 6).
 */
export async function inviteByEmail(
  deps: Deps,
  scope: OrgScope,
  input: { email: string; role: Role },
): Promise<InvitationSummary> {
  const sent = await sendInvitation(deps, scope, input);
  await auditInScope(deps, scope, {
    action: 'org.member_invited',
    details: { email: input.email, role: input.role },
  });
  return { email: sent.email, role: sent.role, expiresAt: sent.expiresAt };
}

/**
 * Issues an invitation and mails it, in the scope's transaction: the invitation itself and what invites
 * and resends share. The mail limit is checked and counted under a lock on the actor's key, so parallel
 * invitations and resends of one admin cannot slip past it (and run one after another, so "newest only"
 * leaves exactly one open invitation per address).
 */
async function sendInvitation(
  deps: Deps,
  scope: OrgScope,
  input: { email: string; role: Role },
): Promise<PendingInvitation> {
  await consumeLimit(deps, scope.tx, LIMITS.mailsPerUser, scope.actorUserId);
  const now = deps.now();
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
  const expiresAt = new Date(now.getTime() + INVITATION_SECONDS * 1000);
  await scope.tx.insert(organizationInvitation).values({
    id: issued.id,
    organizationId: scope.organizationId,
    email: input.email,
    role: input.role,
    invitedBy: scope.actorUserId,
    createdAt: now,
  });

  const [names] = await scope.tx
    .select({ organizationName: organization.name, inviterName: appUser.name, inviterEmail: appUser.email })
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
  return {
    id: issued.id,
    email: input.email,
    role: input.role,
    invitedBy: names?.inviterName ?? names?.inviterEmail ?? null,
    createdAt: now,
    expiresAt,
  };
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
 * The invitation behind a link, with its verification's state and the names the join page shows. An
 * unknown token is 400 INVALID_LINK; an invitation for an address the account does not own is 403
 * FORBIDDEN, whatever its state (decision 0305).
 */
/** The invitation a link's token names (open or not), or null when no invitation was ever mailed with it. */
async function invitationOfToken(deps: Deps, token: string) {
  const [found] = await deps.db
    .select({
      invitation: organizationInvitation,
      expiresAt: verification.expiresAt,
      // The one rule of an open verification (not used, not voided, not expired), asked in the same read.
      open: sql<boolean>`${isOpen(deps.now())}`,
      organizationName: organization.name,
      inviterName: appUser.name,
    })
    .from(organizationInvitation)
    .innerJoin(verification, eq(verification.id, organizationInvitation.id))
    .innerJoin(organization, eq(organization.id, organizationInvitation.organizationId))
    .leftJoin(appUser, eq(appUser.id, organizationInvitation.invitedBy))
    .where(and(eq(verification.tokenHash, sha256(token)), eq(verification.purpose, 'invitation')))
    .limit(1);
  return found ?? null;
}

async function invitationForLink(
  deps: Deps,
  user: Pick<UserRow, 'id' | 'email'>,
  token: string,
  onUnknown: () => Promise<unknown> = async () => {},
) {
  const found = await invitationOfToken(deps, token);
  if (!found) {
    await onUnknown();
    throw new AppError('INVALID_LINK', { key: INVITATION_NOT_USABLE });
  }
  if (!(await addressesOf(deps.db, user)).includes(found.invitation.email)) {
    throw new AppError('FORBIDDEN', { key: NOT_YOUR_INVITATION });
  }
  return found;
}

/** The user's role in the organization, or null for a non-member. */
async function roleIn(db: Queryable, organizationId: string, userId: string): Promise<Role | null> {
  const [membership] = await db
    .select({ role: organizationMembership.role })
    .from(organizationMembership)
    .where(and(eq(organizationMembership.organizationId, organizationId), eq(organizationMembership.userId, userId)))
    .limit(1);
  return membership?.role ?? null;
}

/**
 * Claims one open invitation for `userId` and joins its organization, inside that organization's tenancy
 * (an open invitation to one of the user's addresses is what entitles the user to it). Null when another
 * request claimed it first, or when the organization is gone: its row is share-locked first, so an account
 * deletion taking its only member's club with it (which holds the row for update) either finds the new
 * member there (409 LAST_OWNER) or has removed the club before the join is tried.
 */
async function claim(
  deps: Deps,
  invitation: InvitationRow,
  userId: string,
  ip: string | null,
): Promise<JoinedOrganization | null> {
  return withTenant(deps.db, invitation.organizationId, async (tx) => {
    const [org] = await tx
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, invitation.organizationId))
      .for('share');
    if (!org) return null;
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
    return { id: invitation.organizationId, name: org.name, role };
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
  // Past the limit every link is refused, a good one too. Under it, each token that no invitation was ever
  // mailed with is counted, under the key's lock, so of parallel guesses no more than the limit are answered;
  // a real link that is used, expired, cancelled or someone else's is not a guess, and is not counted.
  const limit = LIMITS.invitationGuessesPerUser;
  await assertUnderLimit(deps, deps.db, limit, actor.user.id);
  const found = await invitationForLink(deps, actor.user, input.token, () =>
    consumeLimit(deps, deps.db, limit, actor.user.id),
  );
  const { invitation } = found;
  const joined = await claim(deps, invitation, actor.user.id, actor.ip);
  if (joined) return { organization: joined };
  // Not claimable: used (perhaps by this sign-in, by address), or expired. Used and a member: nothing to do.
  // Whether it is used is read again: `found` may predate the claim that won (this user's own second click).
  const role = await roleIn(deps.db, invitation.organizationId, actor.user.id);
  if (!role || !(await isConsumed(deps.db, invitation.id))) {
    throw new AppError('INVALID_LINK', { key: INVITATION_NOT_USABLE });
  }
  return { organization: { id: invitation.organizationId, name: found.organizationName, role } };
}

async function isConsumed(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ consumedAt: verification.consumedAt })
    .from(verification)
    .where(eq(verification.id, id))
    .limit(1);
  return Boolean(row?.consumedAt);
}

export interface InvitationView {
  organization: { id: string; name: string };
  role: Role;
  invitedBy: string | null;
  email: string;
  expiresAt: Date;
  membership: { role: Role } | null;
}

/**
 * The join page's read of an invitation, before it offers to accept: which club, who invited, which role,
 * and whether the caller already is a member. As accepting (decision 0305), only for an account that owns
 * the invited address: anyone else gets 403 before anything about the invitation's state is looked at. An
 * unknown token is 400 INVALID_LINK, and so is a used, cancelled, replaced or expired one, unless the caller
 * is a member of the club by now (the usual case: signing in accepted it), when the answer says so.
 *
 * Every read counts against the caller's limit, in a transaction of its own under a lock on the caller's
 * key, so the count stands whatever the answer is and parallel reads cannot pass it together.
 */
export async function invitationByToken(
  deps: Deps,
  actor: { user: Pick<UserRow, 'id' | 'email'> },
  input: { token: string },
): Promise<InvitationView> {
  await consumeLimit(deps, deps.db, LIMITS.invitationReadsPerUser, actor.user.id);
  const found = await invitationForLink(deps, actor.user, input.token);
  const { invitation } = found;
  const role = await roleIn(deps.db, invitation.organizationId, actor.user.id);
  if (!found.open && !role) throw new AppError('INVALID_LINK', { key: INVITATION_NOT_USABLE });
  return {
    organization: { id: invitation.organizationId, name: found.organizationName },
    role: invitation.role,
    invitedBy: found.inviterName,
    email: invitation.email,
    expiresAt: found.expiresAt,
    membership: role ? { role } : null,
  };
}

// ---- Pending invitations: the member list of owners and admins ----

const pendingColumns = {
  id: organizationInvitation.id,
  email: organizationInvitation.email,
  role: organizationInvitation.role,
  invitedBy: sql<string | null>`coalesce(${appUser.name}, ${appUser.email})`,
  createdAt: organizationInvitation.createdAt,
  expiresAt: verification.expiresAt,
};

/** The organization's open invitations (not used, cancelled, replaced or expired), in its tenancy. */
function openInvitationsOf(scope: OrgScope, now: Date) {
  return and(eq(organizationInvitation.organizationId, scope.organizationId), isOpen(now));
}

export async function listPendingInvitations(
  deps: Deps,
  scope: OrgScope,
): Promise<{ invitations: PendingInvitation[]; total: number }> {
  const where = openInvitationsOf(scope, deps.now());
  const invitations = await scope.tx
    .select(pendingColumns)
    .from(organizationInvitation)
    .innerJoin(verification, eq(verification.id, organizationInvitation.id))
    .leftJoin(appUser, eq(appUser.id, organizationInvitation.invitedBy))
    .where(where)
    .orderBy(desc(organizationInvitation.createdAt), asc(organizationInvitation.email))
    .limit(PENDING_INVITATIONS_SHOWN);
  const [counted] = await scope.tx
    .select({ n: count() })
    .from(organizationInvitation)
    .innerJoin(verification, eq(verification.id, organizationInvitation.id))
    .where(where);
  return { invitations, total: counted?.n ?? 0 };
}

/**
 * One open invitation of this organization; another organization's id, or one no longer open, is 404 (the
 * query asks for this organization's rows only). Only an owner touches an invitation as owner.
 *
 * Its verification row stays locked until the transaction ends: of a resend and a cancel of one invitation
 * at once (by one admin or two), the second waits, finds it no longer open and answers 404, so a cancelled
 * invitation is never sent again and one resend cannot be doubled by another admin's.
 */
async function findPendingInvitation(
  deps: Deps,
  scope: OrgScope,
  invitationId: string,
  { lock = true }: { lock?: boolean } = {},
): Promise<PendingInvitation> {
  const query = scope.tx
    .select(pendingColumns)
    .from(organizationInvitation)
    .innerJoin(verification, eq(verification.id, organizationInvitation.id))
    .leftJoin(appUser, eq(appUser.id, organizationInvitation.invitedBy))
    .where(and(eq(organizationInvitation.id, invitationId), openInvitationsOf(scope, deps.now())))
    .limit(1);
  const [found] = lock ? await query.for('update', { of: verification }) : await query;
  if (!found) throw new AppError('NOT_FOUND', { key: NO_PENDING_INVITATION });
  if (found.role === 'owner' && scope.actorRole !== 'owner') {
    throw new AppError('FORBIDDEN', { key: ONLY_OWNERS_INVITE_OWNERS });
  }
  return found;
}

/**
 * Sends a pending invitation again as a new one: a new link valid 7 days from now, mailed in the name of
 * the admin resending it and counted against their mail limit; the old link stops working (newest only).
 * The lock on the admin's mail key is taken before the invitation is looked up (and locked), so of parallel
 * resends and cancels of one invitation the first replaces or voids it and the others find it gone (404).
 */
export async function resendInvitation(
  deps: Deps,
  scope: OrgScope,
  input: { invitationId: string },
): Promise<{ invitation: PendingInvitation }> {
  // Locks in the order an invitation takes them (the admin's mail key in consumeLimit, then the address's
  // issuing lock in issueVerification), and both before the invitation's row: a resend and an invitation to
  // one address at once, by one admin or two, cannot deadlock. The first read only learns the address.
  await lockLimitKey(scope.tx, LIMITS.mailsPerUser, scope.actorUserId);
  const { email } = await findPendingInvitation(deps, scope, input.invitationId, { lock: false });
  await lockVerificationTarget(scope.tx, 'invitation', invitationTarget(scope.organizationId, email));
  const old = await findPendingInvitation(deps, scope, input.invitationId);
  const invitation = await sendInvitation(deps, scope, { email: old.email, role: old.role });
  await auditInScope(deps, scope, {
    action: 'org.invitation_resent',
    details: { email: old.email, role: old.role },
  });
  return { invitation };
}

/** Withdraws a pending invitation: its link no longer joins, and signing in with the address does not either. */
export async function cancelInvitation(
  deps: Deps,
  scope: OrgScope,
  input: { invitationId: string },
): Promise<{ ok: true }> {
  const found = await findPendingInvitation(deps, scope, input.invitationId);
  const now = deps.now();
  // Conditional, like every use of a verification: if it was accepted a moment ago, it is not cancelled.
  const [voided] = await scope.tx
    .update(verification)
    .set({ invalidatedAt: now })
    .where(and(eq(verification.id, found.id), isOpen(now)))
    .returning({ id: verification.id });
  if (!voided) throw new AppError('NOT_FOUND', { key: NO_PENDING_INVITATION });
  await auditInScope(deps, scope, {
    action: 'org.invitation_cancelled',
    details: { email: found.email, role: found.role },
  });
  return { ok: true };
}
