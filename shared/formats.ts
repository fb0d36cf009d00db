/**
 * The team formats of docs/contract.md section 12, the same five in rounds and tournaments, without labels
 * or anything else: the public page imports these predicates, and must not carry the value lists' labels
 * (decision 0511's budget). shared/values.ts builds the format lists from them and re-exports them.
 */
export const FOUR_BALL_FORMATS = ['fourball_stroke', 'fourball_stableford'] as const;
export type FourBallFormat = (typeof FOUR_BALL_FORMATS)[number];

/** The formats where a side plays one ball: one score per hole per side, with a team playing handicap. */
export const ONE_BALL_FORMATS = ['foursomes', 'greensomes', 'scramble'] as const;
export type OneBallFormat = (typeof ONE_BALL_FORMATS)[number];

/** Never in a handicap record (decisions 0424 and 0426). */
export const TEAM_FORMATS = [...FOUR_BALL_FORMATS, ...ONE_BALL_FORMATS] as const;
export type TeamFormat = (typeof TEAM_FORMATS)[number];

export function isTeamFormat(format: string): format is TeamFormat {
  return (TEAM_FORMATS as readonly string[]).includes(format);
}

export function isOneBallFormat(format: string): format is OneBallFormat {
  return (ONE_BALL_FORMATS as readonly string[]).includes(format);
}

export function isFourBallFormat(format: string): format is FourBallFormat {
  return (FOUR_BALL_FORMATS as readonly string[]).includes(format);
}

/** Stableford and four-ball Stableford rank by points (more is better); the others by strokes to par. */
export function ranksByPoints(format: string): boolean {
  return format === 'stableford' || format === 'fourball_stableford';
}

/** A tournament's format: gross stroke play is the one played without handicap strokes. */
export function playsNet(format: string): boolean {
  return format !== 'stroke_gross';
}
