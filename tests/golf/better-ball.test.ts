import { describe, expect, it } from 'vitest';
import { allocateStrokes, countingBalls } from '../../server/golf';

// An 18-hole card whose holes 1..4 have stroke indexes 1, 4, 15 and 18; the tests score those four.
const strokeIndexes = [1, 4, 15, 18, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17];
const received = (playingHandicap: number) => allocateStrokes(playingHandicap, strokeIndexes).slice(0, 4);

describe('four-ball: the better ball on each hole', () => {
  it('counts the lower net, with strokes received on different holes', () => {
    // PH 4 receives on SI 1 to 4; PH 16 on SI 1 to 16: the high handicap has a stroke on hole 3, the low one not.
    const low = { strokes: [5, 5, 4, 4], strokesReceived: received(4) };
    const high = { strokes: [6, 6, 4, 5], strokesReceived: received(16) };
    expect(low.strokesReceived).toEqual([1, 1, 0, 0]);
    expect(high.strokesReceived).toEqual([1, 1, 1, 0]);
    const counted = countingBalls([low, high]);
    // Nets: low 4, 4, 4, 4; high 5, 5, 3, 5.
    expect(counted.ball).toEqual([0, 0, 1, 0]);
    expect(counted.strokes).toEqual([5, 5, 4, 4]);
    expect(counted.strokesReceived).toEqual([1, 1, 1, 0]);
  });

  it('lets a lone ball count alone and leaves a hole nobody scored empty', () => {
    const a = { strokes: [4, null, null, 3], strokesReceived: [0, 0, 0, 0] };
    const b = { strokes: [null, 6, null, null], strokesReceived: [0, 1, 0, 0] };
    const counted = countingBalls([a, b]);
    expect(counted.ball).toEqual([0, 1, null, 0]);
    expect(counted.strokes).toEqual([4, 6, null, 3]);
    expect(counted.strokesReceived).toEqual([0, 1, 0, 0]);
  });

  it('takes the lower gross between equal nets, then the first player', () => {
    const a = { strokes: [5, 4], strokesReceived: [1, 0] };
    const b = { strokes: [4, 4], strokesReceived: [0, 0] };
    expect(countingBalls([a, b]).ball).toEqual([1, 0]);
  });

  it('counts a plus handicap giving a stroke back', () => {
    // PH −1 gives one back on SI 18 (hole 4): gross 4 is net 5 there, and the partner's net 4 counts.
    const plus = { strokes: [4, 5, 3, 4], strokesReceived: received(-1) };
    const partner = { strokes: [6, 6, 4, 4], strokesReceived: received(0) };
    expect(plus.strokesReceived).toEqual([0, 0, 0, -1]);
    expect(countingBalls([plus, partner]).ball).toEqual([0, 0, 0, 1]);
  });
});
