import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { eraseAddressesFromAudit, auditOwn } from '../audit';
import { eraseUser, userAddresses } from '../auth/user-data';
import { handBackIfSendFails } from '../auth/rate-limit';
import { clearSession } from '../auth/sessions';
import { requireSecondFactor } from '../auth/two-factor/second-factor';
import type { UserRow } from '../auth/users';
import { consumeVerificationCode, issueVerification } from '../auth/verification';
import { eraseUserChat } from '../chat/user-data';
import { eraseUserCourses } from '../courses/user-data';
import { withAfterCommit, type Committing } from '../db/after-commit';
import type { Queryable } from '../db/client';
import { appUser, organization, organizationMembership } from '../db/schema';
import type { Actor, SessionHolder } from '../actor';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { eraseUserFeedItems } from '../feed/user-data';
import { mailLanguage } from '../mail/language';
import { accountDeletionMail } from '../mail/templates/account';
import { eraseUserOrganizations } from '../organizations/user-data';
import { announceSessionsEnded } from '../realtime/channels';
import { eraseUserRounds } from '../rounds/user-data';
import { eraseUserEntries } from '../tournaments/user-data';
import { countMailRequest } from './confirmation';

/**
 * Deleting one's own account (GDPR article 17; decisions 0106 and 0107). A code mailed to the primary
 * address (one verification purpose, `account_deletion`: single use, five tries, ten minutes), plus the
 * second factor when 2FA is on. Then, in one transaction: the user's rounds, personal courses, chat texts,
 * feed items, tournament entries before play, memberships, addresses, codes and the account go; what other
 * people hold stays, with the player as a guest (cards in their rounds, entries in tournaments that began).
 * Deleting the row is what ends every session (tokens are checked against app_user on every call); the
 * announcement after the commit closes the account's sockets at once.
 */
export const DELETION_CODE_SECONDS = 10 * 60;

interface OwnedOrganizations {
  /** Organizations where the user is the only owner and others are members: they must be handed over first. */
  blocking: { id: string; name: string }[];
  /** Organizations where the user is the only member: they go with the account. */
  alone: { id: string; name: string }[];
}

/**
 * The organizations the user owns alone. With `lock`, their rows are locked first (in id order, as role
 * changes lock them), so a co-owner cannot step down while this deletion counts on them.
 */
async function organizationsOwnedAlone(db: Queryable, userId: string, lock: boolean): Promise<OwnedOrganizations> {
  const owned = db
    .select({ id: organizationMembership.organizationId })
    .from(organizationMembership)
    .where(and(eq(organizationMembership.userId, userId), eq(organizationMembership.role, 'owner')));
  const query = db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(inArray(organization.id, owned))
    .orderBy(asc(organization.id));
  const orgs = lock ? await query.for('update') : await query;
  const result: OwnedOrganizations = { blocking: [], alone: [] };
  for (const org of orgs) {
    const others = await db
      .select({ role: organizationMembership.role, n: count() })
      .from(organizationMembership)
      .where(and(eq(organizationMembership.organizationId, org.id), ne(organizationMembership.userId, userId)))
      .groupBy(organizationMembership.role);
    if (others.some((o) => o.role === 'owner')) continue;
    (others.length === 0 ? result.alone : result.blocking).push(org);
  }
  return result;
}

function assertNotLastOwner(owned: OwnedOrganizations): void {
  if (owned.blocking.length === 0) return;
  throw new AppError('LAST_OWNER', {
    key: 'errors.account.lastOwnerOf',
    params: { clubs: owned.blocking.map((o) => `«${o.name}»`) },
  });
}

/** POST /account/deletion/code: mails the code; 409 LAST_OWNER first, so no mail goes out for nothing. */
export async function requestDeletionCode(deps: Deps, actor: Pick<Actor, 'user' | 'language'>): Promise<{ ok: true }> {
  // Refused before it is counted: a last owner told to hand over first has sent no mail.
  assertNotLastOwner(await organizationsOwnedAlone(deps.db, actor.user.id, false));
  const counted = await countMailRequest(deps, actor.user.id);
  const issued = await issueVerification(deps, deps.db, {
    purpose: 'account_deletion',
    target: actor.user.id,
    userId: actor.user.id,
    email: actor.user.email,
    ttlSeconds: DELETION_CODE_SECONDS,
    link: false,
    code: true,
  });
  const mail = accountDeletionMail({
    to: actor.user.email,
    code: issued.code!,
    minutes: DELETION_CODE_SECONDS / 60,
    language: mailLanguage(actor.user.language, actor.language),
  });
  await handBackIfSendFails(deps.db, [counted], () => deps.mailer.send(mail));
  return { ok: true };
}

export interface DeletionSummary {
  rounds: number;
  courses: number;
  coursesKept: number;
  chatMessages: number;
  feedItems: number;
  entriesWithdrawn: number;
  entriesKeptAsGuest: number;
  organizationsDeleted: number;
}

/**
 * Everything of the user inside the deletion's transaction, each domain erasing its own part, in an order
 * the foreign keys allow: the organizations it was alone in first (with everything in them), the feed's items
 * while the rounds and entries still name them, then entries, chat, rounds, the courses no round of its own
 * holds any more, the addresses in the log, and last the account row. The user row is locked by the caller.
 */
async function eraseAccount(
  deps: Deps,
  writer: Committing,
  user: UserRow,
  alone: { id: string }[],
): Promise<DeletionSummary & { membershipOrgs: { id: string; role: string }[] }> {
  const { tx } = writer;
  const { memberships } = await eraseUserOrganizations(tx, user.id, alone);
  const feedItems = await eraseUserFeedItems(deps, writer, user.id);
  const entries = await eraseUserEntries(deps, writer, user);
  const chatMessages = await eraseUserChat(deps, writer, user.id);
  const rounds = await eraseUserRounds(deps, writer, user.id);
  const courses = await eraseUserCourses(deps, tx, user.id);
  // The addresses leave the database with the account, everywhere at once (decision 0107).
  const addresses = await userAddresses(tx, user);
  await eraseAddressesFromAudit(tx, user.id, addresses);
  await eraseUser(tx, user.id, addresses);

  return {
    rounds,
    courses: courses.courses,
    coursesKept: courses.coursesKept,
    chatMessages,
    feedItems,
    entriesWithdrawn: entries.entriesWithdrawn,
    entriesKeptAsGuest: entries.entriesKeptAsGuest,
    organizationsDeleted: alone.length,
    membershipOrgs: memberships,
  };
}

/**
 * DELETE /account. The second factor is checked first (a counted attempt under the 2FA limits), then, in
 * the transaction that deletes, the mailed code (a wrong one is returned, not thrown, so its attempt is
 * committed). 409 LAST_OWNER while the user alone owns an organization others belong to.
 */
export async function deleteAccount(
  deps: Deps,
  holder: Pick<SessionHolder, 'session' | 'jar' | 'ip'>,
  input: { code: string; twoFactorCode?: string | undefined },
): Promise<{ ok: true }> {
  const { user } = holder.session;
  assertNotLastOwner(await organizationsOwnedAlone(deps.db, user.id, false));
  if (user.twoFactorMethod !== null) {
    if (input.twoFactorCode === undefined) {
      throw new AppError('INVALID_INPUT', {
        issues: [{ path: 'twoFactorCode', key: 'errors.account.secondFactorCode' }],
      });
    }
    await requireSecondFactor(deps, { user, code: input.twoFactorCode, ip: holder.ip });
  }

  const outcome = await withAfterCommit(deps.db, async (tx, afterCommit) => {
    const [locked] = await tx.select().from(appUser).where(eq(appUser.id, user.id)).for('update');
    if (!locked) throw new AppError('NOT_AUTHENTICATED');
    const owned = await organizationsOwnedAlone(tx, user.id, true);
    assertNotLastOwner(owned);
    const verified = await consumeVerificationCode(deps, tx, {
      purpose: 'account_deletion',
      target: user.id,
      code: input.code,
    });
    // Returned, not thrown: the wrong code's attempt must be committed.
    if (!verified) return new AppError('INVALID_CODE');

    const { membershipOrgs, ...summary } = await eraseAccount(deps, { tx, afterCommit }, locked, owned.alone);
    // The account is gone; the log keeps that it was deleted, by whom (itself) and from where, not the address.
    await auditOwn(deps, tx, user.id, {
      action: 'account.deleted',
      ip: holder.ip,
      details: { ...summary },
    });
    for (const m of membershipOrgs) {
      await auditOwn(deps, tx, user.id, {
        action: 'account.deleted',
        organizationId: m.id,
        ip: holder.ip,
        details: { role: m.role },
      });
    }
    return summary;
  });
  if (outcome instanceof AppError) throw outcome;
  // Every socket of every session of the account closes now (decision 0004), not at the next sweep.
  announceSessionsEnded(deps, user.id);
  clearSession(holder.jar);
  return { ok: true };
}
