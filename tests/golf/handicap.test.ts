import { describe, expect, it } from 'vitest';
import {
  ALLOWANCE_PERCENT,
  allowancePercent,
  courseHandicap,
  fourBallPlayingHandicaps,
  matchPlayHandicaps,
  nineHoleIndex,
  nineHoleRating,
  playingHandicap,
  roundHalfUp,
  TEAM_ALLOWANCE_PERCENTS,
  teamPlayingHandicap,
  teamSizes,
  wholeCourseHandicap,
} from '../../server/golf';

describe('rounding: ".5 rounded upwards", toward the higher number', () => {
  it('to a whole number, plus handicaps included', () => {
    expect(roundHalfUp(10.5)).toBe(11);
    expect(roundHalfUp(10.49)).toBe(10);
    expect(roundHalfUp(-2.5)).toBe(-2); // a plus 2.5 plays off +2
    expect(roundHalfUp(-4.5)).toBe(-4);
    expect(roundHalfUp(-2.51)).toBe(-3);
    expect(roundHalfUp(-2.49)).toBe(-2);
    expect(roundHalfUp(-0.5)).toBe(0);
    expect(roundHalfUp(0.5)).toBe(1);
    expect(Object.is(roundHalfUp(-0.4), -0)).toBe(false);
  });

  it('to one decimal, the same rule for indexes and differentials', () => {
    expect(roundHalfUp(19.05, 1)).toBe(19.1);
    expect(roundHalfUp(-1.55, 1)).toBe(-1.5);
    expect(roundHalfUp(-1.56, 1)).toBe(-1.6);
    expect(roundHalfUp(4.35, 1)).toBe(4.4);
    expect(roundHalfUp(-1.45, 1)).toBe(-1.4);
    expect(roundHalfUp(18.984, 1)).toBe(19);
    expect(Object.is(roundHalfUp(-0.04, 1), -0)).toBe(false);
    // 10.3 / 2 is 5.1499999... in binary floating point; a golfer expects 5.2.
    expect(roundHalfUp(10.3 / 2, 1)).toBe(5.2);
    expect(roundHalfUp(-10.3 / 2, 1)).toBe(-5.1);
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
  });
});

describe('course handicap', () => {
  it('docs/golf.md: HI 10.4, slope 125, CR 71.2, par 72 gives CH 10.704, shown as 11', () => {
    const ch = courseHandicap(10.4, { slope: 125, courseRating: 71.2, par: 72 });
    expect(ch).toBeCloseTo(10.704, 3);
    expect(wholeCourseHandicap(ch)).toBe(11);
  });

  it('is unrounded, and can be negative for a plus index', () => {
    const ch = courseHandicap(-2.1, { slope: 130, courseRating: 72.4, par: 72 });
    expect(ch).toBeCloseTo(-2.1 * (130 / 113) + 0.4, 10);
    expect(wholeCourseHandicap(ch)).toBe(-2);
  });

  it('a scratch player on a course rated above par still receives the difference', () => {
    expect(courseHandicap(0, { slope: 140, courseRating: 74.5, par: 72 })).toBeCloseTo(2.5, 10);
    expect(wholeCourseHandicap(2.5)).toBe(3);
    expect(wholeCourseHandicap(-2.5)).toBe(-2); // a plus 2.5 shows as +2
  });
});

describe('playing handicap and allowances', () => {
  it('docs/golf.md: HI 27.7, slope 129, CR 71.1, par 72, 85 % gives CH 30.722 and PH 26', () => {
    const ch = courseHandicap(27.7, { slope: 129, courseRating: 71.1, par: 72 });
    expect(ch).toBeCloseTo(30.722, 3);
    expect(playingHandicap(ch, 85)).toBe(26);
  });

  it('applies the allowance to the unrounded course handicap, not the rounded one', () => {
    // CH 10.45: rounded first it would be 10 → 9.5 → 10; unrounded 10.45 × 95 % = 9.9275 → 10.
    // CH 12.6: rounded first 13 × 85 % = 11.05 → 11; unrounded 12.6 × 85 % = 10.71 → 11. Find a case that differs:
    // CH 16.4: rounded 16 × 90 % = 14.4 → 14; unrounded 16.4 × 90 % = 14.76 → 15.
    expect(playingHandicap(16.4, 90)).toBe(15);
    expect(playingHandicap(wholeCourseHandicap(16.4), 90)).toBe(14);
    // CH 8.6: rounded 9 × 95 % = 8.55 → 9; unrounded 8.6 × 95 % = 8.17 → 8.
    expect(playingHandicap(8.6, 95)).toBe(8);
  });

  it('uses the allowance of each format', () => {
    expect(ALLOWANCE_PERCENT).toEqual({
      individualStroke: 95,
      individualStableford: 95,
      fourBallStroke: 85,
      fourBallStableford: 85,
      singlesMatch: 100,
      fourBallMatch: 90,
    });
    expect(allowancePercent('stroke', false)).toBe(95);
    expect(allowancePercent('stableford', false)).toBe(95);
    expect(allowancePercent('stroke', true)).toBe(85);
    expect(allowancePercent('match', false)).toBe(100);
    expect(allowancePercent('match', true)).toBe(90);
    expect(playingHandicap(20, 100)).toBe(20);
    expect(playingHandicap(20, 95)).toBe(19);
    expect(playingHandicap(20, 85)).toBe(17);
    expect(playingHandicap(20, 90)).toBe(18);
  });

  it('rounds a half playing handicap upwards, plus handicaps included', () => {
    expect(playingHandicap(10, 95)).toBe(10); // 9.5 → 10
    expect(playingHandicap(-10, 95)).toBe(-9); // −9.5 → −9: a plus 9.5 plays off +9
    expect(playingHandicap(-3.2, 95)).toBe(-3); // −3.04 → −3
    expect(playingHandicap(-2.5, 100)).toBe(-2); // singles match play: plays off +2
    expect(playingHandicap(-5, 90)).toBe(-4); // four-ball match play: −4.5 → −4
    expect(playingHandicap(-5.6, 90)).toBe(-5); // −5.04 → −5
  });
});

describe('match play strokes', () => {
  it('the lower playing handicap plays off 0, the other receives the difference', () => {
    expect(matchPlayHandicaps([12, 20])).toEqual([0, 8]);
    expect(matchPlayHandicaps([20, 12])).toEqual([8, 0]);
    expect(matchPlayHandicaps([15, 15])).toEqual([0, 0]);
  });

  it('a plus handicap plays off 0 too, and the other receives the whole difference', () => {
    expect(matchPlayHandicaps([-2, 5])).toEqual([0, 7]);
  });

  it('in a four-ball every player is set against the lowest of the four', () => {
    expect(matchPlayHandicaps([4, 11, 18, 25])).toEqual([0, 7, 14, 21]);
    expect(matchPlayHandicaps([])).toEqual([]);
  });
});

describe('nine holes', () => {
  it('halves the index to one decimal, a half upwards', () => {
    expect(nineHoleIndex(10.4)).toBe(5.2);
    expect(nineHoleIndex(10.5)).toBe(5.3);
    expect(nineHoleIndex(10.3)).toBe(5.2);
    expect(nineHoleIndex(54)).toBe(27);
    expect(nineHoleIndex(-2.1)).toBe(-1); // −1.05 → −1.0
    expect(nineHoleIndex(-2.3)).toBe(-1.1); // −1.15 → −1.1
    expect(nineHoleIndex(8.7)).toBe(4.4);
    expect(nineHoleIndex(0.1)).toBe(0.1);
  });

  const tee = {
    courseRating: 71.6,
    slope: 128,
    par: 72,
    front9Rating: 35.4,
    front9Slope: 124,
    back9Rating: null,
    back9Slope: null,
  };

  it("uses the tee's own nine-hole rating and slope where it has them", () => {
    expect(nineHoleRating(tee, 'front9', 36)).toEqual({ courseRating: 35.4, slope: 124, par: 36 });
  });

  it('derives half the 18-hole rating and the same slope where the tee has none', () => {
    expect(nineHoleRating(tee, 'back9', 36)).toEqual({ courseRating: 35.8, slope: 128, par: 36 });
  });

  it('computes a nine-hole course handicap from the halved index and the nine-hole rating', () => {
    const rating = nineHoleRating(tee, 'front9', 35);
    const ch = courseHandicap(nineHoleIndex(18.3), rating);
    // 9.2 × 124 / 113 + (35.4 − 35) = 10.495...
    expect(ch).toBeCloseTo((9.2 * 124) / 113 + 0.4, 10);
    expect(wholeCourseHandicap(ch)).toBe(10);
    expect(playingHandicap(ch, 95)).toBe(10);
  });
});

describe('team allowances (GOLF.md, Appendix C), from the unrounded course handicaps', () => {
  /** Every order of the players: the allowance goes from the lowest CH up, whoever is named first. */
  function everyOrder(values: readonly number[]): number[][] {
    if (values.length <= 1) return [[...values]];
    return values.flatMap((v, i) =>
      everyOrder([...values.slice(0, i), ...values.slice(i + 1)]).map((rest) => [v, ...rest]),
    );
  }
  function expectInEveryOrder(format: Parameters<typeof teamPlayingHandicap>[0], chs: number[], ph: number) {
    for (const order of everyOrder(chs)) expect(teamPlayingHandicap(format, order)).toBe(ph);
  }

  it('four-ball stroke play and Stableford: 85 % of each player’s own CH', () => {
    // docs/golf.md's vector: CH 30.722 at 85 % is 26.11 → 26.
    const ch = courseHandicap(27.7, { slope: 129, courseRating: 71.1, par: 72 });
    expect(fourBallPlayingHandicaps([ch, 10])).toEqual([26, 9]); // 10 × 85 % = 8.5 → 9
    expect(fourBallPlayingHandicaps([-10, 0.6])).toEqual([-8, 1]); // −8.5 → −8 (plays off +8); 0.51 → 1
    expect(allowancePercent('fourball_stroke', false)).toBe(85);
    expect(allowancePercent('fourball_stableford', false)).toBe(85);
  });

  it('scramble with two players: 35 % of the lower + 15 % of the higher', () => {
    // 35 % × 10.3 + 15 % × 20.1 = 3.605 + 3.015 = 6.62 → 7.
    expectInEveryOrder('scramble', [10.3, 20.1], 7);
    // The .5 boundaries: 3.5 + 3.0 = 6.5 → 7; a plus side, −3.5 → −3.
    expectInEveryOrder('scramble', [10, 20], 7);
    expectInEveryOrder('scramble', [-10, 0], -3);
    // Just under the half: 35 % × 9.99 + 15 % × 20 = 6.4965 → 6.
    expectInEveryOrder('scramble', [9.99, 20], 6);
    // Unrounded 3.36 + 2.94 = 6.3 → 6, where CHs rounded first (10 and 20) would give 6.5 → 7.
    expectInEveryOrder('scramble', [9.6, 19.6], 6);
  });

  it('scramble with four players: 25 / 20 / 15 / 10 % from the lowest CH up', () => {
    // 25 % × 4.2 + 20 % × 12.8 + 15 % × 20.5 + 10 % × 30.1 = 1.05 + 2.56 + 3.075 + 3.01 = 9.695 → 10.
    expectInEveryOrder('scramble', [4.2, 12.8, 20.5, 30.1], 10);
    // 15 % × 10 + 10 % × 10 = 2.5 → 3 in every order; taken in the order given, 25 % × 10 + 15 % × 10 = 4.
    expectInEveryOrder('scramble', [10, 0, 10, 0], 3);
    // A side with plus players: −25 % × 6 − 20 % × 2.5 + 15 % × 0 + 10 % × 5 = −1.5 − 0.5 + 0.5 = −1.5 → −1.
    expectInEveryOrder('scramble', [-6, -2.5, 0, 5], -1);
  });

  it('greensomes with a plus player: 60 % of the lower + 40 % of the higher', () => {
    // 60 % × −2.4 + 40 % × 15.6 = −1.44 + 6.24 = 4.8 → 5.
    expectInEveryOrder('greensomes', [-2.4, 15.6], 5);
    // The .5 boundaries: −1.5 + 4 = 2.5 → 3; two plus players −4.5 → −4 (the side plays off +4).
    expectInEveryOrder('greensomes', [-2.5, 10], 3);
    expectInEveryOrder('greensomes', [-7.5, 0], -4);
    expectInEveryOrder('greensomes', [-7.5, -0.01], -5); // −4.504 → −5
  });

  it('foursomes: 50 % of the partners’ combined CH, an odd sum giving a half', () => {
    // 11 + 18 = 29 → 14.5 → 15.
    expectInEveryOrder('foursomes', [11, 18], 15);
    // Unrounded: 10.6 + 17.6 = 28.2 → 14.1 → 14 (rounded first 11 + 18 = 29 would give 15).
    expectInEveryOrder('foursomes', [10.6, 17.6], 14);
    // Binary floating point makes (0.1 × 50 + 16.9 × 50) / 100 into 8.499999999999998; the half still goes up.
    expectInEveryOrder('foursomes', [0.1, 16.9], 9);
    // A plus partner: (−4 + 1) / 2 = −1.5 → −1; (−3 + 2) / 2 = −0.5 → 0.
    expectInEveryOrder('foursomes', [-4, 1], -1);
    expectInEveryOrder('foursomes', [-3, 2], 0);
  });

  it('has allowances for the side sizes GOLF.md names, and no others', () => {
    expect(TEAM_ALLOWANCE_PERCENTS).toEqual({
      foursomes: { 2: [50, 50] },
      greensomes: { 2: [60, 40] },
      scramble: { 2: [35, 15], 4: [25, 20, 15, 10] },
    });
    expect(teamSizes('foursomes')).toEqual([2]);
    expect(teamSizes('greensomes')).toEqual([2]);
    expect(teamSizes('scramble')).toEqual([2, 4]);
    expect(() => teamPlayingHandicap('foursomes', [10, 12, 14])).toThrow(RangeError);
    expect(() => teamPlayingHandicap('scramble', [10, 12, 14])).toThrow(RangeError);
    expect(() => teamPlayingHandicap('greensomes', [10])).toThrow(RangeError);
    for (const format of ['foursomes', 'greensomes', 'scramble'] as const) {
      expect(allowancePercent(format, false)).toBeNull();
    }
  });
});
