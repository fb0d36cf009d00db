import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { tournamentDivision, tournamentEntry, tournamentRound, tournamentScore } from '../db/schema';
import { allocateStrokes, countingBalls } from '../golf';
import { isFourBallFormat } from '../../shared/formats';
import { HOLES_PER_TOURNAMENT_ROUND } from '../../shared/schemas/tournaments';
import type { LeaderboardEntry, LeaderboardInput } from '../golf/leaderboard';
import type { TournamentRow } from './access';
import { teamPlayersOf } from './team-view';
import { inField } from './waiting-list';
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
    .where(inField(t.id))
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

/** A team's player as the leaderboard reads it: whose ball, by name, off which frozen handicap. */
export interface TeamPlayerOnBoard {
  entryId: string;
  ball: number;
  name: string;
  playingHandicap: number | null;
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
  scores: readonly BallScore[],
): Promise<void> {
  const players = await teamPlayersOf(db, { tournamentId: t.id });
  for (const entry of byId.values())
    entry.players = players.filter((p) => p.entryId === entry.entryId).map((p) => p.name);
  if (!isFourBallFormat(t.format)) {
    for (const s of scores) {
      const row = byId.get(s.entryId)?.scores[s.round - 1];
      if (row && s.ball === 0) row[s.hole - 1] = s.strokes;
    }
    return;
  }
  applyFourBall(byId.values(), players, scores, holes);
}

export interface BallScore {
  entryId: string;
  round: number;
  hole: number;
  strokes: number;
  ball: number;
}

/**
 * Four-ball's cards from the players' own balls (pure: the live leaderboard and its benchmark run it on every
 * score): each entry's scores become the ball that counted on each hole, with that ball's strokes received.
 */
export function applyFourBall(
  entries: Iterable<LeaderboardEntry>,
  players: readonly TeamPlayerOnBoard[],
  scores: readonly BallScore[],
  holes: readonly { strokeIndex: number }[],
): void {
  const strokeIndexes = holes.map((h) => h.strokeIndex);
  // One pass over the scores into each entry's balls (ball → round → hole), keyed by the entry's id alone.
  const cards = new Map<string, (number | null)[][][]>();
  for (const s of scores) {
    const balls = cards.get(s.entryId) ?? [];
    cards.set(s.entryId, balls);
    const rounds = balls[s.ball] ?? [];
    balls[s.ball] = rounds;
    const strokes = rounds[s.round - 1] ?? new Array<number | null>(HOLES_PER_TOURNAMENT_ROUND).fill(null);
    rounds[s.round - 1] = strokes;
    strokes[s.hole - 1] = s.strokes;
  }
  const teams = new Map<string, TeamPlayerOnBoard[]>();
  for (const p of players) {
    const team = teams.get(p.entryId);
    if (team) team.push(p);
    else teams.set(p.entryId, [p]);
  }
  const empty: (number | null)[] = new Array<number | null>(HOLES_PER_TOURNAMENT_ROUND).fill(null);
  for (const entry of entries) {
    const own = teams.get(entry.entryId) ?? [];
    const balls = cards.get(entry.entryId) ?? [];
    const received = own.map((p) => allocateStrokes(p.playingHandicap ?? 0, strokeIndexes));
    entry.strokesReceived = [];
    entry.scores = entry.scores.map((_, r) => {
      const counted = countingBalls(
        own.map((p, i) => ({ strokes: balls[p.ball]?.[r] ?? empty, strokesReceived: received[i]! })),
      );
      entry.strokesReceived!.push(counted.strokesReceived);
      return counted.strokes;
    });
  }
}
