/**
 * Four-ball (docs/contract.md section 12): each player plays their own ball and the side's better ball on
 * each hole counts, a lone ball counting alone. The ball that counts is the lowest net (which is also the
 * most Stableford points: points = 2 + par − net); between equal nets, the lower gross, then the first
 * player. From plain values: no database, no clock.
 */
export interface Ball {
  /** Gross strokes on holes 1..n, null where the ball was not scored. */
  strokes: readonly (number | null)[];
  /** Strokes received on holes 1..n from the player's own playing handicap. */
  strokesReceived: readonly number[];
}

export interface CountingBalls {
  /** The counting ball's gross on each hole; null where no ball was scored. */
  strokes: (number | null)[];
  /** The counting ball's strokes received on each hole (0 where no ball was scored). */
  strokesReceived: number[];
  /** Which ball counted on each hole (its index in the balls given), null where none was scored. */
  ball: (number | null)[];
}

export function countingBalls(balls: readonly Ball[]): CountingBalls {
  const holes = Math.max(0, ...balls.map((b) => b.strokes.length));
  const result: CountingBalls = { strokes: [], strokesReceived: [], ball: [] };
  for (let h = 0; h < holes; h++) {
    let best: number | null = null;
    balls.forEach((b, i) => {
      const gross = b.strokes[h] ?? null;
      if (gross === null) return;
      if (best === null) {
        best = i;
        return;
      }
      const current = balls[best]!;
      const net = gross - (b.strokesReceived[h] ?? 0);
      const bestNet = current.strokes[h]! - (current.strokesReceived[h] ?? 0);
      if (net < bestNet || (net === bestNet && gross < current.strokes[h]!)) best = i;
    });
    result.ball.push(best);
    result.strokes.push(best === null ? null : balls[best]!.strokes[h]!);
    result.strokesReceived.push(best === null ? 0 : (balls[best]!.strokesReceived[h] ?? 0));
  }
  return result;
}
