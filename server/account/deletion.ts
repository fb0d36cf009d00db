import { mailLanguage } from '../mail/language';
import { DELETED_ACCOUNT } from '../../shared/placeholder-names';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { audit } from '../audit';
import { STATUSES_BEFORE_PLAY } from '../../shared/tournament-rules';
import { handBackIfSendFails } from '../auth/rate-limit';
import { clearSession, type CookieJar } from '../auth/sessions';
import { requireSecondFactor } from '../auth/two-factor/second-factor';
import type { UserRow } from '../auth/users';
import { consumeVerificationCode, issueVerification } from '../auth/verification';
import { appendChatEvent, publishChatEvent } from '../chat/events';
import type { Queryable, Transaction } from '../db/client';
import {
  appUser,
  auditLog,
  chatMessage,
  course,
  organization,
  organizationMembership,
  participant,
  round,
  tournament,
  tournamentEntry,
  tournamentEntryAccount,
  userSecondaryEmail,
  verification,
} from '../db/schema';
import type { Actor } from '../actor';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { eraseFeedItems, type FeedWriter } from '../feed/items';
import { accountDeletionMail } from '../mail/templates/account';
import { announceAccessChanged, announceSessionsEnded } from '../realtime/channels';
import { appendTournamentEvent, publishTournamentEvent } from '../tournaments/events';
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

/** Everything of the user inside the deletion's transaction; the user row is locked by the caller. */
async function eraseAccount(
  deps: Deps,
  writer: FeedWriter & { tx: Transaction },
  user: UserRow,
  alone: { id: string }[],
): Promise<DeletionSummary & { membershipOrgs: { id: string; role: string }[] }> {
  const { tx } = writer;
  const now = deps.now();

  // Organizations of which the user is the only member go first, with everything in them.
  if (alone.length > 0)
    await tx.delete(organization).where(
      inArray(
        organization.id,
        alone.map((o) => o.id),
      ),
    );
  const membershipOrgs = await tx
    .select({ id: organizationMembership.organizationId, role: organizationMembership.role })
    .from(organizationMembership)
    .where(eq(organizationMembership.userId, user.id));

  // Feed items about the user leave the feed and lose their content (subscribers are told).
  let feedItems = 0;
  const ownRounds = await tx.select({ id: round.id }).from(round).where(eq(round.ownerUserId, user.id));
  for (const r of ownRounds) feedItems += await eraseFeedItems(deps, writer, { roundId: r.id });
  const cards = await tx
    .select({ id: participant.id, roundId: participant.roundId })
    .from(participant)
    .innerJoin(round, eq(round.id, participant.roundId))
    .where(and(eq(participant.userId, user.id), ne(round.ownerUserId, user.id)));
  for (const c of cards)
    feedItems += await eraseFeedItems(deps, writer, { playerHighlights: { roundId: c.roundId, participantId: c.id } });

  // Tournament entries: withdrawn before play; from then on the results stand, with the player as a guest.
  const entries = await tx
    .select({
      entryId: tournamentEntry.id,
      tournamentId: tournament.id,
      organizationId: tournament.organizationId,
      status: tournament.status,
    })
    .from(tournamentEntryAccount)
    .innerJoin(tournamentEntry, eq(tournamentEntry.id, tournamentEntryAccount.entryId))
    .innerJoin(tournament, eq(tournament.id, tournamentEntry.tournamentId))
    .where(eq(tournamentEntryAccount.userId, user.id));
  let entriesWithdrawn = 0;
  let entriesKeptAsGuest = 0;
  for (const e of entries) {
    feedItems += await eraseFeedItems(deps, writer, {
      entryHighlights: { tournamentId: e.tournamentId, entryId: e.entryId },
    });
    // Before play an entry is simply withdrawn; from `in_progress` on, it stays as a guest's.
    if (STATUSES_BEFORE_PLAY.includes(e.status)) {
      await tx.delete(tournamentEntry).where(eq(tournamentEntry.id, e.entryId));
      entriesWithdrawn++;
    } else {
      // The handicaps were frozen when play began; the index is kept as it was played off.
      await tx
        .update(tournamentEntry)
        .set({ isGuest: true, handicapIndex: sql`coalesce(${tournamentEntry.handicapIndex}, ${user.handicapIndex})` })
        .where(eq(tournamentEntry.id, e.entryId));
      await tx.delete(tournamentEntryAccount).where(eq(tournamentEntryAccount.entryId, e.entryId));
      entriesKeptAsGuest++;
    }
    const eventId = await appendTournamentEvent(
      tx,
      { id: e.tournamentId, organizationId: e.organizationId },
      {
        type: 'entries',
      },
    );
    writer.afterCommit(() => publishTournamentEvent(deps, e.tournamentId, eventId));
  }

  // Chat: every message becomes a tombstone without author (decision 0107); members see it deleted live.
  const live = await tx
    .select({ id: chatMessage.id, organizationId: chatMessage.organizationId })
    .from(chatMessage)
    .where(and(eq(chatMessage.authorUserId, user.id), isNull(chatMessage.deletedAt)))
    .orderBy(asc(chatMessage.seq));
  const authored = await tx
    .update(chatMessage)
    .set({
      text: null,
      editedAt: null,
      deletedAt: sql`coalesce(${chatMessage.deletedAt}, ${now.toISOString()}::timestamptz)`,
      authorUserId: null,
      authorName: DELETED_ACCOUNT,
    })
    .where(eq(chatMessage.authorUserId, user.id))
    .returning({ id: chatMessage.id });
  for (const m of live) {
    const eventId = await appendChatEvent(tx, m.organizationId, m.id, 'delete');
    writer.afterCommit(() => publishChatEvent(deps, m.organizationId, eventId));
  }

  // Own rounds go (their co-players lose them from their lists at once). Cards in others' rounds become a
  // guest's when the account row goes, by the database's trigger (decision 0406).
  const coPlayers =
    ownRounds.length === 0
      ? []
      : await tx
          .selectDistinct({ userId: participant.userId })
          .from(participant)
          .where(
            and(
              inArray(
                participant.roundId,
                ownRounds.map((r) => r.id),
              ),
              isNotNull(participant.userId),
              ne(participant.userId, user.id),
            ),
          );
  await tx.delete(round).where(eq(round.ownerUserId, user.id));
  for (const p of coPlayers) writer.afterCommit(() => announceAccessChanged(deps, p.userId!));

  // Personal courses go, except one that other players' rounds or tournaments were played on: it stays,
  // without owner and unshared, so their rounds keep their course.
  const courses = await tx
    .select({ id: course.id })
    .from(course)
    .where(and(eq(course.kind, 'personal'), eq(course.ownerUserId, user.id)));
  let coursesKept = 0;
  for (const c of courses) {
    const [usedByRound] = await tx.select({ id: round.id }).from(round).where(eq(round.courseId, c.id)).limit(1);
    const [usedByTournament] = await tx
      .select({ id: tournament.id })
      .from(tournament)
      .where(eq(tournament.courseId, c.id))
      .limit(1);
    if (usedByRound || usedByTournament) {
      await tx.update(course).set({ ownerUserId: null, shared: false, updatedAt: now }).where(eq(course.id, c.id));
      coursesKept++;
    } else {
      await tx.delete(course).where(eq(course.id, c.id));
    }
  }

  // The addresses leave the database with the account, everywhere at once (decision 0107). Rate-limit
  // counts never held them (a keyed hash: auth/rate-limit.ts).
  const secondary = await tx
    .select({ email: userSecondaryEmail.email })
    .from(userSecondaryEmail)
    .where(eq(userSecondaryEmail.userId, user.id));
  const addresses = [user.email, ...secondary.map((a) => a.email)].map((a) => a.toLowerCase());
  const named = (key: string) => inArray(sql`lower(${auditLog.details} ->> ${key})`, addresses);
  // The security log keeps its rows (about the user, and the invitations an organization sent to one of the
  // addresses, resent or cancelled), but not the addresses in them.
  await tx
    .update(auditLog)
    .set({ details: sql`${auditLog.details} - 'email' - 'mergedEmail'` })
    .where(
      and(isNotNull(auditLog.details), or(eq(auditLog.subjectUserId, user.id), named('email'), named('mergedEmail'))),
    );
  // Every open link and code mailed to one of the addresses: sign-in links (keyed by address, not account),
  // organizations' invitations (their rows go with them), confirmations another account asked for.
  await tx.delete(verification).where(inArray(sql`lower(${verification.email})`, addresses));

  // Memberships, addresses, codes, recovery codes and 2FA setups cascade; cards become guests' (trigger).
  await tx.delete(appUser).where(eq(appUser.id, user.id));

  return {
    rounds: ownRounds.length,
    courses: courses.length - coursesKept,
    coursesKept,
    chatMessages: authored.length,
    feedItems,
    entriesWithdrawn,
    entriesKeptAsGuest,
    organizationsDeleted: alone.length,
    membershipOrgs,
  };
}

/**
 * DELETE /account. The second factor is checked first (a counted attempt under the 2FA limits), then, in
 * the transaction that deletes, the mailed code (a wrong one is returned, not thrown, so its attempt is
 * committed). 409 LAST_OWNER while the user alone owns an organization others belong to.
 */
export async function deleteAccount(
  deps: Deps,
  input: { user: UserRow; jar: CookieJar; code: string; twoFactorCode?: string | undefined; ip: string | null },
): Promise<{ ok: true }> {
  const { user } = input;
  assertNotLastOwner(await organizationsOwnedAlone(deps.db, user.id, false));
  if (user.twoFactorMethod !== null) {
    if (input.twoFactorCode === undefined) {
      throw new AppError('INVALID_INPUT', {
        issues: [{ path: 'twoFactorCode', key: 'errors.account.secondFactorCode' }],
      });
    }
    await requireSecondFactor(deps, { user, code: input.twoFactorCode, ip: input.ip });
  }

  const announcements: (() => void)[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
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

    const writer = { tx, afterCommit: (work: () => void) => void announcements.push(work) };
    const { membershipOrgs, ...summary } = await eraseAccount(deps, writer, locked, owned.alone);
    // The account is gone; the log keeps that it was deleted, by whom (itself) and from where, not the address.
    await audit(deps, tx, {
      action: 'account.deleted',
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: input.ip,
      details: { ...summary },
    });
    for (const m of membershipOrgs) {
      await audit(deps, tx, {
        action: 'account.deleted',
        actorUserId: user.id,
        subjectUserId: user.id,
        organizationId: m.id,
        ip: input.ip,
        details: { role: m.role },
      });
    }
    return summary;
  });
  if (outcome instanceof AppError) throw outcome;
  for (const announce of announcements) announce();
  // Every socket of every session of the account closes now (decision 0004), not at the next sweep.
  announceSessionsEnded(deps, user.id);
  clearSession(input.jar);
  return { ok: true };
}
