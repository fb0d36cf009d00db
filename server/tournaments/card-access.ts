import { and, eq } from 'drizzle-orm';
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
  /** The entrant's account; null for a guest. */
  userId: string | null;
}

export type CardRelation = { kind: 'entrant' } | { kind: 'marker'; markerEntryId: string } | { kind: 'none' };

/** The entry of this tournament, or 404: an entry of another tournament is not found here. */
export async function requireEntry(tx: Queryable, t: TournamentRow, entryId: string): Promise<CardEntry> {
  const [row] = await tx
    .select({ id: tournamentEntry.id, userId: tournamentEntryAccount.userId })
    .from(tournamentEntry)
    .leftJoin(tournamentEntryAccount, eq(tournamentEntryAccount.entryId, tournamentEntry.id))
    .where(
      and(
        eq(tournamentEntry.id, entryId),
        eq(tournamentEntry.tournamentId, t.id),
        eq(tournamentEntry.organizationId, t.organizationId),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { key: 'errors.tournaments.participantNotFound' });
  return row;
}

const callerGroup = alias(tournamentGroupEntry, 'caller_group');

/** The user's relation to the entry's card in `round`. A marker is an entrant of the same group in that round. */
export async function relationToCard(
  tx: Queryable,
  t: TournamentRow,
  entry: CardEntry,
  round: number,
  userId: string,
): Promise<CardRelation> {
  if (entry.userId === userId) return { kind: 'entrant' };
  const [marker] = await tx
    .select({ entryId: tournamentEntryAccount.entryId })
    .from(tournamentEntryAccount)
    .innerJoin(callerGroup, and(eq(callerGroup.entryId, tournamentEntryAccount.entryId), eq(callerGroup.round, round)))
    .innerJoin(
      tournamentGroupEntry,
      and(eq(tournamentGroupEntry.groupId, callerGroup.groupId), eq(tournamentGroupEntry.entryId, entry.id)),
    )
    .where(and(eq(tournamentEntryAccount.tournamentId, t.id), eq(tournamentEntryAccount.userId, userId)))
    .limit(1);
  return marker ? { kind: 'marker', markerEntryId: marker.entryId } : { kind: 'none' };
}

/** A round the tournament does not have is a bad input (400), not a missing record: the body names it. */
export async function requireTournamentRound(tx: Queryable, t: TournamentRow, round: number): Promise<void> {
  const [row] = await tx
    .select({ number: tournamentRound.number })
    .from(tournamentRound)
    .where(and(eq(tournamentRound.tournamentId, t.id), eq(tournamentRound.number, round)))
    .limit(1);
  if (!row)
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
