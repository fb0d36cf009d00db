/**
 * The Handicap Index's limits (World Handicap System, docs/golf.md), without zod: the golf rules on the
 * server and the app's chunks read them here, and the one schema in shared/schemas/handicap-index.ts holds
 * every input to them. A plus handicap of up to +10.0 is stored as −10.0; the highest index is 54.0.
 */
export const MIN_HANDICAP_INDEX = -10;
export const MAX_HANDICAP_INDEX = 54;
/** The index a player without one plays off: the highest there is. */
export const DEFAULT_HANDICAP_INDEX = MAX_HANDICAP_INDEX;

/** One decimal at most, within floating point's reach (12.3 is 12.299999… in binary). */
export function hasOneDecimal(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}
