/**
 * Decimal rounding without binary surprises: 10.3 / 2 is 5.1499999... in floating point, yet a golfer
 * expects 5.2. Values are first cut to 12 significant digits (far beyond any golf number's precision),
 * which restores the decimal the arithmetic meant, and only then rounded.
 */
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/** GOLF.md's "round half away from zero": 10.5 → 11, −10.5 → −11, to `decimals` places. */
export function roundHalfAwayFromZero(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  const scaled = clean(Math.abs(value) * factor);
  const rounded = Math.round(scaled) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/**
 * A score differential to one decimal: nearest tenth, and a negative half goes toward zero
 * (−1.45 → −1.4, 1.45 → 1.5), as the World Handicap System rounds negative differentials.
 */
export function roundDifferential(value: number): number {
  const scaled = clean(value * 10);
  const rounded = Math.floor(scaled + 0.5) / 10;
  return rounded === 0 ? 0 : rounded;
}
