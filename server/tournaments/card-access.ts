import { and, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import {
  tournamentCard,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentGroupEntry,
  tournamentRound,
} from '../db/schema';
import { AppError } from '../errors';
import type { TournamentRow } from './access';

/**
 * Who may touch an entry's card in one round (docs/contract.md section 9): the entrant (the entry's account),
 * a marker (another entrant of the same group in that round), and, for scores and unlocking, the
 * organization's owners and admins. Shared by score writing and card signing.
 */

export interface CardEntry {
  id: string;
  /** The entrant's account; null for a guest, and for a team (its players' are `userIds`). */
  userId: string | null;
  /** Every account the entry is: the entrant's, or a team's players' who have one (decision 0426). */
  userIds: string[];
  team: boolean;
}

/** A marker who is no entry (an organizer marking a team alone in its group) has no `markerEntryId`. */
export type CardRelation = { kind: 'entrant' } | { kind: 'marker'; markerEntryId: string | null } | { kind: 'none' };

/** What the card checks read of the tournament: its ids (teamSize only where an entry becomes a CardEntry). */
type TournamentKey = Pick<TournamentRow, 'id' | 'organizationId'>;

/** The entry of this tournament, or 404: an entry of another tournament is not found here. */
export async function requireEntry(tx: Queryable, t: TournamentRow, entryId: string): Promise<CardEntry> {
  return cardEntryOf(t, await entryRows(tx, t, entryId));
}

/** requireEntry's read, for a caller that sends it together with others (setTournamentScore). */
export function entryRows(tx: Queryable, t: TournamentKey, entryId: string) {
  return tx
    .select({
      id: tournamentEntry.id,
      userId: tournamentEntryAccount.userId,
      waitingNumber: tournamentEntry.waitingNumber,
    })
    .from(tournamentEntry)
    .leftJoin(tournamentEntryAccount, eq(tournamentEntryAccount.entryId, tournamentEntry.id))
    .where(
      and(
        eq(tournamentEntry.id, entryId),
        eq(tournamentEntry.tournamentId, t.id),
        eq(tournamentEntry.organizationId, t.organizationId),
      ),
    );
}

/** requireEntry's answer from its rows: 404 without one, 409 for an entry on the waiting list. */
export function cardEntryOf(
  t: Pick<TournamentRow, 'teamSize'>,
  rows: Awaited<ReturnType<typeof entryRows>>,
): CardEntry {
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { key: 'errors.tournaments.participantNotFound' });
  // On the waiting list it has no card: it does not play (decision 0427).
  if (row.waitingNumber !== null) throw new AppError('CONFLICT', { key: 'errors.tournaments.waitingHasNoCard' });
  const userIds = rows.flatMap((r) => (r.userId === null ? [] : [r.userId]));
  const team = t.teamSize > 1;
  return { id: row.id, userId: team ? null : row.userId, userIds, team };
}

const callerGroup = alias(tournamentGroupEntry, 'caller_group');

/**
 * The user's relation to the entry's card in `round`. A marker is an entrant of another entry of the same
 * group in that round: in a team format, a player of another team (any player of a team is its entrant).
 */
export async function relationToCard(
  tx: Queryable,
  t: TournamentKey,
  entry: CardEntry,
  round: number,
  userId: string,
): Promise<CardRelation> {
  if (entry.userIds.includes(userId)) return { kind: 'entrant' };
  return relationOf(entry, userId, await markerRows(tx, t, entry.id, round, userId));
}

/** The caller's own entry in the entry's group in `round`, if any: relationToCard's read. */
export function markerRows(tx: Queryable, t: TournamentKey, entryId: string, round: number, userId: string) {
  return tx
    .select({ entryId: tournamentEntryAccount.entryId })
    .from(tournamentEntryAccount)
    .innerJoin(callerGroup, and(eq(callerGroup.entryId, tournamentEntryAccount.entryId), eq(callerGroup.round, round)))
    .innerJoin(
      tournamentGroupEntry,
      and(eq(tournamentGroupEntry.groupId, callerGroup.groupId), eq(tournamentGroupEntry.entryId, entryId)),
    )
    .where(and(eq(tournamentEntryAccount.tournamentId, t.id), eq(tournamentEntryAccount.userId, userId)))
    .limit(1);
}

/** relationToCard's answer from markerRows (read whether or not the caller is the entrant). */
export function relationOf(
  entry: CardEntry,
  userId: string,
  markers: Awaited<ReturnType<typeof markerRows>>,
): CardRelation {
  if (entry.userIds.includes(userId)) return { kind: 'entrant' };
  const [marker] = markers;
  return marker ? { kind: 'marker', markerEntryId: marker.entryId } : { kind: 'none' };
}

/** A round the tournament does not have is a bad input (400), not a missing record: the body names it. */
export async function requireTournamentRound(tx: Queryable, t: TournamentKey, round: number): Promise<void> {
  assertRound(await roundRows(tx, t, round), round);
}

/** requireTournamentRound's read. */
export function roundRows(tx: Queryable, t: TournamentKey, round: number) {
  return tx
    .select({ number: tournamentRound.number })
    .from(tournamentRound)
    .where(and(eq(tournamentRound.tournamentId, t.id), eq(tournamentRound.number, round)))
    .limit(1);
}

/** requireTournamentRound's answer from its read: 400 naming the round when there is none. */
export function assertRound(rows: Awaited<ReturnType<typeof roundRows>>, round: number): void {
  if (rows.length === 0)
    throw new AppError('INVALID_INPUT', {
      issues: [{ path: 'round', key: 'errors.tournaments.noSuchRound', params: { round } }],
    });
}

export type CardRow = typeof tournamentCard.$inferSelect;

export async function findCard(tx: Queryable, entryId: string, round: number): Promise<CardRow | null> {
  const [row] = await tx
    .select()
    .from(tournamentCard)
    .where(and(eq(tournamentCard.entryId, entryId), eq(tournamentCard.round, round)))
    .limit(1);
  return row ?? null;
}

export function lockedCardConflict(round: number): AppError {
  return new AppError('CONFLICT', {
    key: 'errors.tournaments.cardLocked',
    params: { round },
  });
}

/** Whether the entry shares its group in `round` with another entry (one that can give it a marker). */
export async function hasGroupPartner(
  tx: Queryable,
  t: TournamentRow,
  entryId: string,
  round: number,
): Promise<boolean> {
  const [other] = await tx
    .select({ entryId: tournamentGroupEntry.entryId })
    .from(callerGroup)
    .innerJoin(
      tournamentGroupEntry,
      and(eq(tournamentGroupEntry.groupId, callerGroup.groupId), ne(tournamentGroupEntry.entryId, entryId)),
    )
    .where(and(eq(callerGroup.tournamentId, t.id), eq(callerGroup.entryId, entryId), eq(callerGroup.round, round)))
    .limit(1);
  return other !== undefined;
}
