/**
 * Stroke allocation. A player with handicap n over N holes receives floor(n / N) strokes on every hole and
 * one more on the holes ranked ≤ n mod N by stroke index (18 holes: SI 1 first; above 18, 36 and 54 the
 * same pattern repeats). A plus handicap gives strokes back, starting with the easiest hole (SI 18, or the
 * highest-ranked of the nine). On nine holes the 18-hole stroke indexes keep their order: the nine holes
 * are ranked 1..9 by their stroke index.
 */
export function strokesOnHole(handicap: number, rank: number, holeCount: number): number {
  if (handicap >= 0) {
    return Math.floor(handicap / holeCount) + (rank <= handicap % holeCount ? 1 : 0);
  }
  const back = -handicap;
  const given = Math.floor(back / holeCount) + (rank > holeCount - (back % holeCount) ? 1 : 0);
  return given === 0 ? 0 : -given;
}

/** Each hole's rank (1 = hardest) among the holes played, from their stroke indexes. */
export function strokeIndexRanks(strokeIndexes: readonly number[]): number[] {
  const order = strokeIndexes.map((si, position) => ({ si, position })).sort((a, b) => a.si - b.si);
  const ranks = new Array<number>(strokeIndexes.length);
  order.forEach((entry, i) => {
    ranks[entry.position] = i + 1;
  });
  return ranks;
}

/** Strokes received on each of the holes played, in the order given. */
export function allocateStrokes(handicap: number, strokeIndexes: readonly number[]): number[] {
  const ranks = strokeIndexRanks(strokeIndexes);
  return ranks.map((rank) => strokesOnHole(handicap, rank, strokeIndexes.length));
}
