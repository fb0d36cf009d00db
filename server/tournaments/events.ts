import type { Queryable } from '../db/client';
import { tournamentEvent } from '../db/schema';
import type { Deps } from '../deps';

/**
 * The tournament's change log, as round_event is a round's: every change that can move its leaderboard
 * (a score, an entry, a withdrawal, a status move, a group change) is written here in the same transaction as
 * the change itself, and its audience is nudged on the bus after the commit. The live leaderboard
 * (tournaments.onLeaderboard) reads the log in id order; tracked ids let a reconnecting client resume.
 */
export type TournamentChange =
  | { type: 'score'; entryId: string; round: number; hole: number; strokes: number | null; ball?: number }
  | { type: 'entries' }
  | { type: 'status' }
  | { type: 'groups'; round: number }
  | { type: 'details' };

export const tournamentChannel = (tournamentId: string) => `tournament:${tournamentId}`;

/** Inside the change's own transaction (a tenancy transaction: the row is the organization's). */
export async function appendTournamentEvent(
  tx: Queryable,
  tournament: { id: string; organizationId: string },
  change: TournamentChange,
): Promise<number> {
  const [row] = await tx
    .insert(tournamentEvent)
    .values({ tournamentId: tournament.id, organizationId: tournament.organizationId, payload: change })
    .returning({ id: tournamentEvent.id });
  return row!.id;
}

/** After the commit only: a subscriber must never see a change that could still roll back. */
export function publishTournamentEvent(deps: Pick<Deps, 'bus'>, tournamentId: string, eventId: number): void {
  deps.bus.publish(tournamentChannel(tournamentId), { id: eventId });
}
