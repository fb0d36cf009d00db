import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  tournamentDivision,
  tournamentEntry,
  tournamentEntryPlayer,
  tournamentRound,
  tournamentScore,
} from '../db/schema';
import { allocateStrokes, countingBalls } from '../golf';
import { isFourBall } from '../../shared/tournament-rules';
import { HOLES_PER_TOURNAMENT_ROUND } from '../../shared/schemas/tournaments';
import type { LeaderboardEntry, LeaderboardInput } from '../golf/leaderboard';
import type { TournamentRow } from './access';
import { tournamentHoles } from './holes';

/** A tournament score as a card is read: whose, which round and hole, how many strokes. */
export const SCORE_FIELDS = {
  entryId: tournamentScore.entryId,
  round: tournamentScore.round,
  hole: tournamentScore.hole,
  strokes: tournamentScore.strokes,
  ball: tournamentScore.ball,
};

/**
 * computeLeaderboard's input from the tables: the course's 18 holes, the divisions in their order, every
 * entry with its frozen playing handicap (0 while it is not frozen yet, before `in_progress`) and its
 * scores. Reads run on `db` as given: the organization's tenancy transaction, or no organization context
 * for a public page (the policies let a public, non-draft tournament's rows through; course holes are
 * not organization data). Five queries one after the other: they may share one transaction's connection.
 */
export async function loadLeaderboardInput(db: Queryable, t: TournamentRow): Promise<LeaderboardInput> {
  const holes = await tournamentHoles(db, t.id);
  const rounds = await db
    .select({ number: tournamentRound.number })
    .from(tournamentRound)
    .where(eq(tournamentRound.tournamentId, t.id));
  const divisions = await db
    .select({ id: tournamentDivision.id, name: tournamentDivision.name })
    .from(tournamentDivision)
    .where(eq(tournamentDivision.tournamentId, t.id))
    .orderBy(asc(tournamentDivision.position), asc(tournamentDivision.id));
  const entries = await db
    .select({
      id: tournamentEntry.id,
      name: tournamentEntry.name,
      divisionId: tournamentEntry.divisionId,
      playingHandicap: tournamentEntry.playingHandicap,
    })
    .from(tournamentEntry)
    .where(eq(tournamentEntry.tournamentId, t.id))
    .orderBy(asc(tournamentEntry.createdAt), asc(tournamentEntry.id));
  const scores = await db.select(SCORE_FIELDS).from(tournamentScore).where(eq(tournamentScore.tournamentId, t.id));

  const roundCount = Math.max(1, ...rounds.map((r) => r.number));
  const byId = new Map<string, LeaderboardEntry>();
  for (const e of entries) {
    byId.set(e.id, {
      entryId: e.id,
      name: e.name,
      divisionId: e.divisionId,
      playingHandicap: e.playingHandicap ?? 0,
      scores: Array.from({ length: roundCount }, () =>
        Array.from<number | null>({ length: HOLES_PER_TOURNAMENT_ROUND }).fill(null),
      ),
    });
  }
  if (t.teamSize > 1) await addTeams(db, t, holes, byId, scores);
  else {
    for (const s of scores) {
      const row = byId.get(s.entryId)?.scores[s.round - 1];
      if (row) row[s.hole - 1] = s.strokes;
    }
  }
  return { format: t.format, tieBreak: t.tieBreak, holes, roundCount, divisions, entries: [...byId.values()] };
}

/**
 * A team format's entries: the players' names on the row, and in four-ball, hole by hole, the ball that
 * counted with the strokes its player received from their own frozen playing handicap (0 before the freeze,
 * as an entry's). One-ball teams play the entry's ball (0) with the team's playing handicap, as entries do.
 */
async function addTeams(
  db: Queryable,
  t: TournamentRow,
  holes: readonly { strokeIndex: number }[],
  byId: Map<string, LeaderboardEntry>,
  scores: readonly { entryId: string; round: number; hole: number; strokes: number; ball: number }[],
): Promise<void> {
  const players = await db
    .select({
      entryId: tournamentEntryPlayer.entryId,
      ball: tournamentEntryPlayer.ball,
      name: tournamentEntryPlayer.name,
      playingHandicap: tournamentEntryPlayer.playingHandicap,
    })
    .from(tournamentEntryPlayer)
    .where(eq(tournamentEntryPlayer.tournamentId, t.id))
    .orderBy(asc(tournamentEntryPlayer.ball));
  for (const entry of byId.values()) entry.players = [];
  for (const p of players) byId.get(p.entryId)?.players?.push(p.name);
  if (!isFourBall(t.format)) {
    for (const s of scores) {
      const row = byId.get(s.entryId)?.scores[s.round - 1];
      if (row && s.ball === 0) row[s.hole - 1] = s.strokes;
    }
    return;
  }
  const strokeIndexes = holes.map((h) => h.strokeIndex);
  for (const entry of byId.values()) {
    const own = players.filter((p) => p.entryId === entry.entryId);
    const received = own.map((p) => allocateStrokes(p.playingHandicap ?? 0, strokeIndexes));
    entry.strokesReceived = [];
    entry.scores = entry.scores.map((_, r) => {
      const balls = own.map((p, i) => {
        const strokes = Array.from<number | null>({ length: HOLES_PER_TOURNAMENT_ROUND }).fill(null);
        for (const s of scores)
          if (s.entryId === entry.entryId && s.round === r + 1 && s.ball === p.ball) strokes[s.hole - 1] = s.strokes;
        return { strokes, strokesReceived: received[i]! };
      });
      const counted = countingBalls(balls);
      entry.strokesReceived!.push(counted.strokesReceived);
      return counted.strokes;
    });
  }
}
