import { roundHalfUp } from './rounding';

/** Maximum hole score for handicap purposes: par + 2 + strokes received (from the whole Course Handicap). */
export function netDoubleBogey(par: number, strokesReceived: number): number {
  return par + 2 + strokesReceived;
}

/** The hole score that counts for handicap purposes. */
export function adjustedHoleScore(gross: number, par: number, strokesReceived: number): number {
  return Math.min(gross, netDoubleBogey(par, strokesReceived));
}

export function stablefordPoints(par: number, strokesReceived: number, gross: number): number {
  return Math.max(0, 2 + par + strokesReceived - gross);
}

export function netScore(gross: number, strokesReceived: number): number {
  return gross - strokesReceived;
}

/**
 * Score differential = 113 / Slope × (Adjusted Gross − Course Rating − PCC), to one decimal. It needs the
 * rating and slope, so it is computed here and never sent to a client as a per-round figure.
 */
export function scoreDifferential(input: {
  adjustedGross: number;
  courseRating: number;
  slope: number;
  pcc?: number;
}): number {
  return roundHalfUp((113 / input.slope) * (input.adjustedGross - input.courseRating - (input.pcc ?? 0)), 1);
}
