import { describe, expect, it } from 'vitest';
import { matchStatusText } from '../../client/src/features/scorecard/scorecard';
import { courseHandicap, playingHandicap, scoreRound, type PlayerToScore, type RoundToScore } from '../../server/golf';
import type { Standing } from '../../shared/schemas/rounds';
import { loadTexts } from '../../client/src/i18n';

// The app words a match's standing (matchStatusText) with the texts its screens load.
await loadTexts(['rounds']);

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
const SI = [7, 11, 15, 1, 5, 13, 17, 3, 9, 8, 16, 4, 2, 12, 10, 18, 6, 14];
const HOLES = PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i]! }));
const RATING = { courseRating: 71.2, slope: 125, par: 72 };

function player(
  id: string,
  sideId: string,
  handicapIndex: number,
  scores: number[] = [],
  firstHole = 1,
): PlayerToScore {
  return { id, sideId, handicapIndex, frozen: null, scores: new Map(scores.map((s, i) => [firstHole + i, s])) };
}

/** A match standing with the words its reader sees: the server sends the numbers, the app words them. */
function read(standing: Standing | null | undefined) {
  return standing?.format === 'match' ? { ...standing, status: matchStatusText(standing) } : standing;
}

function round(overrides: Partial<RoundToScore>): RoundToScore {
  return { format: 'stroke', holes: HOLES, nineHoles: false, rating: RATING, sides: [], players: [], ...overrides };
}

describe('a scored round', () => {
  it('individual stroke play at 95 %: totals and positions by net to par', () => {
    const scored = scoreRound(
      round({
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [player('p1', 'a', 10.4, [5, 5, 4]), player('p2', 'b', 24.0, [6, 6, 4])],
      }),
    );
    expect(scored.allowancePercent).toBe(95);
    expect(scored.fourBall).toBe(false);
    const [p1, p2] = scored.players;
    // CH 10.704 (shown as 11), PH round(10.1688) = 10.
    expect(p1!.courseHandicap).toBe(11);
    expect(p1!.playingHandicap).toBe(10);
    expect(p1!.totals).toMatchObject({ holesPlayed: 3, gross: 14, grossToPar: 3 });
    // PH 10 receives a stroke on SI 1 to 10: hole 1 (SI 7), not holes 2 (SI 11) and 3 (SI 15).
    expect(p1!.holes.slice(0, 3).map((h) => h.strokesReceived)).toEqual([1, 0, 0]);
    expect(p1!.totals.net).toBe(13);
    expect(p2!.playingHandicap).toBe(playingHandicap(courseHandicap(24, RATING), 95));
    expect(scored.standings.get('a')).toEqual({
      format: 'stroke',
      holesPlayed: 3,
      net: 13,
      netToPar: 2,
      position: expect.any(Number),
    });
    const netToPar = [p1!.totals.netToPar, p2!.totals.netToPar];
    expect(scored.standings.get(netToPar[0]! <= netToPar[1]! ? 'a' : 'b')!.position).toBe(1);
  });

  it('a side of two plays better ball at the four-ball allowance (stroke 85 %, Stableford 85 %)', () => {
    const players = [player('p1', 'a', 18, [6, 4]), player('p2', 'a', 6, [4, 6]), player('p3', 'b', 12, [5, 5])];
    const stroke = scoreRound(round({ sides: [{ id: 'a' }, { id: 'b' }], players }));
    expect(stroke.fourBall).toBe(true);
    expect(stroke.allowancePercent).toBe(85);
    const [p1, p2] = stroke.players;
    const best = [0, 1].map((h) => Math.min(p1!.holes[h]!.net!, p2!.holes[h]!.net!));
    expect(stroke.standings.get('a')).toMatchObject({ holesPlayed: 2, net: best[0]! + best[1]! });

    const stableford = scoreRound(round({ format: 'stableford', sides: [{ id: 'a' }, { id: 'b' }], players }));
    expect(stableford.allowancePercent).toBe(85);
    const s = stableford.players;
    const bestPoints = [0, 1].map((h) =>
      Math.max(s[0]!.holes[h]!.stablefordPoints!, s[1]!.holes[h]!.stablefordPoints!),
    );
    expect(stableford.standings.get('a')).toMatchObject({
      format: 'stableford',
      holesPlayed: 2,
      points: bestPoints[0]! + bestPoints[1]!,
    });
  });

  describe('standings while sides have played different numbers of holes (decision 0415)', () => {
    // Frozen at playing handicap 0, so no strokes received: net is gross.
    const scratch = (id: string, sideId: string, scores: number[]): PlayerToScore => ({
      ...player(id, sideId, 0, scores),
      frozen: { courseHandicap: 0, playingHandicap: 0 },
    });
    // Hole pars 4, 4, 3, 5, 4, 4, 3: one side two under after 7 holes, the other one under after 9.
    const sevenHolesTwoUnder = [3, 3, 3, 5, 4, 4, 3];
    const nineHolesOneUnder = [3, 4, 3, 5, 4, 4, 3, 4, 5];

    it('stroke play compares net to par over the holes each side played, not the sum of strokes', () => {
      const scored = scoreRound(
        round({
          sides: [{ id: 'a' }, { id: 'b' }],
          players: [scratch('p1', 'a', sevenHolesTwoUnder), scratch('p2', 'b', nineHolesOneUnder)],
        }),
      );
      expect(scored.standings.get('a')).toMatchObject({ holesPlayed: 7, netToPar: -2, position: 1 });
      expect(scored.standings.get('b')).toMatchObject({ holesPlayed: 9, netToPar: -1, position: 2 });
    });

    it('Stableford compares points against 2 a hole, so more holes played is no lead in itself', () => {
      const scored = scoreRound(
        round({
          format: 'stableford',
          sides: [{ id: 'a' }, { id: 'b' }],
          players: [scratch('p1', 'a', sevenHolesTwoUnder), scratch('p2', 'b', nineHolesOneUnder)],
        }),
      );
      // 7 holes: 14 at net par + 2 birdies = 16 points; 9 holes: 18 + 1 = 19 points.
      expect(scored.standings.get('a')).toMatchObject({ holesPlayed: 7, points: 16, pointsToPar: 2, position: 1 });
      expect(scored.standings.get('b')).toMatchObject({ holesPlayed: 9, points: 19, pointsToPar: 1, position: 2 });
    });

    it('in a finished round a side that left holes unplayed ranks after every side that played them all', () => {
      const holes = HOLES.slice(0, 9);
      for (const format of ['stroke', 'stableford'] as const) {
        const sides = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
        const players = [
          scratch('p1', 'a', sevenHolesTwoUnder),
          scratch('p2', 'b', nineHolesOneUnder),
          scratch('p3', 'c', [5, 5, 4, 6, 5, 5, 4, 5, 6]),
        ];
        const open = scoreRound(round({ format, holes, sides, players }));
        expect([...open.standings.values()].map((s) => s!.position)).toEqual([1, 2, 3]);
        const finished = scoreRound(round({ format, holes, sides, players, finished: true }));
        expect([...finished.standings.values()].map((s) => s!.position)).toEqual([3, 1, 2]);
      }
    });
  });

  it('singles match play at 100 %: the lower handicap plays off 0, the other gets the difference on the right holes', () => {
    const scored = scoreRound(
      round({
        format: 'match',
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [player('low', 'a', 4.2), player('high', 'b', 11.3)],
      }),
    );
    expect(scored.allowancePercent).toBe(100);
    const [low, high] = scored.players;
    const difference = high!.playingHandicap - low!.playingHandicap;
    expect(low!.matchHandicap).toBe(0);
    expect(high!.matchHandicap).toBe(difference);
    expect(low!.holes.every((h) => h.strokesReceived === 0)).toBe(true);
    // The difference falls on the holes with the lowest stroke indexes.
    const receiving = high!.holes
      .filter((h) => h.strokesReceived === 1)
      .map((h) => h.strokeIndex)
      .sort((a, b) => a - b);
    expect(receiving).toEqual(Array.from({ length: difference }, (_, i) => i + 1));
  });

  it('match play standing: holes up and down, dormie, decided 3&2, and holes after that do not count', () => {
    // Equal handicaps: gross decides. Side a wins holes 1-4, loses 5, halves the rest it plays.
    const a = [3, 3, 2, 4, 6, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
    const b = [4, 4, 3, 5, 5, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
    const standing = (holes: number, extraAfter = 0) => {
      const scored = scoreRound(
        round({
          format: 'match',
          sides: [{ id: 'a' }, { id: 'b' }],
          players: [
            player('pa', 'a', 10, a.slice(0, holes)),
            player('pb', 'b', 10, [
              ...b.slice(0, holes - extraAfter),
              ...b.slice(holes - extraAfter, holes).map((x) => x - 3),
            ]),
          ],
        }),
      );
      return [read(scored.standings.get('a')), read(scored.standings.get('b'))];
    };
    expect(standing(0)[0]).toMatchObject({
      holesPlayed: 0,
      holesUp: 0,
      status: 'Likt',
      decided: false,
      position: null,
    });
    expect(standing(3)).toMatchObject([
      { holesUp: 3, status: '3 opp', holesRemaining: 15, position: 1 },
      { holesUp: -3, status: '3 ned', position: 2 },
    ]);
    expect(standing(5)[0]).toMatchObject({ holesUp: 3, holesPlayed: 5 });
    // After 15 holes, 3 up with 3 to play: dormie.
    expect(standing(15)[0]).toMatchObject({ holesUp: 3, holesRemaining: 3, status: '3 opp (dormie)', decided: false });
    // After 16: 3 up with 2 to play, decided.
    expect(standing(16)).toMatchObject([
      { decided: true, result: 'won', status: 'Vunnet 3&2', holesRemaining: 2 },
      { decided: true, result: 'lost', status: 'Tapt 3&2' },
    ]);
    // The loser wins the last two holes after the match was over: it stays 3&2.
    const after = scoreRound(
      round({
        format: 'match',
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [player('pa', 'a', 10, a), player('pb', 'b', 10, [...b.slice(0, 16), 1, 1])],
      }),
    );
    expect(read(after.standings.get('a'))).toMatchObject({ status: 'Vunnet 3&2', holesPlayed: 16 });
  });

  it('match play played out: won 1 up on the last hole, or halved', () => {
    const even = PARS;
    const oneBetter = [...PARS.slice(0, 17), PARS[17]! - 1];
    const won = scoreRound(
      round({
        format: 'match',
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [player('pa', 'a', 5, oneBetter), player('pb', 'b', 5, even)],
      }),
    );
    expect(read(won.standings.get('a'))).toMatchObject({
      decided: true,
      result: 'won',
      status: 'Vunnet 1 opp',
      holesRemaining: 0,
    });
    expect(read(won.standings.get('b'))).toMatchObject({ result: 'lost', status: 'Tapt 1 ned' });
    const halved = scoreRound(
      round({
        format: 'match',
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [player('pa', 'a', 5, even), player('pb', 'b', 5, even)],
      }),
    );
    expect(read(halved.standings.get('a'))).toMatchObject({
      decided: true,
      result: 'halved',
      status: 'Delt',
      position: 1,
    });
    expect(halved.standings.get('b')).toMatchObject({ result: 'halved', position: 1 });
  });

  it('four-ball match play at 90 %: all four set against the lowest, best net per side per hole', () => {
    const scored = scoreRound(
      round({
        format: 'match',
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [player('a1', 'a', 2), player('a2', 'a', 20), player('b1', 'b', 9), player('b2', 'b', 14)],
      }),
    );
    expect(scored.allowancePercent).toBe(90);
    const phs = scored.players.map((p) => p.playingHandicap);
    expect(scored.players.map((p) => p.matchHandicap)).toEqual(phs.map((ph) => ph - Math.min(...phs)));
    expect(scored.players[0]!.matchHandicap).toBe(0);
  });

  it('no standing in a match until there are two sides', () => {
    const scored = scoreRound(round({ format: 'match', sides: [{ id: 'a' }], players: [player('p', 'a', 3, [4])] }));
    expect(scored.standings.get('a')).toBeNull();
  });

  it('nine holes: the halved index, the nine-hole rating, strokes over the nine by their order', () => {
    const back = HOLES.slice(9);
    const nineRating = { courseRating: 35.6, slope: 125, par: 36 };
    const scored = scoreRound(
      round({
        holes: back,
        nineHoles: true,
        rating: nineRating,
        sides: [{ id: 'a' }],
        players: [player('p', 'a', 20.5, [5], 10)],
      }),
    );
    const p = scored.players[0]!;
    expect(p.handicapIndexUsed).toBe(10.3);
    expect(p.courseHandicapExact).toBeCloseTo((10.3 * 125) / 113 + (35.6 - 36), 10);
    // PH 10 over nine holes: one stroke on each, and one more on the hardest (SI 2 is hole 13).
    expect(p.playingHandicap).toBe(10);
    expect(p.holes.map((h) => h.strokesReceived)).toEqual([1, 1, 1, 2, 1, 1, 1, 1, 1]);
    expect(p.holes[0]).toMatchObject({ hole: 10, strokes: 5, net: 4 });
  });

  it('plus handicaps give strokes back from stroke index 18, and net double bogey follows', () => {
    const scored = scoreRound(
      round({
        sides: [{ id: 'a' }],
        players: [
          player(
            'p',
            'a',
            -3.4,
            PARS.map((p) => p + 3),
          ),
        ],
      }),
    );
    const p = scored.players[0]!;
    expect(p.courseHandicap).toBe(-5);
    const giving = p.holes
      .filter((h) => h.strokesReceived < 0)
      .map((h) => h.strokeIndex)
      .sort((a, b) => a - b);
    expect(giving).toEqual(Array.from({ length: -p.playingHandicap }, (_, i) => 18 - i).sort((a, b) => a - b));
    // Net double bogey with strokes given back: par + 2 − 1 on the five easiest holes, par + 2 elsewhere.
    const si18 = p.holes.find((h) => h.strokeIndex === 18)!;
    expect(si18.adjustedStrokes).toBe(si18.par + 1);
    const si1 = p.holes.find((h) => h.strokeIndex === 1)!;
    expect(si1.adjustedStrokes).toBe(si1.par + 2);
    expect(si18.net).toBe(si18.strokes! + 1);
  });

  it('frozen handicaps are used as they are, not recomputed', () => {
    const frozen = { ...player('p', 'a', 30, [4]), frozen: { courseHandicap: 11.4, playingHandicap: 9 } };
    const p = scoreRound(round({ sides: [{ id: 'a' }], players: [frozen] })).players[0]!;
    expect(p.courseHandicap).toBe(11);
    expect(p.playingHandicap).toBe(9);
    expect(p.holes.filter((h) => h.strokesReceived === 1)).toHaveLength(9);
  });
});

describe('team formats (GOLF.md, CONTRACT.md section 12)', () => {
  /** Slope 113 and rating = par: each course handicap equals the index, so the numbers read directly. */
  const FLAT = { courseRating: 72, slope: 113, par: 72 };

  it('four-ball Stableford: each player at 85 %, the better points per hole, strokes on different holes', () => {
    const scored = scoreRound(
      round({
        format: 'fourball_stableford',
        rating: FLAT,
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [
          // PH 15.3 → 15: a stroke on SI 1–15, so on holes 1 to 4.
          player('p1', 'a', 18, [5, 4, 4, 7]),
          // PH 1.7 → 2: strokes on SI 1 and 2 only (holes 4 and 13). No score on hole 3: a lone ball counts.
          {
            ...player('p2', 'a', 2),
            scores: new Map([
              [1, 4],
              [2, 5],
              [4, 5],
            ]),
          },
          // PH 8.5 → 9, alone on its side: a lone ball counts alone.
          player('p3', 'b', 10, [4, 4, 4, 5]),
        ],
      }),
    );
    expect(scored.allowancePercent).toBe(85);
    expect(scored.fourBall).toBe(true);
    expect(scored.players.map((p) => p.playingHandicap)).toEqual([15, 2, 9]);
    expect(scored.players[0]!.holes.slice(0, 4).map((h) => h.strokesReceived)).toEqual([1, 1, 1, 1]);
    expect(scored.players[1]!.holes.slice(0, 4).map((h) => h.strokesReceived)).toEqual([0, 0, 0, 1]);
    // Side a: hole 1 2 and 2 points, hole 2 3 (p1) and 1, hole 3 p1's 2 alone, hole 4 1 and 3 (p2): 2+3+2+3.
    expect(scored.standings.get('a')).toEqual({
      format: 'stableford',
      holesPlayed: 4,
      points: 10,
      pointsToPar: 2,
      position: 1,
    });
    // Side b: 3 + 2 + 1 + 3.
    expect(scored.standings.get('b')).toMatchObject({ points: 9, pointsToPar: 1, position: 2 });
    expect(scored.balls.size).toBe(0);
  });

  it('four-ball stroke play: the side’s better net per hole, at 85 %', () => {
    const scored = scoreRound(
      round({
        format: 'fourball_stroke',
        rating: FLAT,
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [
          player('p1', 'a', 18, [5, 4, 4, 7]),
          {
            ...player('p2', 'a', 2),
            scores: new Map([
              [1, 4],
              [2, 5],
              [4, 5],
            ]),
          },
          player('p3', 'b', 10, [4, 4, 4, 5]),
        ],
      }),
    );
    // Side a: nets 4/4, 3/5, 3 alone, 6/4 → 4 + 3 + 3 + 4 = 14 on par 16. Side b: 3 + 4 + 4 + 4 = 15.
    expect(scored.standings.get('a')).toEqual({ format: 'stroke', holesPlayed: 4, net: 14, netToPar: -2, position: 1 });
    expect(scored.standings.get('b')).toMatchObject({ net: 15, netToPar: -1, position: 2 });
  });

  it('scramble of two sides: one ball per side, its team handicap allocated by stroke index', () => {
    const scored = scoreRound(
      round({
        format: 'scramble',
        rating: FLAT,
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [
          // 35 % × 10 + 15 % × 20 = 6.5 → 7: strokes on SI 1–7 (holes 1, 4, 5, 8, 12, 13, 17).
          player('a1', 'a', 20, [4, 4, 3]),
          player('a2', 'a', 10),
          // 35 % × 4 + 15 % × 30 = 5.9 → 6: SI 1–6, not hole 1 (SI 7).
          player('b1', 'b', 4, [4, 4, 3]),
          player('b2', 'b', 30),
        ],
      }),
    );
    expect(scored.allowancePercent).toBeNull();
    expect(scored.fourBall).toBe(false);
    const a = scored.balls.get('a')!;
    expect(a.participantId).toBe('a1');
    expect(a.playingHandicap).toBe(7);
    expect(a.holes.filter((h) => h.strokesReceived === 1).map((h) => h.hole)).toEqual([1, 4, 5, 8, 12, 13, 17]);
    expect(a.holes.slice(0, 3).map((h) => [h.strokes, h.net])).toEqual([
      [4, 3],
      [4, 4],
      [3, 3],
    ]);
    expect(a.totals).toEqual({ holesPlayed: 3, gross: 11, net: 10, stablefordPoints: 7, grossToPar: 0, netToPar: -1 });
    expect(scored.balls.get('b')!.playingHandicap).toBe(6);
    // Both players' cards show the side's ball and play off its handicap.
    const [a1, a2] = scored.players;
    expect(a2!.playingHandicap).toBe(7);
    expect(a2!.holes.map((h) => h.strokes)).toEqual(a1!.holes.map((h) => h.strokes));
    expect(a2!.totals.net).toBe(10);
    // Net stroke play: a −1 after three holes, b ±0.
    expect(scored.standings.get('a')).toEqual({ format: 'stroke', holesPlayed: 3, net: 10, netToPar: -1, position: 1 });
    expect(scored.standings.get('b')).toMatchObject({ netToPar: 0, position: 2 });
  });

  it('a begun one-ball round plays off the team handicap frozen with its players, with no rating read', () => {
    const frozen = (ch: number) => ({ courseHandicap: ch, playingHandicap: 13 });
    const scored = scoreRound(
      round({
        format: 'foursomes',
        rating: null,
        sides: [{ id: 'a' }],
        players: [
          { ...player('p1', 'a', 10.6, [5]), frozen: frozen(10.6) },
          { ...player('p2', 'a', 17.6), frozen: frozen(17.6) },
        ],
      }),
    );
    // Computed afresh it would be (10.6 + 17.6) / 2 = 14.1 → 14: the frozen 13 stands.
    expect(scored.balls.get('a')!.playingHandicap).toBe(13);
    expect(scored.players.map((p) => p.courseHandicap)).toEqual([11, 18]);
  });

  it('a one-ball side without a size the format has an allowance for has no ball yet', () => {
    const scored = scoreRound(
      round({
        format: 'greensomes',
        rating: FLAT,
        sides: [{ id: 'a' }, { id: 'b' }],
        players: [player('p1', 'a', 12.4), player('p2', 'b', 3), player('p3', 'b', 9)],
      }),
    );
    expect(scored.balls.get('a')).toBeNull();
    // Meanwhile the lone player shows their whole course handicap.
    expect(scored.players[0]!.playingHandicap).toBe(12);
    // 60 % × 3 + 40 % × 9 = 5.4 → 5.
    expect(scored.balls.get('b')!.playingHandicap).toBe(5);
    expect(scored.standings.get('a')).toMatchObject({ holesPlayed: 0, position: null });
  });
});
