import { asc, inArray } from 'drizzle-orm';
import { auditOwn } from '../audit';
import { findUserByEmail, findUserById, toPublicUser, type PublicUser, type UserRow } from '../auth/users';
import type { Transaction } from '../db/client';
import { appUser } from '../db/schema';
import { absorbUser } from '../auth/user-data';
import { moveUserCourses } from '../courses/user-data';
import { moveUserScores } from '../handicap/user-data';
import { moveUserMemberships } from '../organizations/user-data';
import { moveUserRounds } from '../rounds/user-data';
import type { Actor } from '../actor';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { announceSessionsEnded } from '../realtime/channels';
import { mergeMail } from '../mail/templates/account';
import { mailConfirmation, withConfirmedAddress, type Confirmation } from './confirmation';
import { listEmails, type AccountEmails } from './emails';

/** The app's page that confirms a merge (client/src/routes.ts, ROUTES.confirmMerge). */
export function confirmMergeLink(deps: Deps, token: string): string {
  return `${deps.config.publicUrl}/konto/sla-sammen?token=${encodeURIComponent(token)}`;
}

/**
 * Accounts that cannot be merged away (docs/decisions/0303-account-merge.md): the confirmation proves
 * only the mailbox, so an account whose sign-in also needs a second factor is not absorbed on that alone,
 * and a super administrator's flag is never moved or removed by an endpoint.
 */
function assertMergeable(other: UserRow): void {
  if (other.twoFactorMethod !== null) {
    throw new AppError('CONFLICT', {
      key: 'errors.account.mergeFromTwoFactorAccount',
    });
  }
  if (other.isSuperAdmin) {
    throw new AppError('CONFLICT', { key: 'errors.account.superAdminNotMerged' });
  }
}

async function isOwnAddress(deps: Deps, user: UserRow, address: string): Promise<boolean> {
  const owner = await findUserByEmail(deps.db, address);
  return owner?.id === user.id;
}

/**
 * Step one: the signed-in user names another account's address (primary or secondary). 404
 * EMAIL_NOT_FOUND when no account has it; otherwise a link and a code go to that address.
 */
export async function requestMerge(
  deps: Deps,
  actor: Pick<Actor, 'user' | 'language'>,
  input: { email: string },
): Promise<{ ok: true }> {
  return mailConfirmation(deps, actor, {
    purpose: 'merge',
    email: input.email,
    refuse: async (address) => {
      if (await isOwnAddress(deps, actor.user, address)) {
        throw new AppError('CONFLICT', { key: 'errors.account.addressAlreadyYours' });
      }
      const other = await findUserByEmail(deps.db, address);
      if (!other) throw new AppError('EMAIL_NOT_FOUND');
      assertMergeable(other);
    },
    link: (token) => confirmMergeLink(deps, token),
    mail: mergeMail,
  });
}

export interface MergeSummary {
  memberships: number;
  rounds: number;
  participations: number;
  courses: number;
  emails: number;
  /** The organizations whose membership moved or was raised: each gets an audit entry. */
  organizationIds: string[];
}

/**
 * Moves everything of `other` to `survivor` and deletes `other`, inside the caller's transaction, each
 * domain moving its own part (its `user-data.ts`, beside its erase for a deleted account): memberships,
 * rounds and cards, the cards' scores, personal courses, then the addresses and the account row. Deleting
 * the account is what ends its sessions: tokens are checked against app_user on every call. Tables added
 * later that point at app_user must be moved here too, or they go with the deleted account.
 */
export async function mergeAccounts(tx: Transaction, survivor: UserRow, other: UserRow): Promise<MergeSummary> {
  const organizationIds = await moveUserMemberships(tx, other.id, survivor.id);
  const { rounds, participantIds } = await moveUserRounds(tx, other.id, survivor.id);
  await moveUserScores(tx, other.id, survivor.id, participantIds);
  const courses = await moveUserCourses(tx, other.id, survivor.id);
  const emails = await absorbUser(tx, survivor, other);
  return {
    memberships: organizationIds.length,
    rounds,
    participations: participantIds.length,
    courses,
    emails,
    organizationIds,
  };
}

/** Locks both accounts in a fixed order, so two merges between the same pair cannot deadlock or interleave. */
async function lockUsers(tx: Transaction, ids: string[]): Promise<Map<string, UserRow>> {
  const rows = await tx.select().from(appUser).where(inArray(appUser.id, ids)).orderBy(asc(appUser.id)).for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Step two: the link or code from the other account's mailbox, used by the signed-in survivor. Everything
 * happens in one transaction: a failure anywhere leaves both accounts as they were and the link unused.
 */
export async function confirmMerge(
  deps: Deps,
  actor: Pick<Actor, 'user' | 'ip'>,
  confirmation: Confirmation,
): Promise<{ user: PublicUser; emails: AccountEmails; moved: Omit<MergeSummary, 'organizationIds'> }> {
  const outcome = await withConfirmedAddress(
    deps,
    { userId: actor.user.id, purpose: 'merge', confirmation },
    async (tx, address) => {
      const found = await findUserByEmail(tx, address);
      if (!found) throw new AppError('EMAIL_NOT_FOUND');
      if (found.id === actor.user.id) throw new AppError('CONFLICT', { key: 'errors.account.addressAlreadyYours' });
      const locked = await lockUsers(tx, [actor.user.id, found.id]);
      const survivor = locked.get(actor.user.id);
      const other = locked.get(found.id);
      if (!survivor || !other) throw new AppError('NOT_FOUND');
      assertMergeable(other);

      const summary = await mergeAccounts(tx, survivor, other);
      const { organizationIds, ...moved } = summary;
      const details = { mergedUserId: other.id, mergedEmail: other.email, ...moved };
      await auditOwn(deps, tx, survivor.id, {
        action: 'account.merged',
        ip: actor.ip,
        details,
      });
      for (const organizationId of organizationIds) {
        await auditOwn(deps, tx, survivor.id, {
          action: 'account.merged',
          organizationId,
          ip: actor.ip,
          details,
        });
      }
      return { survivor, moved, mergedUserId: other.id };
    },
  );
  // The other account no longer exists: its sockets close now rather than at the next sweep.
  announceSessionsEnded(deps, outcome.mergedUserId);
  const user = (await findUserById(deps.db, outcome.survivor.id)) ?? outcome.survivor;
  return { user: toPublicUser(user), emails: await listEmails(deps.db, user), moved: outcome.moved };
}
