import { asc, eq, inArray } from 'drizzle-orm';
import type { RoundResult } from '../../shared/schemas/rounds';
import type { Queryable } from '../db/client';
import { courseHole, participant, round, side } from '../db/schema';
import { scoreRound } from '../golf';
import type { RoundFormat, RoundHoles } from '../../shared/values';
import { playedHoles, scoresOf } from './view';

export interface RoundToSum {
  id: string;
  format: RoundFormat;
  holes: RoundHoles;
  status: 'open' | 'finished';
  startedAt: Date | null;
}

/**
 * The caller's own result in each round of a list (the round list's "84 slag (+12)", "36 poeng"): their
 * totals and their side's standing, scored by the same `scoreRound` as the scorecard. In four queries for
 * the whole list, not a scorecard per round: only started rounds have a result, and their handicaps are
 * frozen, so no rating is read. A round the caller does not play in, or not yet started, has none.
 */
export async function myRoundResults(
  db: Queryable,
  rounds: readonly RoundToSum[],
  userId: string,
): Promise<Map<string, RoundResult>> {
  const started = rounds.filter((r) => r.startedAt !== null);
  const results = new Map<string, RoundResult>();
  if (started.length === 0) return results;
  const roundIds = started.map((r) => r.id);
  const [players, sides, holes] = await Promise.all([
    db
      .select({
        id: participant.id,
        roundId: participant.roundId,
        sideId: participant.sideId,
        userId: participant.userId,
        handicapIndex: participant.handicapIndex,
        courseHandicap: participant.courseHandicap,
        playingHandicap: participant.playingHandicap,
      })
      .from(participant)
      .where(inArray(participant.roundId, roundIds))
      .orderBy(asc(participant.createdAt), asc(participant.id)),
    db
      .select({ id: side.id, roundId: side.roundId })
      .from(side)
      .where(inArray(side.roundId, roundIds))
      .orderBy(asc(side.position), asc(side.id)),
    // Through each round's row, in one statement: a round moved onto its course's played version
    // (courses/versions.ts) is read with that version's holes, never with the edited ones.
    db
      .select({
        roundId: round.id,
        number: courseHole.number,
        par: courseHole.par,
        strokeIndex: courseHole.strokeIndex,
      })
      .from(courseHole)
      .innerJoin(round, eq(round.courseId, courseHole.courseId))
      .where(inArray(round.id, roundIds))
      .orderBy(asc(courseHole.number)),
  ]);
  const scores = await scoresOf(
    db,
    players.map((p) => p.id),
  );

  for (const r of started) {
    const inRound = players.filter((p) => p.roundId === r.id);
    const mine = inRound.findIndex((p) => p.userId === userId);
    // Frozen values are written to every participant by the first score; a row without them is not scored.
    if (mine < 0 || inRound.some((p) => p.courseHandicap === null || p.playingHandicap === null)) continue;
    const played = playedHoles(
      r.holes,
      holes.filter((h) => h.roundId === r.id),
    );
    const scored = scoreRound({
      format: r.format,
      holes: played,
      nineHoles: played.length === 9,
      rating: null,
      sides: sides.filter((s) => s.roundId === r.id),
      finished: r.status === 'finished',
      players: inRound.map((p) => ({
        id: p.id,
        sideId: p.sideId,
        handicapIndex: p.handicapIndex ?? 0,
        frozen: { courseHandicap: p.courseHandicap!, playingHandicap: p.playingHandicap! },
        scores: new Map(scores.filter((s) => s.participantId === p.id).map((s) => [s.hole, s.strokes])),
      })),
    });
    results.set(r.id, {
      holeCount: played.length,
      totals: scored.players[mine]!.totals,
      standing: scored.standings.get(inRound[mine]!.sideId) ?? null,
    });
  }
  return results;
}
