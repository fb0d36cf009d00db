import { SCORE_FIELDS } from '../tournaments/leaderboard-input';
import { teamPlayersOf } from '../tournaments/team-view';
import { and, asc, desc, eq, inArray, isNull, like, or, type SQL } from 'drizzle-orm';
import type { AccountExport } from '../../shared/schemas/account';
import { consumeLimit, LIMITS } from '../auth/rate-limit';
import { toPublicUser } from '../auth/users';
import type { Queryable } from '../db/client';
import {
  auditLog,
  chatMessage,
  feedItem,
  organization,
  organizationMembership,
  participant,
  pushSubscription,
  round,
  tournament,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentScore,
  userSecondaryEmail,
} from '../db/schema';
import type { Actor } from '../actor';
import type { Language } from '../../shared/values';
import type { Deps } from '../deps';
import { myPersonalCourses } from '../courses/personal';
import { tournamentHighlightSource } from '../feed/items';
import { feedItemColumns, feedItemView } from '../feed/view';
import { roundView } from '../rounds/view';
import { recordOf } from '../handicap/record';
import { calendarAddressSince } from '../calendar/address';

/**
 * The user's own data (GDPR articles 15 and 20; decision 0106): everything the service holds about the
 * signed-in user, in one JSON document. Only what the user could already see: co-players appear as their
 * rounds show them, organizations by name; no other account's e-mail address, and no secret (password hash,
 * TOTP secret, token or code hashes, recovery codes) ever. Read with the service's own rights (the user's
 * rows in every organization), never through an organization's tenancy context.
 */
export const EXPORT_FORMAT = 'golf-konto-eksport';
export const EXPORT_VERSION = 1;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Rounds the user owns or has a card in, oldest first. */
async function roundIdsOf(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: round.id })
    .from(round)
    .where(
      or(
        eq(round.ownerUserId, userId),
        inArray(
          round.id,
          db.select({ id: participant.roundId }).from(participant).where(eq(participant.userId, userId)),
        ),
      ),
    )
    .orderBy(asc(round.playedOn), asc(round.createdAt));
  return rows.map((r) => r.id);
}

async function tournamentEntriesOf(db: Queryable, userId: string): Promise<AccountExport['tournamentEntries']> {
  const entries = await db
    .select({
      entryId: tournamentEntry.id,
      ball: tournamentEntryAccount.ball,
      name: tournamentEntry.name,
      handicapIndex: tournamentEntry.handicapIndex,
      courseHandicap: tournamentEntry.courseHandicap,
      playingHandicap: tournamentEntry.playingHandicap,
      enteredAt: tournamentEntry.createdAt,
      division: tournamentDivision.name,
      tournamentId: tournament.id,
      tournamentName: tournament.name,
      slug: tournament.slug,
      status: tournament.status,
      organizationName: organization.name,
    })
    .from(tournamentEntryAccount)
    .innerJoin(tournamentEntry, eq(tournamentEntry.id, tournamentEntryAccount.entryId))
    .innerJoin(tournamentDivision, eq(tournamentDivision.id, tournamentEntry.divisionId))
    .innerJoin(tournament, eq(tournament.id, tournamentEntry.tournamentId))
    .innerJoin(organization, eq(organization.id, tournament.organizationId))
    .where(eq(tournamentEntryAccount.userId, userId))
    .orderBy(asc(tournamentEntry.createdAt));
  const scores =
    entries.length === 0
      ? []
      : await db
          .select(SCORE_FIELDS)
          .from(tournamentScore)
          .where(
            inArray(
              tournamentScore.entryId,
              entries.map((e) => e.entryId),
            ),
          )
          .orderBy(asc(tournamentScore.round), asc(tournamentScore.hole));
  // On a team (decision 0426): my own place on it, and of its card only my ball (four-ball) or the side's one
  // ball, never a partner's own ball.
  const places: Awaited<ReturnType<typeof teamPlayersOf>> = [];
  for (const e of entries)
    places.push(...(await teamPlayersOf(db, { tournamentId: e.tournamentId, entryIds: [e.entryId] })));
  return entries.map((e) => {
    const place = places.find((p) => p.entryId === e.entryId && p.ball === e.ball);
    return {
      tournament: {
        id: e.tournamentId,
        name: e.tournamentName,
        slug: e.slug,
        status: e.status,
        organization: { name: e.organizationName },
      },
      entryId: e.entryId,
      name: e.name,
      division: e.division,
      handicapIndex: place ? place.handicapIndex : e.handicapIndex,
      playingHandicap: place?.playingHandicap ?? e.playingHandicap,
      enteredAt: e.enteredAt.toISOString(),
      scores: scores
        .filter((s) => s.entryId === e.entryId && (s.ball === 0 || s.ball === e.ball))
        .map((s) => ({ round: s.round, hole: s.hole, strokes: s.strokes })),
    };
  });
}

/**
 * Feed items about the user that are in the feed now: those of rounds they own or played in (shared by
 * the round's owner), and the highlights of their tournament entries.
 */
async function feedItemsOf(
  db: Queryable,
  roundIds: string[],
  entries: { tournamentId: string; entryId: string }[],
  language: Language,
) {
  const about: SQL[] = [];
  if (roundIds.length > 0) about.push(inArray(feedItem.roundId, roundIds));
  for (const e of entries) {
    about.push(
      and(
        eq(feedItem.tournamentId, e.tournamentId),
        like(feedItem.source, `${tournamentHighlightSource(e.tournamentId, e.entryId)}%`),
      )!,
    );
  }
  if (about.length === 0) return [];
  const rows = await db
    .select(feedItemColumns)
    .from(feedItem)
    .where(and(isNull(feedItem.hiddenAt), or(...about)))
    .orderBy(asc(feedItem.seq));
  return rows.map((row) => feedItemView(row, language));
}

/**
 * Security events whose subject is the user. Who else acted is not named, only whether it was the user;
 * and an address is the user's own only when the user acted: an admin's role change, an operator's
 * sign-out or a stranger's failed sign-in keeps that person's address out of the user's export.
 */
async function securityEventsOf(db: Queryable, userId: string): Promise<AccountExport['securityEvents']> {
  const rows = await db
    .select({
      action: auditLog.action,
      at: auditLog.createdAt,
      ip: auditLog.ip,
      actorUserId: auditLog.actorUserId,
      details: auditLog.details,
      organizationName: organization.name,
    })
    .from(auditLog)
    .leftJoin(organization, eq(organization.id, auditLog.organizationId))
    .where(eq(auditLog.subjectUserId, userId))
    .orderBy(desc(auditLog.createdAt));
  return rows.map((r) => ({
    action: r.action,
    at: r.at.toISOString(),
    ip: r.actorUserId === userId ? r.ip : null,
    byYou: r.actorUserId === userId,
    ...(r.organizationName !== null ? { organization: { name: r.organizationName } } : {}),
    details: r.details ?? {},
  }));
}

export async function exportAccount(deps: Deps, actor: Pick<Actor, 'user' | 'language'>): Promise<AccountExport> {
  await consumeLimit(deps, deps.db, LIMITS.accountExportsPerUser, actor.user.id);
  const { db } = deps;
  const user = actor.user;

  const addresses = await db
    .select({ email: userSecondaryEmail.email, addedAt: userSecondaryEmail.createdAt })
    .from(userSecondaryEmail)
    .where(eq(userSecondaryEmail.userId, user.id))
    .orderBy(asc(userSecondaryEmail.createdAt));
  const memberships = await db
    .select({
      id: organization.id,
      name: organization.name,
      role: organizationMembership.role,
      since: organizationMembership.createdAt,
    })
    .from(organizationMembership)
    .innerJoin(organization, eq(organization.id, organizationMembership.organizationId))
    .where(eq(organizationMembership.userId, user.id))
    .orderBy(asc(organization.name));

  const roundIds = await roundIdsOf(db, user.id);
  const rounds = [];
  for (const id of roundIds) rounds.push(await roundView(db, id));

  const tournamentEntries = await tournamentEntriesOf(db, user.id);
  const messages = await db
    .select({
      id: chatMessage.id,
      organizationName: organization.name,
      text: chatMessage.text,
      createdAt: chatMessage.createdAt,
      editedAt: chatMessage.editedAt,
      deletedAt: chatMessage.deletedAt,
    })
    .from(chatMessage)
    .innerJoin(organization, eq(organization.id, chatMessage.organizationId))
    .where(eq(chatMessage.authorUserId, user.id))
    .orderBy(asc(chatMessage.seq));

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: deps.now().toISOString(),
    profile: { ...toPublicUser(user), createdAt: user.createdAt.toISOString() },
    addresses: {
      primary: user.email,
      secondary: addresses.map((a) => ({ email: a.email, addedAt: a.addedAt.toISOString() })),
    },
    memberships: memberships.map((m) => ({
      organization: { id: m.id, name: m.name },
      role: m.role,
      since: m.since.toISOString(),
    })),
    rounds: rounds.map((r) => ({ ...r, isOwner: r.ownerUserId === user.id })),
    personalCourses: (await myPersonalCourses(deps, { userId: user.id })).courses,
    tournamentEntries,
    handicapRecord: await recordOf(db, user.id),
    chatMessages: messages.map((m) => ({
      id: m.id,
      organization: { name: m.organizationName },
      text: m.text,
      createdAt: m.createdAt.toISOString(),
      editedAt: iso(m.editedAt),
      deleted: m.deletedAt !== null,
    })),
    feedItems: await feedItemsOf(
      db,
      roundIds,
      tournamentEntries.map((e) => ({ tournamentId: e.tournament.id, entryId: e.entryId })),
      actor.language ?? 'nb',
    ),
    calendarAddress: await calendarAddressSince(db, user.id).then((since) =>
      since === null ? null : { since: since.toISOString() },
    ),
    securityEvents: await securityEventsOf(db, user.id),
    pushSubscriptions: (
      await db
        .select({ endpoint: pushSubscription.endpoint, since: pushSubscription.createdAt })
        .from(pushSubscription)
        .where(eq(pushSubscription.userId, user.id))
        .orderBy(asc(pushSubscription.createdAt))
    ).map((s) => ({ service: new URL(s.endpoint).origin, since: s.since.toISOString() })),
  };
}
