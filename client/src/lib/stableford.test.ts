import { describe, expect, it } from 'vitest';
import { stablefordPointsOn, sumPoints } from './stableford';

describe('Stableford points on the phone', () => {
  it('gives two for a net par, one more per stroke better, and never below zero', () => {
    expect(stablefordPointsOn(4, 0, 4)).toBe(2);
    expect(stablefordPointsOn(4, 1, 4)).toBe(3);
    expect(stablefordPointsOn(5, 2, 4)).toBe(5);
    expect(stablefordPointsOn(4, 0, 6)).toBe(0);
    expect(stablefordPointsOn(3, 0, 9)).toBe(0);
    // A plus handicap gives a stroke back: a gross par is a net bogey.
    expect(stablefordPointsOn(4, -1, 4)).toBe(1);
  });

  it('sums the holes played and says nothing for a nine not begun', () => {
    const points: Record<number, number | null> = { 1: 2, 2: 0, 3: null };
    expect(sumPoints([1, 2, 3], (h) => points[h] ?? null)).toBe(2);
    expect(sumPoints([3], () => null)).toBeNull();
  });
});
