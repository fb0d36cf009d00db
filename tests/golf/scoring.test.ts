import { describe, expect, it } from 'vitest';
import {
  adjustedHoleScore,
  allocateStrokes,
  netDoubleBogey,
  netScore,
  scoreDifferential,
  stablefordPoints,
  strokeIndexRanks,
  strokesOnHole,
} from '../../server/golf';

const SI_18 = Array.from({ length: 18 }, (_, i) => i + 1);

describe('stroke allocation', () => {
  it('gives one stroke on the holes with SI ≤ PH up to 18', () => {
    const strokes = allocateStrokes(5, SI_18);
    expect(strokes.slice(0, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(strokes.slice(5)).toEqual(new Array(13).fill(0));
    expect(allocateStrokes(0, SI_18)).toEqual(new Array(18).fill(0));
    expect(allocateStrokes(18, SI_18)).toEqual(new Array(18).fill(1));
  });

  it('repeats the pattern above 18, 36 and 54', () => {
    const at23 = allocateStrokes(23, SI_18);
    expect(at23.filter((s) => s === 2)).toHaveLength(5);
    expect(at23[4]).toBe(2);
    expect(at23[5]).toBe(1);
    expect(allocateStrokes(36, SI_18)).toEqual(new Array(18).fill(2));
    const at40 = allocateStrokes(40, SI_18);
    expect(at40.slice(0, 4)).toEqual([3, 3, 3, 3]);
    expect(at40[4]).toBe(2);
    const at58 = allocateStrokes(58, SI_18);
    expect(at58.slice(0, 4)).toEqual([4, 4, 4, 4]);
    expect(at58[17]).toBe(3);
    expect(at58.reduce((a, b) => a + b, 0)).toBe(58);
  });

  it('follows the stroke index, not the hole number', () => {
    const si = [7, 15, 1, 11, 3, 17, 9, 5, 13, 8, 16, 2, 12, 4, 18, 10, 6, 14];
    const strokes = allocateStrokes(3, si);
    expect(strokes[2]).toBe(1); // SI 1
    expect(strokes[11]).toBe(1); // SI 2
    expect(strokes[4]).toBe(1); // SI 3
    expect(strokes.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('a plus handicap gives strokes back, starting at stroke index 18', () => {
    const strokes = allocateStrokes(-2, SI_18);
    expect(strokes[17]).toBe(-1); // SI 18
    expect(strokes[16]).toBe(-1); // SI 17
    expect(strokes.slice(0, 16)).toEqual(new Array(16).fill(0));
    expect(strokesOnHole(-1, 18, 18)).toBe(-1);
    expect(strokesOnHole(-1, 17, 18)).toBe(0);
    expect(allocateStrokes(-20, SI_18).reduce((a, b) => a + b, 0)).toBe(-20);
    expect(strokesOnHole(-20, 18, 18)).toBe(-2);
    expect(strokesOnHole(-20, 1, 18)).toBe(-1);
  });

  it('on nine holes the 18-hole stroke indexes keep their order', () => {
    // The front nine of a course with odd indexes out there.
    const front = [5, 13, 1, 17, 9, 3, 15, 7, 11];
    expect(strokeIndexRanks(front)).toEqual([3, 7, 1, 9, 5, 2, 8, 4, 6]);
    expect(allocateStrokes(2, front)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 0]);
    // PH 11 over nine holes: one stroke everywhere and a second on the two hardest.
    expect(allocateStrokes(11, front)).toEqual([1, 1, 2, 1, 1, 2, 1, 1, 1]);
    // A plus handicap on nine gives back on the easiest of the nine (SI 17 here).
    expect(allocateStrokes(-1, front)).toEqual([0, 0, 0, -1, 0, 0, 0, 0, 0]);
  });
});

describe('hole scores', () => {
  it('docs/golf.md: CH 24, par 4, SI 2, gross 9 receives 2, net double bogey 8, adjusted 8', () => {
    const received = strokesOnHole(24, 2, 18);
    expect(received).toBe(2);
    expect(netDoubleBogey(4, received)).toBe(8);
    expect(adjustedHoleScore(9, 4, received)).toBe(8);
  });

  it('keeps a score under net double bogey as it is', () => {
    expect(adjustedHoleScore(6, 4, 1)).toBe(6);
    expect(adjustedHoleScore(7, 4, 1)).toBe(7);
    expect(adjustedHoleScore(8, 4, 1)).toBe(7);
    // A plus player's net double bogey is lower on the holes where strokes go back.
    expect(netDoubleBogey(4, -1)).toBe(5);
  });

  it('docs/golf.md: PH 23 scores 3, 4, 1 and 2 Stableford points', () => {
    const holes = [
      { si: 1, par: 4, gross: 5, points: 3 },
      { si: 4, par: 5, gross: 5, points: 4 },
      { si: 15, par: 3, gross: 5, points: 1 },
      { si: 18, par: 4, gross: 5, points: 2 },
    ];
    for (const hole of holes) {
      expect(stablefordPoints(hole.par, strokesOnHole(23, hole.si, 18), hole.gross)).toBe(hole.points);
    }
  });

  it('never gives negative Stableford points', () => {
    expect(stablefordPoints(4, 0, 10)).toBe(0);
    expect(stablefordPoints(4, 0, 6)).toBe(0);
    expect(stablefordPoints(4, 0, 1)).toBe(5);
    expect(stablefordPoints(4, -1, 4)).toBe(1);
  });

  it('net = gross − strokes received', () => {
    expect(netScore(6, 2)).toBe(4);
    expect(netScore(4, -1)).toBe(5);
  });
});

describe('score differential', () => {
  it('docs/golf.md: adjusted gross 94, CR 73.0, slope 125, PCC 0 gives 19.0', () => {
    expect(scoreDifferential({ adjustedGross: 94, courseRating: 73.0, slope: 125, pcc: 0 })).toBe(19.0);
  });

  it('subtracts the playing conditions calculation', () => {
    // 113 / 113 × (85 − 72.0 − 1) = 12.0
    expect(scoreDifferential({ adjustedGross: 85, courseRating: 72.0, slope: 113, pcc: 1 })).toBe(12);
  });

  it('rounds a negative differential toward zero at the half', () => {
    // 113 / 113 × (70 − 71.45) = −1.45 → −1.4
    expect(scoreDifferential({ adjustedGross: 70, courseRating: 71.45, slope: 113 })).toBe(-1.4);
    // 113 / 130 × (68 − 72.4) = −3.8246 → −3.8
    expect(scoreDifferential({ adjustedGross: 68, courseRating: 72.4, slope: 130 })).toBe(-3.8);
  });
});
