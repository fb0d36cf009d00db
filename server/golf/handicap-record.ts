import { MAX_HANDICAP_INDEX } from '../../shared/handicap-index';
import { roundHalfUp } from './rounding';
import { scoreDifferential } from './scoring';

/**
 * A player's handicap record (Rules of Handicapping, Rule 5, as docs/golf.md applies it): the Handicap Index
 * computed from the player's own acceptable scores, replayed in the order they were played so that every
 * score meets the index that was in force when it was played. Pure: no database, no clock.
 *
 * Every differential and index is kept internally as a whole number of tenths, so that adding, subtracting
 * (exceptional score reductions, caps) and comparing are exact; only averages are rounded, with roundHalfUp.
 */

/** One acceptable score as the record needs it: what was played, on which day, and its rating. */
export interface PlayedScore {
  id: string;
  /** YYYY-MM-DD, the day in Europe/Oslo. */
  playedOn: string;
  /** Orders scores played on the same day (the finish time in ms, say). */
  sequence: number;
  holes: 18 | 9;
  /** Already capped at net double bogey. */
  adjustedGross: number;
  /** Of the holes played: the nine-hole rating for a nine-hole score. */
  courseRating: number;
  slope: number;
  par: number;
}

/** A score as the record shows it (docs/contract.md, ScoreRecord, without the names the caller adds). */
export interface RecordedScore {
  id: string;
  playedOn: string;
  holes: 18 | 9;
  adjustedGross: number;
  courseRating: number;
  slope: number;
  pcc: 0;
  /** The score's own differential, before any reduction; a nine shows its pair's; null for an unpaired nine. */
  differential: number | null;
  /** One of the differentials the current index uses. */
  counting: boolean;
  /** The exceptional score reduction this score (or its pair) set off. */
  exceptionalReduction: 0 | 1 | 2;
  /** The other nine of a nine-hole pair. */
  combinedWith?: string;
}

export interface HandicapRecord {
  calculatedIndex: number | null;
  /** The Low Handicap Index the caps use; null before 20 scores. */
  lowIndex: number | null;
  /** Newest first. */
  scores: RecordedScore[];
  /** The index after each day's scores, one point per day it changed, oldest first. */
  history: { date: string; index: number }[];
}

/** The scores the index looks at, and the number of them from which the caps apply. */
const RECENT_SCORES = 20;
const LOW_INDEX_DAYS = 365;
const SOFT_CAP_TENTHS = 30;
const HARD_CAP_TENTHS = 50;
const MAX_INDEX_TENTHS = MAX_HANDICAP_INDEX * 10;

/**
 * How many of the lowest differentials count, and the adjustment in tenths, by the number of scores
 * (Rule 5.2 table; index = score count, capped at 20). Fewer than 3 scores give no index.
 */
const LOWEST_USED: readonly (readonly [used: number, adjustmentTenths: number])[] = [
  [0, 0],
  [0, 0],
  [0, 0],
  [1, -20],
  [1, -10],
  [1, 0],
  [2, -10],
  [2, 0],
  [2, 0],
  [3, 0],
  [3, 0],
  [3, 0],
  [4, 0],
  [4, 0],
  [4, 0],
  [5, 0],
  [5, 0],
  [6, 0],
  [6, 0],
  [7, 0],
  [8, 0],
];

/**
 * The index from differentials in tenths, oldest first: positions into `tenths` that count (lowest
 * first), and the index in tenths before caps. Between equal differentials the more recent one counts: it is the one that
 * stays in the most recent 20 longer, so what is marked as counting changes less from score to score.
 */
function indexFromTenths(tenths: readonly number[]): { index: number | null; used: number[] } {
  const count = Math.min(tenths.length, RECENT_SCORES);
  const [usedCount, adjustment] = LOWEST_USED[count]!;
  if (usedCount === 0) return { index: null, used: [] };
  // The lowest `usedCount` of the most recent `count`, kept in order by insertion (at most 8 of 20, so no
  // sort). Newest first, and an equal one never passes another: the more recent stays ahead.
  const used: number[] = [];
  for (let position = tenths.length - 1; position >= tenths.length - count; position--) {
    const value = tenths[position]!;
    if (used.length === usedCount && value >= tenths[used[usedCount - 1]!]!) continue;
    let at = used.length === usedCount ? usedCount - 1 : used.length;
    while (at > 0 && tenths[used[at - 1]!]! > value) {
      used[at] = used[at - 1]!;
      at--;
    }
    used[at] = position;
  }
  let sum = 0;
  for (const position of used) sum += tenths[position]!;
  // roundHalfUp goes through a decimal string, which a whole quotient can do without (it runs every day).
  const average = sum % usedCount === 0 ? sum / usedCount : roundHalfUp(sum / usedCount);
  const index = Math.min(average + adjustment, MAX_INDEX_TENTHS);
  return { index, used };
}

/**
 * A one-decimal differential as whole tenths. A value with one decimal is the double nearest k / 10, and
 * × 10 gives k back exactly for any differential there is, so the rounding is only a safety net.
 */
function toTenths(value: number): number {
  const tenths = value * 10;
  return Number.isInteger(tenths) ? tenths : roundHalfUp(tenths);
}

/**
 * The Handicap Index from score differentials listed oldest first, before any cap: the Rule 5.2 table
 * below 20 scores, the lowest 8 of the most recent 20 from then on; averaged, adjusted, rounded half up
 * to one decimal, at most 54.0. `used` holds the positions (into `differentials`) that count, ascending.
 */
export function indexFromDifferentials(differentials: readonly number[]): { index: number | null; used: number[] } {
  const { index, used } = indexFromTenths(differentials.map(toTenths));
  return { index: index === null ? null : index / 10, used: used.sort((a, b) => a - b) };
}

/**
 * The caps of Rule 5.8, in tenths: a rise beyond 3.0 above the Low Handicap Index counts half (the half
 * rounded up, as every half is), and the index never goes more than 5.0 above it.
 */
function capped(calculated: number, low: number): number {
  let index = calculated;
  if (index - low > SOFT_CAP_TENTHS) index = low + SOFT_CAP_TENTHS + roundHalfUp((index - low - SOFT_CAP_TENTHS) / 2);
  return Math.min(index, low + HARD_CAP_TENTHS);
}

/** The reduction a differential sets off against the index in force (Rule 5.9), both in tenths. */
function exceptionalReduction(differential: number, indexInForce: number | null): 0 | 1 | 2 {
  if (indexInForce === null) return 0;
  const below = indexInForce - differential;
  return below >= 100 ? 2 : below >= 70 ? 1 : 0;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date: only differences of days are used. */
function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

interface HistoryPoint {
  date: string;
  day: number;
  index: number;
}

/**
 * The Low Handicap Index for a score on `day`: the lowest index the player held at any time in the 365
 * days before it. A point of the history is the index after its day's scores, held from then on; so the
 * points dated within the window count, and so does the last one before it, still held when the window
 * opened. Every point is dated before `day` when this is asked.
 */
function lowIndexBefore(history: readonly HistoryPoint[], day: number): number | null {
  const windowStart = day - LOW_INDEX_DAYS;
  let low: number | null = null;
  for (let i = history.length - 1; i >= 0; i--) {
    const point = history[i]!;
    if (low === null || point.index < low) low = point.index;
    if (point.day < windowStart) break;
  }
  return low;
}

/** One 18-hole score of the record: an 18-hole score, or two nines combined. */
interface Entry {
  date: string;
  day: number;
  differential: number;
  /** Positions in the chronological list of played scores. */
  rows: number[];
  reduction: 0 | 1 | 2;
}

function byPlayOrder(a: PlayedScore, b: PlayedScore): number {
  if (a.playedOn !== b.playedOn) return a.playedOn < b.playedOn ? -1 : 1;
  if (a.sequence !== b.sequence) return a.sequence - b.sequence;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Two nines in the order played make one 18-hole score (docs/golf.md): adjusted gross, course ratings and
 * pars added, and the slope the average of the two, rounded half up to a whole number, as Slope Ratings are
 * whole numbers. This is the project's choice (the USGA's way the USGA Handicap System combined nines before 2020): Rule 5.1b of
 * the 2020 Rules adds two unrounded nine-hole differentials instead, and the 2024 revision pairs a nine with
 * an expected score. The combined score is dated and ordered as its later nine.
 */
function combinedDifferential(first: PlayedScore, second: PlayedScore): number {
  return scoreDifferential({
    adjustedGross: first.adjustedGross + second.adjustedGross,
    courseRating: first.courseRating + second.courseRating,
    slope: roundHalfUp((first.slope + second.slope) / 2),
  });
}

/**
 * The record from every acceptable score the player has, in any order. PCC is 0: the playing conditions
 * calculation needs the whole day's field at a course, which the service does not have.
 *
 * The scores are replayed day by day. The index in force on a day is the one after the last day before it
 * (the index a player plays off is revised overnight), so scores of the same day meet the same index. Each
 * new 18-hole score may set off an exceptional reduction, which takes 1.0 or 2.0 off the most recent 20
 * differentials up to it, for good. After the day, the index is computed from the reduced differentials
 * and, from 20 scores on, capped against the Low Handicap Index.
 */
export function handicapRecord(scores: readonly PlayedScore[]): HandicapRecord {
  const played = [...scores].sort(byPlayOrder);
  const entries: Entry[] = [];
  const partner: (number | undefined)[] = new Array(played.length);
  const entryOf: (Entry | undefined)[] = new Array(played.length);
  let waitingNine: number | null = null;
  for (let i = 0; i < played.length; i++) {
    const score = played[i]!;
    let entry: Entry | null = null;
    if (score.holes === 18) {
      entry = {
        date: score.playedOn,
        day: 0,
        differential: toTenths(scoreDifferential(score)),
        rows: [i],
        reduction: 0,
      };
    } else if (waitingNine === null) {
      waitingNine = i;
    } else {
      const first = played[waitingNine]!;
      const differential = toTenths(combinedDifferential(first, score));
      entry = { date: score.playedOn, day: 0, differential, rows: [waitingNine, i], reduction: 0 };
      partner[waitingNine] = i;
      partner[i] = waitingNine;
      waitingNine = null;
    }
    if (entry) {
      entry.day = dayNumber(entry.date);
      entries.push(entry);
      for (const row of entry.rows) entryOf[row] = entry;
    }
  }

  const reduced: number[] = [];
  const history: HistoryPoint[] = [];
  let current: number | null = null;
  let low: number | null = null;
  let used: number[] = [];
  for (let i = 0; i < entries.length; ) {
    const day = entries[i]!.day;
    const inForce = current;
    for (; i < entries.length && entries[i]!.day === day; i++) {
      const entry = entries[i]!;
      reduced.push(entry.differential);
      entry.reduction = exceptionalReduction(entry.differential, inForce);
      if (entry.reduction > 0) {
        for (let j = Math.max(0, reduced.length - RECENT_SCORES); j < reduced.length; j++) {
          reduced[j]! -= entry.reduction * 10;
        }
      }
    }
    const calculated = indexFromTenths(reduced);
    used = calculated.used;
    let index = calculated.index;
    low = reduced.length >= RECENT_SCORES ? lowIndexBefore(history, day) : null;
    if (index !== null && low !== null) index = capped(index, low);
    if (index !== null && index !== current) {
      history.push({ date: entries[i - 1]!.date, day, index });
      current = index;
    }
  }

  const counting = new Set<Entry>(used.map((position) => entries[position]!));
  const recorded = played.map((score, i): RecordedScore => {
    const entry = entryOf[i];
    const other = partner[i];
    return {
      id: score.id,
      playedOn: score.playedOn,
      holes: score.holes,
      adjustedGross: score.adjustedGross,
      courseRating: score.courseRating,
      slope: score.slope,
      pcc: 0,
      differential: entry ? entry.differential / 10 : null,
      counting: entry ? counting.has(entry) : false,
      exceptionalReduction: entry ? entry.reduction : 0,
      ...(other === undefined ? {} : { combinedWith: played[other]!.id }),
    };
  });
  return {
    calculatedIndex: current === null ? null : current / 10,
    lowIndex: low === null ? null : low / 10,
    scores: recorded.reverse(),
    history: history.map((point) => ({ date: point.date, index: point.index / 10 })),
  };
}
