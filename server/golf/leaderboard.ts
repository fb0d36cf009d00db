import type { LeaderboardRowView } from '../../shared/schemas/tournaments';
import { stablefordPoints } from './scoring';
import { allocateStrokes } from './strokes';
import type { TieBreak, TieDecider, TournamentFormat } from '../../shared/values';
import { playsNet, ranksByPoints } from '../../shared/formats';

/**
 * A tournament leaderboard (docs/contract.md section 9) from plain values: no database, no clock.
 *
 * Decisions the contract leaves open, made here once:
 * - Strokes received per hole come from `allocateStrokes(playingHandicap, stroke indexes)`; a plus handicap
 *   gives strokes back from SI 18. Net = gross − received; Stableford points = stablefordPoints(...). A team
 *   of a one-ball format is an entry with the team's playing handicap. A four-ball team is an entry whose
 *   scores are, hole by hole, the ball that counted (better-ball.ts) with that ball's strokes received
 *   (`strokesReceived`); its countback compares those nets, no fractions (docs/contract.md section 12).
 * - The current round is the highest round in which any entry of the whole tournament has a score (1 when
 *   nobody has scored). `thru` counts the entry's holes with a score in that round, whatever the starting
 *   tee ('F' at 18); `rounds` has one total per round 1..current (0 for a round with nothing played);
 *   `out` and `in` are the current round's holes 1–9 and 10–18 in the same measure (null before a hole of
 *   that nine is played), and `playingHandicap` is the entry's frozen one, as a club's result list shows it.
 * - `toPar` is over every hole played in every round: gross − par in stroke_gross, net − par in stroke_net
 *   and in Stableford (Stableford ranks by points; its toPar is the net to par). `strokes` is the gross
 *   total in stroke_gross and the net total otherwise; `points` appears in Stableford only.
 * - Ranking within a division, standard competition ranking (1, T2, T2, 4): by points (more is better) in
 *   Stableford, by toPar (lower is better) otherwise. Rows with the same value form a group:
 *   - when every row of the group has completed the current round, the tournament's `tieBreak` splits it
 *     (decision 0423). `countback`, the matching of scorecards: in a multi-round event first the current
 *     round's total (`last_round`; not made in round 1, where it is the total itself), then within that
 *     round holes 10–18, 13–18, 16–18, 18, then 4–9, 7–9, 9 (`last_9` … `last_1`, `first_9_last_6` …
 *     `first_9_last_1`), by hole number whatever the starting tee. Gross: gross sums. Net: the gross sum
 *     minus the whole, 1/2, 1/3, 1/6, 1/18 of the playing handicap, fractions kept (compared as
 *     18 × gross − PH × 18, 9, 6, 3, 1, in whole numbers). Stableford: points, with the strokes received
 *     where the stroke indexes give them (more wins). `lowest_handicap`: the lower playing handicap first
 *     (a plus handicap is lower than 0), then the countback. `shared`: no split. What is still tied after
 *     every comparison shares the position;
 *   - `decidedBy`: a row of a split group that stands alone in its position carries the comparison at which
 *     it came to stand alone: the later of the two comparisons that split it from the rows just before and
 *     just after it in the group (1 A, 2 B, 3 C tied, A ahead on the last 9, B ahead of C on the last 6:
 *     A `last_9`, B and C `last_6`). Rows still sharing a position after the tie-break, rows of a group that
 *     was not split, and rows that tied nobody carry none;
 *   - when any row of the group has not completed the round, play goes on: the whole group shares one
 *     position and no tie-break is applied to anyone in it (a split between only the completed rows
 *     would rank them apart while both still tie the incomplete row, which is no order at all).
 *   Within a shared position: more holes played (all rounds) first, then name (Norwegian collation), then
 *   entryId, so the order is deterministic. An entry without any score has toPar 0 and ranks by that
 *   value like anyone else; having played no hole, it sorts last within its group.
 * - Divisions appear in input order, each with all of its entries; an entry of an unknown division is left out.
 */

export type { TieBreak, TieDecider, TournamentFormat };

export interface LeaderboardHole {
  number: number;
  par: number;
  strokeIndex: number;
}

export interface LeaderboardEntry {
  entryId: string;
  name: string;
  divisionId: string;
  /** May be negative (a plus handicap); computed and frozen by the caller. */
  playingHandicap: number;
  /** scores[r][h]: round r + 1, hole h + 1 — gross strokes, or null when not played. */
  scores: (number | null)[][];
  /**
   * Four-ball: strokesReceived[r][h], the strokes the ball that counted on that hole received (its player's
   * own handicap, better-ball.ts); the scores are that ball's. Absent: from `playingHandicap` on every hole.
   */
  strokesReceived?: number[][];
  /** A team's players by name, for the row (docs/contract.md section 12). */
  players?: string[];
}

export interface LeaderboardInput {
  format: TournamentFormat;
  /** The course's 18 holes, numbers 1..18, in any order. */
  holes: readonly LeaderboardHole[];
  /** 1..4 */
  roundCount: number;
  /** How a tie between complete rounds is decided; default `countback`. */
  tieBreak?: TieBreak;
  /** In display order. */
  divisions: readonly { id: string; name: string }[];
  entries: readonly LeaderboardEntry[];
}

/** The row docs/contract.md section 9 answers: the shared type itself, so the two cannot drift apart. */
export type LeaderboardRow = LeaderboardRowView;

export interface LeaderboardDivision {
  id: string;
  name: string;
  rows: LeaderboardRow[];
}

export interface ChangedRow {
  divisionId: string;
  row: LeaderboardRow;
}

export interface RemovedRow {
  divisionId: string;
  entryId: string;
}

export interface LeaderboardChanges {
  /** Rows of `next` that are new in their division or differ from the previous row, in `next`'s order. */
  rows: ChangedRow[];
  /** Rows of `previous` whose entry is no longer in that division of `next`, in `previous`'s order. */
  removed: RemovedRow[];
}

const HOLE_COUNT = 18;
/**
 * The matching of scorecards in the order it is made (docs/golf.md), by hole number whatever the starting
 * tee, each with the share of the playing handicap a net comparison deducts, in 18ths. `last_round` is made
 * only when the current round is not the first (in round 1 it is the total itself).
 */
const COUNTBACK_SEGMENTS: readonly {
  decidedBy: Exclude<TieDecider, 'lowest_handicap'>;
  firstHole: number;
  lastHole: number;
  handicapEighteenths: number;
}[] = [
  { decidedBy: 'last_round', firstHole: 1, lastHole: 18, handicapEighteenths: 18 },
  { decidedBy: 'last_9', firstHole: 10, lastHole: 18, handicapEighteenths: 9 },
  { decidedBy: 'last_6', firstHole: 13, lastHole: 18, handicapEighteenths: 6 },
  { decidedBy: 'last_3', firstHole: 16, lastHole: 18, handicapEighteenths: 3 },
  { decidedBy: 'last_1', firstHole: 18, lastHole: 18, handicapEighteenths: 1 },
  { decidedBy: 'first_9_last_6', firstHole: 4, lastHole: 9, handicapEighteenths: 6 },
  { decidedBy: 'first_9_last_3', firstHole: 7, lastHole: 9, handicapEighteenths: 3 },
  { decidedBy: 'first_9_last_1', firstHole: 9, lastHole: 9, handicapEighteenths: 1 },
];

/** The comparisons a tie between complete rounds goes through, in order, for a tournament's tieBreak. */
export function tieDeciders(tieBreak: TieBreak, currentRound: number): TieDecider[] {
  if (tieBreak === 'shared') return [];
  const countback = COUNTBACK_SEGMENTS.filter((s) => s.decidedBy !== 'last_round' || currentRound > 1).map(
    (s) => s.decidedBy,
  );
  return tieBreak === 'lowest_handicap' ? ['lowest_handicap', ...countback] : countback;
}

interface ScoredEntry {
  entry: LeaderboardEntry;
  row: Omit<LeaderboardRow, 'position'>;
  /** The ranking value, lower is better (Stableford points negated). */
  rankValue: number;
  complete: boolean;
  holesPlayed: number;
  /** One value per tie decider of the division, lower is better; empty unless `complete`. */
  tieValues: number[];
}

/** The holes ordered by number (index = number − 1); throws unless they are exactly 1..18. */
function holesByNumber(holes: readonly LeaderboardHole[]): LeaderboardHole[] {
  const byNumber = Array.from<LeaderboardHole | undefined>({ length: HOLE_COUNT });
  for (const hole of holes) {
    if (Number.isInteger(hole.number) && hole.number >= 1 && hole.number <= HOLE_COUNT)
      byNumber[hole.number - 1] = hole;
  }
  if (holes.length !== HOLE_COUNT || byNumber.some((hole) => hole === undefined)) {
    throw new Error('A leaderboard needs the 18 holes numbered 1..18');
  }
  return byNumber as LeaderboardHole[];
}

function score(entry: LeaderboardEntry, round: number, holeIndex: number): number | null {
  return entry.scores[round]?.[holeIndex] ?? null;
}

function currentRound(input: LeaderboardInput): number {
  let current = 1;
  for (const entry of input.entries) {
    for (let r = 0; r < input.roundCount; r++) {
      for (let h = 0; h < HOLE_COUNT; h++) {
        if (score(entry, r, h) !== null) current = Math.max(current, r + 1);
      }
    }
  }
  return current;
}

function scoreEntry(
  entry: LeaderboardEntry,
  format: TournamentFormat,
  holes: LeaderboardHole[],
  rounds: number,
  deciders: readonly TieDecider[],
): ScoredEntry {
  const fromHandicap = allocateStrokes(
    entry.playingHandicap,
    holes.map((hole) => hole.strokeIndex),
  );
  const receivedOn = (r: number, h: number): number => entry.strokesReceived?.[r]?.[h] ?? fromHandicap[h]!;
  const net = playsNet(format);
  const byPoints = ranksByPoints(format);
  let toPar = 0;
  let strokes = 0;
  let points = 0;
  let holesPlayed = 0;
  let thru = 0;
  const roundTotals: number[] = [];
  // The current round's nines in the format's measure; null until a hole of that nine is played.
  const nines: [number | null, number | null] = [null, null];
  for (let r = 0; r < rounds; r++) {
    let roundTotal = 0;
    holes.forEach((hole, h) => {
      const gross = score(entry, r, h);
      if (gross === null) return;
      const holeStrokes = net ? gross - receivedOn(r, h) : gross;
      const holePoints = stablefordPoints(hole.par, receivedOn(r, h), gross);
      const measure = byPoints ? holePoints : holeStrokes;
      toPar += holeStrokes - hole.par;
      strokes += holeStrokes;
      points += holePoints;
      roundTotal += measure;
      holesPlayed++;
      if (r === rounds - 1) {
        thru++;
        const nine = h < 9 ? 0 : 1;
        nines[nine] = (nines[nine] ?? 0) + measure;
      }
    });
    roundTotals.push(roundTotal);
  }

  const complete = thru === HOLE_COUNT;
  const last = rounds - 1;
  /**
   * A segment of the current round in the format's measure, lower is better; net in 18ths of a stroke. Four-ball
   * compares the better balls' nets with the strokes where the stroke indexes gave them, no fractions.
   */
  const segment = (firstHole: number, lastHole: number, handicapEighteenths: number): number => {
    let gross = 0;
    let netStrokes = 0;
    let segmentPoints = 0;
    for (let h = firstHole - 1; h < lastHole; h++) {
      const holeGross = score(entry, last, h)!;
      gross += holeGross;
      netStrokes += holeGross - receivedOn(last, h);
      segmentPoints += stablefordPoints(holes[h]!.par, receivedOn(last, h), holeGross);
    }
    if (byPoints) return -segmentPoints;
    if (!net) return gross;
    if (entry.strokesReceived) return 18 * netStrokes;
    return 18 * gross - entry.playingHandicap * handicapEighteenths;
  };
  const tieValues = complete
    ? deciders.map((decider) => {
        if (decider === 'lowest_handicap') return entry.playingHandicap;
        const s = COUNTBACK_SEGMENTS.find((c) => c.decidedBy === decider)!;
        return segment(s.firstHole, s.lastHole, s.handicapEighteenths);
      })
    : [];

  return {
    entry,
    row: {
      entryId: entry.entryId,
      name: entry.name,
      ...(entry.players ? { players: entry.players } : {}),
      thru: complete ? 'F' : thru,
      toPar,
      strokes,
      ...(byPoints ? { points } : {}),
      rounds: roundTotals,
      playingHandicap: entry.playingHandicap,
      out: nines[0],
      in: nines[1],
    },
    rankValue: byPoints ? -points : toPar,
    complete,
    holesPlayed,
    tieValues,
  };
}

/** The index of the first tie decider on which two complete rows differ, or −1 when they are alike on all. */
function firstDifference(a: ScoredEntry, b: ScoredEntry): number {
  return a.tieValues.findIndex((value, i) => value !== b.tieValues[i]);
}

function compareTieValues(a: ScoredEntry, b: ScoredEntry): number {
  const i = firstDifference(a, b);
  return i < 0 ? 0 : a.tieValues[i]! - b.tieValues[i]!;
}

/** Order within a shared position: more holes played, then name, then entryId. */
function compareWithinTie(a: ScoredEntry, b: ScoredEntry): number {
  const byId = a.entry.entryId < b.entry.entryId ? -1 : a.entry.entryId > b.entry.entryId ? 1 : 0;
  return b.holesPlayed - a.holesPlayed || a.entry.name.localeCompare(b.entry.name, 'nb') || byId;
}

/** Splits `items` (already sorted by `compare`) into runs that `compare` calls equal. */
function runs<T>(items: readonly T[], compare: (a: T, b: T) => number): T[][] {
  const result: T[][] = [];
  for (const item of items) {
    const run = result[result.length - 1];
    if (run && compare(run[0]!, item) === 0) run.push(item);
    else result.push([item]);
  }
  return result;
}

function rankDivision(scored: ScoredEntry[], deciders: readonly TieDecider[]): LeaderboardRow[] {
  const byValue = [...scored].sort((a, b) => a.rankValue - b.rankValue);
  const rows: LeaderboardRow[] = [];
  for (const group of runs(byValue, (a, b) => a.rankValue - b.rankValue)) {
    const decided = group.length > 1 && deciders.length > 0 && group.every((s) => s.complete);
    const tiers = decided ? runs([...group].sort(compareTieValues), compareTieValues) : [group];
    tiers.forEach((tier, i) => {
      const position = rows.length + 1;
      const label = tier.length > 1 ? `T${position}` : String(position);
      // A row alone in its tier stood alone from the comparison that split it from the later of its
      // neighbours: the rows before and after it are ordered by then, and so is its position.
      let decidedBy: TieDecider | undefined;
      if (tier.length === 1 && tiers.length > 1) {
        const before = i > 0 ? firstDifference(tiers[i - 1]![0]!, tier[0]!) : -1;
        const after = i < tiers.length - 1 ? firstDifference(tier[0]!, tiers[i + 1]![0]!) : -1;
        decidedBy = deciders[Math.max(before, after)];
      }
      for (const s of [...tier].sort(compareWithinTie)) {
        rows.push({ position: label, ...s.row, ...(decidedBy ? { decidedBy } : {}) });
      }
    });
  }
  return rows;
}

/** The leaderboard of every division, in input order, each ranked on its own. */
export function computeLeaderboard(input: LeaderboardInput): LeaderboardDivision[] {
  const holes = holesByNumber(input.holes);
  const rounds = currentRound(input);
  const deciders = tieDeciders(input.tieBreak ?? 'countback', rounds);
  return input.divisions.map((division) => ({
    id: division.id,
    name: division.name,
    rows: rankDivision(
      input.entries
        .filter((entry) => entry.divisionId === division.id)
        .map((entry) => scoreEntry(entry, input.format, holes, rounds, deciders)),
      deciders,
    ),
  }));
}

function sameRow(a: LeaderboardRow, b: LeaderboardRow): boolean {
  return (
    a.position === b.position &&
    a.entryId === b.entryId &&
    a.name === b.name &&
    a.thru === b.thru &&
    a.toPar === b.toPar &&
    a.strokes === b.strokes &&
    a.points === b.points &&
    'points' in a === 'points' in b &&
    a.rounds.length === b.rounds.length &&
    a.rounds.every((value, i) => value === b.rounds[i]) &&
    a.playingHandicap === b.playingHandicap &&
    a.out === b.out &&
    a.in === b.in &&
    a.decidedBy === b.decidedBy &&
    (a.players ?? []).join('\n') === (b.players ?? []).join('\n')
  );
}

/**
 * What a live subscriber needs to bring `previous` up to `next`: the rows that are new in their division or
 * differ in any field (rows are matched by division and entryId), and the rows that left a division.
 * A row that moved to another division appears in both lists. Deterministic: `next`'s and `previous`'s order.
 */
export function changedRows(
  previous: readonly LeaderboardDivision[],
  next: readonly LeaderboardDivision[],
): LeaderboardChanges {
  const before = new Map<string, Map<string, LeaderboardRow>>();
  for (const division of previous) before.set(division.id, new Map(division.rows.map((row) => [row.entryId, row])));
  const after = new Map<string, Set<string>>();
  for (const division of next) after.set(division.id, new Set(division.rows.map((row) => row.entryId)));

  const rows: ChangedRow[] = [];
  for (const division of next) {
    const old = before.get(division.id);
    for (const row of division.rows) {
      const previousRow = old?.get(row.entryId);
      if (!previousRow || !sameRow(previousRow, row)) rows.push({ divisionId: division.id, row });
    }
  }
  const removed: RemovedRow[] = [];
  for (const division of previous) {
    const still = after.get(division.id);
    for (const row of division.rows) {
      if (!still?.has(row.entryId)) removed.push({ divisionId: division.id, entryId: row.entryId });
    }
  }
  return { rows, removed };
}
