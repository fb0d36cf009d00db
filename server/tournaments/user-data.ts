import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { STATUSES_BEFORE_PLAY } from '../../shared/tournament-rules';
import type { UserRow } from '../auth/users';
import type { Committing } from '../db/after-commit';
import { tournament, tournamentEntry, tournamentEntryAccount, tournamentEntryPlayer } from '../db/schema';
import type { Deps } from '../deps';
import { appendTournamentEvent, publishTournamentEvent } from './events';
import { fillFromWaitingList } from './waiting-list';

/**
 * A deleted account's tournament entries (decision 0107): withdrawn before play; from `in_progress` on the
 * results stand for the other players, with the entry as a guest's. A team is withdrawn before play too (it
 * cannot play a player short); in play the player's place on it becomes a guest's (decision 0426). A place
 * freed before play goes to the first on that tournament's waiting list, as a withdrawal's does (decision
 * 0427). Each tournament's leaderboard is told.
 */
export async function eraseUserEntries(
  deps: Deps,
  writer: Committing,
  user: Pick<UserRow, 'id' | 'handicapIndex'>,
): Promise<{ entriesWithdrawn: number; entriesKeptAsGuest: number }> {
  const { tx } = writer;
  const entries = await tx
    .select({
      entryId: tournamentEntry.id,
      ball: tournamentEntryAccount.ball,
      tournamentId: tournament.id,
      organizationId: tournament.organizationId,
      status: tournament.status,
    })
    .from(tournamentEntryAccount)
    .innerJoin(tournamentEntry, eq(tournamentEntry.id, tournamentEntryAccount.entryId))
    .innerJoin(tournament, eq(tournament.id, tournamentEntry.tournamentId))
    .where(eq(tournamentEntryAccount.userId, user.id));
  // The tournaments' row locks, in one order, before any entry goes: an entry made at the same time for the
  // place this frees waits for it, as every entry against a limit waits for the tournament's lock.
  const tournamentIds = [...new Set(entries.map((e) => e.tournamentId))].sort();
  const locked =
    tournamentIds.length === 0
      ? []
      : await tx
          .select()
          .from(tournament)
          .where(inArray(tournament.id, tournamentIds))
          .orderBy(asc(tournament.id))
          .for('update');
  let entriesWithdrawn = 0;
  let entriesKeptAsGuest = 0;
  for (const e of entries) {
    if (STATUSES_BEFORE_PLAY.includes(e.status)) {
      await tx.delete(tournamentEntry).where(eq(tournamentEntry.id, e.entryId));
      entriesWithdrawn++;
    } else if (e.ball > 0) {
      await tx
        .update(tournamentEntryPlayer)
        .set({
          isGuest: true,
          handicapIndex: sql`coalesce(${tournamentEntryPlayer.handicapIndex}, ${user.handicapIndex})`,
        })
        .where(and(eq(tournamentEntryPlayer.entryId, e.entryId), eq(tournamentEntryPlayer.ball, e.ball)));
      await tx
        .delete(tournamentEntryAccount)
        .where(and(eq(tournamentEntryAccount.entryId, e.entryId), eq(tournamentEntryAccount.ball, e.ball)));
      entriesKeptAsGuest++;
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
      { type: 'entries' },
    );
    writer.afterCommit(() => publishTournamentEvent(deps, e.tournamentId, eventId));
  }
  for (const t of locked) await fillFromWaitingList(deps, writer, t);
  return { entriesWithdrawn, entriesKeptAsGuest };
}
