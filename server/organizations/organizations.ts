import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { auditOwn } from '../audit';
import { findUserByEmail, normalizeEmail } from '../auth/users';
import { appUser, organization, organizationMembership } from '../db/schema';
import { withTenant } from '../db/tenancy';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { inviteByEmail, type InvitationSummary } from './invitations';
import { isAdminRole } from './roles';
import { auditInScope, type OrgScope } from './scope';
import { announceAccessChanged } from '../realtime/channels';
import type { Role } from '../../shared/values';
import type { Actor } from '../actor';

export interface OrganizationAnswer {
  id: string;
  name: string;
  createdAt: Date;
  /** The caller's role in it. */
  role: Role;
}

export interface Member {
  userId: string;
  name: string | null;
  email: string;
  role: Role;
}

const memberColumns = {
  userId: organizationMembership.userId,
  name: appUser.name,
  email: appUser.email,
  role: organizationMembership.role,
};

/** The creator becomes owner. The organization, the membership and the audit row are one transaction. */
export async function createOrganization(
  deps: Deps,
  actor: Pick<Actor, 'userId' | 'ip'>,
  input: { name: string },
): Promise<OrganizationAnswer> {
  const organizationId = crypto.randomUUID();
  // The tenancy of the organization being created: everything it owns is written under its policy.
  return withTenant(deps.db, organizationId, async (tx) => {
    const createdAt = deps.now();
    await tx.insert(organization).values({ id: organizationId, name: input.name, createdAt });
    await tx.insert(organizationMembership).values({ organizationId, userId: actor.userId, role: 'owner', createdAt });
    await auditOwn(deps, tx, actor.userId, {
      action: 'org.created',
      organizationId,
      ip: actor.ip,
      details: { name: input.name },
    });
    return { id: organizationId, name: input.name, createdAt, role: 'owner' as const };
  });
}

/** The caller's organizations with the caller's role; membership is not tenant-scoped (docs/access.md section 2). */
export async function myOrganizations(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
): Promise<{ organizations: { id: string; name: string; role: Role }[] }> {
  const organizations = await deps.db
    .select({ id: organization.id, name: organization.name, role: organizationMembership.role })
    .from(organizationMembership)
    .innerJoin(organization, eq(organization.id, organizationMembership.organizationId))
    .where(eq(organizationMembership.userId, actor.userId))
    .orderBy(asc(organization.name), asc(organization.id));
  return { organizations };
}

export async function requireOrganization(_deps: Deps, scope: OrgScope): Promise<OrganizationAnswer> {
  const [row] = await scope.tx
    .select({ id: organization.id, name: organization.name, createdAt: organization.createdAt })
    .from(organization)
    .where(eq(organization.id, scope.organizationId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, role: scope.actorRole };
}

export async function listMembers(_deps: Deps, scope: OrgScope): Promise<{ members: Member[] }> {
  const members = await scope.tx
    .select(memberColumns)
    .from(organizationMembership)
    .innerJoin(appUser, eq(appUser.id, organizationMembership.userId))
    .where(eq(organizationMembership.organizationId, scope.organizationId))
    .orderBy(asc(appUser.name), asc(appUser.email));
  return { members };
}

/** The membership row of `userId` in the scope's organization. */
function membershipOf(scope: Pick<OrgScope, 'organizationId'>, userId: string): SQL | undefined {
  return and(
    eq(organizationMembership.organizationId, scope.organizationId),
    eq(organizationMembership.userId, userId),
  );
}

async function findMember(scope: OrgScope, userId: string): Promise<Member | null> {
  const [row] = await scope.tx
    .select(memberColumns)
    .from(organizationMembership)
    .innerJoin(appUser, eq(appUser.id, organizationMembership.userId))
    .where(membershipOf(scope, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Role changes and removals of one organization are serialised on its row, so two owners demoting each
 * other at once cannot leave it without an owner. The actor's role is read again under the lock: the
 * membership check ran before the transaction, and a concurrent change may have lowered or ended it.
 */
async function lockOrganization(scope: OrgScope): Promise<OrgScope> {
  await scope.tx
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, scope.organizationId))
    .for('update');
  const actor = await findMember(scope, scope.actorUserId);
  if (!actor) throw new AppError('NOT_ORG_MEMBER');
  return { ...scope, actorRole: actor.role };
}

async function ownerCount(scope: OrgScope): Promise<number> {
  const [row] = await scope.tx
    .select({ n: count() })
    .from(organizationMembership)
    .where(
      and(eq(organizationMembership.organizationId, scope.organizationId), eq(organizationMembership.role, 'owner')),
    );
  return row?.n ?? 0;
}

const ONLY_OWNERS_GRANT_OWNER = 'errors.organizations.onlyOwnerMakesOwner';
const ADMIN_CANNOT_TOUCH_OWNER = 'errors.organizations.adminCannotChangeOwner';
const LAST_OWNER = 'errors.organizations.oneOwnerStays';

export type AddMemberAnswer =
  | { result: 'added'; member: Member }
  | { result: 'invited'; invitation: InvitationSummary };

/**
 * An existing account (primary or secondary address) joins at once; an unknown address gets an invitation
 * mail whose link joins on sign-in (server/organizations/invitations.ts).
 */
export async function addMember(
  deps: Deps,
  scope: OrgScope,
  input: { email: string; role: Role },
): Promise<AddMemberAnswer> {
  if (input.role === 'owner' && scope.actorRole !== 'owner')
    throw new AppError('FORBIDDEN', { key: ONLY_OWNERS_GRANT_OWNER });
  const address = normalizeEmail(input.email);
  const user = await findUserByEmail(scope.tx, address);
  if (!user)
    return { result: 'invited', invitation: await inviteByEmail(deps, scope, { email: address, role: input.role }) };

  const [inserted] = await scope.tx
    .insert(organizationMembership)
    .values({ organizationId: scope.organizationId, userId: user.id, role: input.role, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ userId: organizationMembership.userId });
  if (!inserted) throw new AppError('CONFLICT', { key: 'errors.organizations.alreadyMember' });
  await auditInScope(deps, scope, {
    action: 'org.member_added',
    subjectUserId: user.id,
    details: { role: input.role },
  });
  return { result: 'added', member: { userId: user.id, name: user.name, email: user.email, role: input.role } };
}

/** Only owners grant or take away `owner`; the last owner keeps it (409). */
export async function setRole(
  deps: Deps,
  unlocked: OrgScope,
  input: { userId: string; role: Role },
): Promise<{ member: Member }> {
  const scope = await lockOrganization(unlocked);
  if (!isAdminRole(scope.actorRole)) throw new AppError('NOT_ORG_ADMIN');
  const target = await findMember(scope, input.userId);
  if (!target) throw new AppError('NOT_FOUND');
  if (scope.actorRole !== 'owner') {
    if (input.role === 'owner') throw new AppError('FORBIDDEN', { key: ONLY_OWNERS_GRANT_OWNER });
    if (target.role === 'owner') throw new AppError('FORBIDDEN', { key: ADMIN_CANNOT_TOUCH_OWNER });
  }
  if (target.role === input.role) return { member: target };
  if (target.role === 'owner' && (await ownerCount(scope)) <= 1) throw new AppError('CONFLICT', { key: LAST_OWNER });

  await scope.tx.update(organizationMembership).set({ role: input.role }).where(membershipOf(scope, input.userId));
  await auditInScope(deps, scope, {
    action: 'org.role_changed',
    subjectUserId: input.userId,
    details: { from: target.role, to: input.role },
  });
  return { member: { ...target, role: input.role } };
}

/** Owners and admins remove others (an admin not an owner); anyone may leave; the last owner may not. */
export async function removeMember(deps: Deps, unlocked: OrgScope, input: { userId: string }): Promise<{ ok: true }> {
  const leaving = input.userId === unlocked.actorUserId;
  if (!leaving && !isAdminRole(unlocked.actorRole)) throw new AppError('NOT_ORG_ADMIN');
  const scope = await lockOrganization(unlocked);
  if (!leaving && !isAdminRole(scope.actorRole)) throw new AppError('NOT_ORG_ADMIN');
  const target = await findMember(scope, input.userId);
  if (!target) throw new AppError('NOT_FOUND');
  if (!leaving && scope.actorRole !== 'owner' && target.role === 'owner') {
    throw new AppError('FORBIDDEN', { key: ADMIN_CANNOT_TOUCH_OWNER });
  }
  if (target.role === 'owner' && (await ownerCount(scope)) <= 1) throw new AppError('CONFLICT', { key: LAST_OWNER });

  await scope.tx.delete(organizationMembership).where(membershipOf(scope, input.userId));
  await auditInScope(deps, scope, {
    action: 'org.member_removed',
    subjectUserId: input.userId,
    details: { role: target.role, left: leaving },
  });
  // Their live subscriptions to this organization (team chat) end as soon as the removal is visible.
  scope.afterCommit(() => announceAccessChanged(deps, input.userId));
  return { ok: true };
}
