import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { audit } from '../audit';
import {
  findUserByEmail,
  findUserById,
  normalizeEmail,
  toPublicUser,
  type PublicUser,
  type UserRow,
} from '../auth/users';
import type { Transaction } from '../db/client';
import {
  appUser,
  course,
  handicapScore,
  organizationMembership,
  participant,
  round,
  userSecondaryEmail,
} from '../db/schema';
import { refreshCalculatedIndex } from '../handicap/record';
import type { Actor } from '../actor';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { announceSessionsEnded } from '../realtime/channels';
import { mergeMail } from '../mail/templates/account';
import { joinKeepingHigherRole } from '../organizations/roles';
import { countMailRequest, mailConfirmation, withConfirmedAddress, type Confirmation } from './confirmation';
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
      message:
        'Kontoen med denne adressen har tofaktorautentisering. Logg inn på den kontoen og slå sammen herfra den i stedet.',
    });
  }
  if (other.isSuperAdmin) {
    throw new AppError('CONFLICT', { message: 'En superadministrators konto kan ikke slås sammen inn i en annen.' });
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
  const counted = await countMailRequest(deps, actor.user.id);
  const address = normalizeEmail(input.email);
  if (await isOwnAddress(deps, actor.user, address)) {
    throw new AppError('CONFLICT', { message: 'Adressen hører allerede til kontoen din.' });
  }
  const other = await findUserByEmail(deps.db, address);
  if (!other) throw new AppError('EMAIL_NOT_FOUND');
  assertMergeable(other);
  return mailConfirmation(deps, actor, {
    purpose: 'merge',
    address,
    counted,
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
 * Moves everything of `other` to `survivor` and deletes `other`, inside the caller's transaction. A
 * membership in an organization both belong to keeps the higher role, so a merge never lowers a role.
 * Deleting the account is what ends its sessions: tokens are checked against app_user on every call.
 * Tables added later that point at app_user must be moved here too, or they go with the deleted account.
 */
export async function mergeAccounts(tx: Transaction, survivor: UserRow, other: UserRow): Promise<MergeSummary> {
  const memberships = await tx
    .select({ organizationId: organizationMembership.organizationId, role: organizationMembership.role })
    .from(organizationMembership)
    .where(eq(organizationMembership.userId, other.id))
    .orderBy(asc(organizationMembership.organizationId));
  for (const m of memberships) await joinKeepingHigherRole(tx, m.organizationId, survivor.id, m.role);
  await tx.delete(organizationMembership).where(eq(organizationMembership.userId, other.id));

  const rounds = await tx
    .update(round)
    .set({ ownerUserId: survivor.id })
    .where(eq(round.ownerUserId, other.id))
    .returning({ id: round.id });
  // A round has each account once: where both accounts played, the other's card stays behind and becomes
  // a guest's (name, handicap, scores) when the account is deleted below, by the database's trigger for
  // every deleted account (drizzle/0003_keep_cards_of_deleted_users.sql), rather than the survivor
  // appearing twice.
  const survivorRounds = tx
    .select({ roundId: participant.roundId })
    .from(participant)
    .where(eq(participant.userId, survivor.id));
  const participations = await tx
    .update(participant)
    .set({ userId: survivor.id })
    .where(and(eq(participant.userId, other.id), notInArray(participant.roundId, survivorRounds)))
    .returning({ id: participant.id });
  // The moved cards' attested scores go with them into the survivor's record; those left behind go with
  // the other account. An attestation the other account gave is the survivor's from now on.
  if (participations.length > 0) {
    await tx
      .update(handicapScore)
      .set({ userId: survivor.id })
      .where(
        and(
          eq(handicapScore.userId, other.id),
          inArray(
            handicapScore.participantId,
            participations.map((p) => p.id),
          ),
        ),
      );
    await refreshCalculatedIndex(tx, survivor.id);
  }
  await tx
    .update(handicapScore)
    .set({ attestedByUserId: survivor.id })
    .where(eq(handicapScore.attestedByUserId, other.id));
  const courses = await tx
    .update(course)
    .set({ ownerUserId: survivor.id })
    .where(and(eq(course.ownerUserId, other.id), eq(course.kind, 'personal')))
    .returning({ id: course.id });
  const emails = await tx
    .update(userSecondaryEmail)
    .set({ userId: survivor.id })
    .where(eq(userSecondaryEmail.userId, other.id))
    .returning({ email: userSecondaryEmail.email });

  // What the survivor has not filled in is taken from the other account; nothing it has is overwritten
  // (`survivor` is the row read under lock in this transaction).
  await tx
    .update(appUser)
    .set({ name: survivor.name ?? other.name, handicapIndex: survivor.handicapIndex ?? other.handicapIndex })
    .where(eq(appUser.id, survivor.id));
  await tx.delete(appUser).where(eq(appUser.id, other.id));
  // After the delete: the address is free as a primary one only now.
  await tx.insert(userSecondaryEmail).values({ userId: survivor.id, email: other.email });

  return {
    memberships: memberships.length,
    rounds: rounds.length,
    participations: participations.length,
    courses: courses.length,
    emails: emails.length + 1,
    organizationIds: memberships.map((m) => m.organizationId),
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
      if (found.id === actor.user.id)
        throw new AppError('CONFLICT', { message: 'Adressen hører allerede til kontoen din.' });
      const locked = await lockUsers(tx, [actor.user.id, found.id]);
      const survivor = locked.get(actor.user.id);
      const other = locked.get(found.id);
      if (!survivor || !other) throw new AppError('NOT_FOUND');
      assertMergeable(other);

      const summary = await mergeAccounts(tx, survivor, other);
      const { organizationIds, ...moved } = summary;
      const details = { mergedUserId: other.id, mergedEmail: other.email, ...moved };
      await audit(deps, tx, {
        action: 'account.merged',
        actorUserId: survivor.id,
        subjectUserId: survivor.id,
        ip: actor.ip,
        details,
      });
      for (const organizationId of organizationIds) {
        await audit(deps, tx, {
          action: 'account.merged',
          actorUserId: survivor.id,
          subjectUserId: survivor.id,
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
