import { roundHalfUp } from './rounding';
import type { OneBallFormat, RoundFormat, RoundHoles } from '../../shared/values';

/**
 * Handicap allowances (docs/golf.md), in per cent. "Four-ball" is a four-ball format, or a stroke play or
 * Stableford round where a side has more than one player: the side's best net (or best points) per hole
 * counts, as in a better-ball game. The one-ball formats' allowances are TEAM_ALLOWANCE_PERCENTS.
 */
export const ALLOWANCE_PERCENT = {
  individualStroke: 95,
  individualStableford: 95,
  fourBallStroke: 85,
  fourBallStableford: 85,
  singlesMatch: 100,
  fourBallMatch: 90,
} as const;

/** Each player's own allowance; null in the one-ball formats, whose side has one team playing handicap. */
export function allowancePercent(format: RoundFormat, fourBall: boolean): number | null {
  switch (format) {
    case 'stroke':
      return fourBall ? ALLOWANCE_PERCENT.fourBallStroke : ALLOWANCE_PERCENT.individualStroke;
    case 'stableford':
      return fourBall ? ALLOWANCE_PERCENT.fourBallStableford : ALLOWANCE_PERCENT.individualStableford;
    case 'match':
      return fourBall ? ALLOWANCE_PERCENT.fourBallMatch : ALLOWANCE_PERCENT.singlesMatch;
    case 'fourball_stroke':
      return ALLOWANCE_PERCENT.fourBallStroke;
    case 'fourball_stableford':
      return ALLOWANCE_PERCENT.fourBallStableford;
    case 'foursomes':
    case 'greensomes':
    case 'scramble':
      return null;
  }
}

/**
 * The one-ball formats' allowances (GOLF.md, Appendix C), per cent of each player's course handicap, the
 * lowest CH first: foursomes 50 % of the partners' combined CH; greensomes 60 % of the lower + 40 % of the
 * higher; scramble with two players 35 / 15, with four 25 / 20 / 15 / 10. Keyed by the side's size: a size
 * not listed has no allowance.
 */
export const TEAM_ALLOWANCE_PERCENTS: Readonly<
  Record<OneBallFormat, Readonly<Partial<Record<number, readonly number[]>>>>
> = {
  foursomes: { 2: [50, 50] },
  greensomes: { 2: [60, 40] },
  scramble: { 2: [35, 15], 4: [25, 20, 15, 10] },
};

/** The side sizes a one-ball format has an allowance for (foursomes and greensomes 2, scramble 2 or 4). */
export function teamSizes(format: OneBallFormat): number[] {
  return Object.keys(TEAM_ALLOWANCE_PERCENTS[format]).map(Number);
}

/**
 * A one-ball side's team playing handicap: each player's unrounded course handicap times their share
 * (from the lowest CH up, so the order the players are given in does not matter), summed, and only the
 * sum rounded, a half upwards. The shares are whole per cents, so the sum is computed as Σ CH × percent
 * and divided by 100 once, then cut to 12 significant digits by roundHalfUp: 35 % of 10.3 is 3.605, not
 * 3.6049999. A size the format has no allowance for is a RangeError: the rounds domain refuses it first.
 */
export function teamPlayingHandicap(format: OneBallFormat, courseHandicaps: readonly number[]): number {
  const percents = TEAM_ALLOWANCE_PERCENTS[format][courseHandicaps.length];
  if (!percents) {
    throw new RangeError(`${format} has no allowance for a side of ${courseHandicaps.length}`);
  }
  const lowestFirst = [...courseHandicaps].sort((a, b) => a - b);
  const hundredths = lowestFirst.reduce((sum, ch, i) => sum + ch * percents[i]!, 0);
  return roundHalfUp(hundredths / 100);
}

/** Four-ball stroke play and Stableford: every player plays off 85 % of their own course handicap. */
export function fourBallPlayingHandicaps(courseHandicaps: readonly number[]): number[] {
  return courseHandicaps.map((ch) => playingHandicap(ch, ALLOWANCE_PERCENT.fourBallStroke));
}

/** What a tee contributes to a handicap for the holes being played: kept on the server, never sent. */
export interface Rating {
  courseRating: number;
  slope: number;
  par: number;
}

/**
 * Course Handicap = HI × Slope / 113 + (CR − Par), unrounded: the allowance is applied to this value, and
 * it is rounded only where a whole number is needed.
 */
export function courseHandicap(handicapIndex: number, rating: Rating): number {
  return (handicapIndex * rating.slope) / 113 + (rating.courseRating - rating.par);
}

/** The whole Course Handicap used for net double bogey and shown to players. */
export function wholeCourseHandicap(courseHandicapValue: number): number {
  return roundHalfUp(courseHandicapValue);
}

/** Playing Handicap = round(CH × allowance), from the unrounded CH. */
export function playingHandicap(courseHandicapValue: number, allowance: number): number {
  return roundHalfUp((courseHandicapValue * allowance) / 100);
}

/**
 * Match play: the player with the lowest Playing Handicap plays off 0 and every other player receives
 * the difference (singles, and all four players of a four-ball match alike).
 */
export function matchPlayHandicaps(playingHandicaps: readonly number[]): number[] {
  if (playingHandicaps.length === 0) return [];
  const lowest = Math.min(...playingHandicaps);
  return playingHandicaps.map((ph) => ph - lowest);
}

/** Nine holes: the Handicap Index is halved, to one decimal (a plus index stays a plus index). */
export function nineHoleIndex(handicapIndex: number): number {
  return roundHalfUp(handicapIndex / 2, 1);
}

/** A tee's 18-hole values plus its nine-hole ratings where the course has them. */
export interface TeeRatings {
  courseRating: number;
  slope: number;
  par: number;
  front9Rating: number | null;
  front9Slope: number | null;
  back9Rating: number | null;
  back9Slope: number | null;
}

/**
 * The rating for nine holes of an 18-hole course. Where the tee has no nine-hole rating, the rating is
 * half the 18-hole rating and the slope is the 18-hole slope (docs/courses-and-rounds.md); the par is the
 * sum of the nine holes' pars.
 */
export function nineHoleRating(tee: TeeRatings, nine: Exclude<RoundHoles, '18'>, ninePar: number): Rating {
  const rating = nine === 'front9' ? tee.front9Rating : tee.back9Rating;
  const slope = nine === 'front9' ? tee.front9Slope : tee.back9Slope;
  return {
    courseRating: rating ?? tee.courseRating / 2,
    slope: slope ?? tee.slope,
    par: ninePar,
  };
}
