import { roundHalfUp } from './rounding';
import type { RoundFormat, RoundHoles } from '../../shared/values';

/**
 * Handicap allowances (docs/golf.md), in per cent. "Four-ball" is any round where a side has more than one
 * player: the side's best net (or best points) per hole counts, as in a better-ball game.
 */
export const ALLOWANCE_PERCENT = {
  individualStroke: 95,
  individualStableford: 95,
  fourBallStroke: 85,
  fourBallStableford: 85,
  singlesMatch: 100,
  fourBallMatch: 90,
} as const;

export function allowancePercent(format: RoundFormat, fourBall: boolean): number {
  switch (format) {
    case 'stroke':
      return fourBall ? ALLOWANCE_PERCENT.fourBallStroke : ALLOWANCE_PERCENT.individualStroke;
    case 'stableford':
      return fourBall ? ALLOWANCE_PERCENT.fourBallStableford : ALLOWANCE_PERCENT.individualStableford;
    case 'match':
      return fourBall ? ALLOWANCE_PERCENT.fourBallMatch : ALLOWANCE_PERCENT.singlesMatch;
  }
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
