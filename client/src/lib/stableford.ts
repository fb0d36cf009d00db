/**
 * Stableford points as docs/golf.md counts them, on the phone from the strokes it shows (the server's
 * leaderboard counts the same). Pure, with nothing else imported: the public page carries it too.
 */

/** Points on one hole: two for a net par, one more per stroke better, never below 0. */
export function stablefordPointsOn(par: number, received: number, strokes: number): number {
  return Math.max(0, 2 + par + received - strokes);
}

/** Points of the holes played among `holes`, or null when none of them is played. */
export function sumPoints(holes: readonly number[], pointsOn: (hole: number) => number | null): number | null {
  const played = holes.map(pointsOn).filter((p): p is number => p !== null);
  return played.length === 0 ? null : played.reduce((a, b) => a + b, 0);
}
