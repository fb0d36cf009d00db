/**
 * The one rounding rule of the Rules of Handicapping: ".5 rounded upwards", upwards meaning toward the
 * higher number, for whole handicaps and differentials alike: 10.5 → 11, −2.5 → −2 (a plus 2.5 plays off
 * +2), −2.51 → −3; to one decimal 19.05 → 19.1, −1.55 → −1.5 (docs/golf.md, "Rounding").
 *
 * Decimal rounding without binary surprises: 10.3 / 2 is 5.1499999... in floating point, yet a golfer
 * expects 5.2. Values are first cut to 12 significant digits (far beyond any golf number's precision),
 * which restores the decimal the arithmetic meant, and only then rounded.
 */
export function roundHalfUp(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  const rounded = Math.floor(Number((value * factor).toPrecision(12)) + 0.5) / factor;
  // −0.4 rounds to −0, which prints as 0 but is not Object.is 0.
  return rounded === 0 ? 0 : rounded;
}
