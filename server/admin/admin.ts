import { asc, count, eq, exists, ilike, or, type SQL, and } from 'drizzle-orm';
import { audit } from '../audit';
import { endAllSessions } from '../auth/sessions';
import { findUserById, toPublicUser, type PublicUser } from '../auth/users';
import { appUser, organization, organizationMembership, userSecondaryEmail } from '../db/schema';
import type { Actor } from '../actor';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { announceSessionsEnded } from '../realtime/channels';

/**
 * The super administrator's procedures (docs/contract.md section 7). Each one is audited with the operator as
 * actor. `is_super_admin` itself is set only by hand in the database: nothing here changes it.
 */
export type Operator = Pick<Actor, 'userId' | 'ip'>;

export interface Paging {
  page: number;
  limit: number;
}

/** `q` as a literal substring: LIKE's wildcards and escape character typed by the operator match themselves. */
function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(
  deps: Deps,
  operator: Operator,
  input: Paging & { q?: string | undefined },
): Promise<{ users: (PublicUser & { createdAt: Date })[]; page: number; limit: number; total: number }> {
  const q = input.q?.trim() ?? '';
  let where: SQL | undefined;
  if (q !== '') {
    const pattern = containing(q);
    where = or(
      ilike(appUser.email, pattern),
      ilike(appUser.name, pattern),
      exists(
        deps.db
          .select({ one: userSecondaryEmail.userId })
          .from(userSecondaryEmail)
          .where(and(eq(userSecondaryEmail.userId, appUser.id), ilike(userSecondaryEmail.email, pattern))),
      ),
    );
  }
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(appUser).where(where);
  const rows = await deps.db
    .select()
    .from(appUser)
    .where(where)
    .orderBy(asc(appUser.email))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const page = await recordListing(deps, operator, 'admin.users_listed', q, input);
  return { users: rows.map((u) => ({ ...toPublicUser(u), createdAt: u.createdAt })), ...page, total };
}

/** A super administrator's listing is recorded (who looked, for what, which page); answers the page. */
async function recordListing(
  deps: Deps,
  operator: Operator,
  action: 'admin.users_listed' | 'admin.organizations_listed',
  q: string,
  input: Paging,
): Promise<{ page: number; limit: number }> {
  await audit(deps, deps.db, {
    action,
    actorUserId: operator.userId,
    ip: operator.ip,
    details: { q, page: input.page, limit: input.limit },
  });
  return { page: input.page, limit: input.limit };
}

export async function listOrganizations(
  deps: Deps,
  operator: Operator,
  input: Paging & { q?: string | undefined },
): Promise<{
  organizations: { id: string; name: string; createdAt: Date; memberCount: number }[];
  page: number;
  limit: number;
  total: number;
}> {
  const q = input.q?.trim() ?? '';
  const where = q === '' ? undefined : ilike(organization.name, containing(q));
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(organization).where(where);
  const organizations = await deps.db
    .select({
      id: organization.id,
      name: organization.name,
      createdAt: organization.createdAt,
      memberCount: count(organizationMembership.userId),
    })
    .from(organization)
    .leftJoin(organizationMembership, eq(organizationMembership.organizationId, organization.id))
    .where(where)
    .groupBy(organization.id)
    .orderBy(asc(organization.name), asc(organization.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const page = await recordListing(deps, operator, 'admin.organizations_listed', q, input);
  return { organizations, ...page, total };
}

/** Ends every session of the user at once (their next request is 401). */
export async function signOutUser(deps: Deps, operator: Operator, input: { userId: string }): Promise<{ ok: true }> {
  const user = await findUserById(deps.db, input.userId);
  if (!user) throw new AppError('NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    await endAllSessions(tx, user.id);
    await audit(deps, tx, {
      action: 'admin.user_signed_out',
      actorUserId: operator.userId,
      subjectUserId: user.id,
      ip: operator.ip,
    });
  });
  announceSessionsEnded(deps, user.id);
  return { ok: true };
}
