import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { courseHole, tournamentDivision, tournamentEntry, tournamentRound, tournamentScore } from '../db/schema';
import type { LeaderboardInput } from '../golf/leaderboard';
import type { TournamentRow } from './access';

/**
 * What computeLeaderboard needs, read on `db` as given (the organization's tenancy transaction, or none for
 * a public page). Entries whose handicaps are not frozen yet play off 0: before `in_progress` there are no
 * scores, so the value moves nothing. Entries come in entry order, so the input is the same on every read.
 */
export async function loadLeaderboardInput(db: Queryable, row: TournamentRow): Promise<LeaderboardInput> {
  // One after the other: inside a transaction the queries share one connection.
  const holes = await db
    .select({ number: courseHole.number, par: courseHole.par, strokeIndex: courseHole.strokeIndex })
    .from(courseHole)
    .where(eq(courseHole.courseId, row.courseId));
  const rounds = await db.select({ number: tournamentRound.number }).from(tournamentRound).where(eq(tournamentRound.tournamentId, row.id));
  const divisions = await db
    .select({ id: tournamentDivision.id, name: tournamentDivision.name })
    .from(tournamentDivision)
    .where(eq(tournamentDivision.tournamentId, row.id))
    .orderBy(asc(tournamentDivision.position), asc(tournamentDivision.id));
  const entries = await db
    .select({ id: tournamentEntry.id, name: tournamentEntry.name, divisionId: tournamentEntry.divisionId, playingHandicap: tournamentEntry.playingHandicap })
    .from(tournamentEntry)
    .where(eq(tournamentEntry.tournamentId, row.id))
    .orderBy(asc(tournamentEntry.createdAt), asc(tournamentEntry.id));
  const scores = await db
    .select({ entryId: tournamentScore.entryId, round: tournamentScore.round, hole: tournamentScore.hole, strokes: tournamentScore.strokes })
    .from(tournamentScore)
    .where(eq(tournamentScore.tournamentId, row.id));

  const roundCount = Math.max(1, ...rounds.map((r) => r.number));
  const cards = new Map<string, (number | null)[][]>();
  for (const entry of entries) {
    cards.set(
      entry.id,
      Array.from({ length: roundCount }, () => Array<number | null>(18).fill(null)),
    );
  }
  for (const s of scores) {
    const card = cards.get(s.entryId);
    if (card && s.round <= roundCount) card[s.round - 1]![s.hole - 1] = s.strokes;
  }
  return {
    format: row.format,
    holes,
    roundCount,
    divisions,
    entries: entries.map((e) => ({
      entryId: e.id,
      name: e.name,
      divisionId: e.divisionId,
      playingHandicap: e.playingHandicap ?? 0,
      scores: cards.get(e.id)!,
    })),
  };
}
