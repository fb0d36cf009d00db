import { describe, expect, it } from 'vitest';
import type { RoundView, Standing } from '../../../../shared/schemas/rounds';
import { applyLanguage, loadTexts } from '../../i18n';
import {
  ballRows,
  betterBallOn,
  canScore,
  cardRows,
  everyoneScored,
  firstOpenHole,
  formatToPar,
  holeListText,
  matchStatusText,
  missingHoles,
  parseStrokes,
  roundResultText,
  scoreMark,
  scoreMarkText,
  standingText,
  stepStrokes,
  strokesReceivedText,
  sumStrokes,
  targetScore,
} from './scorecard';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['rounds']);

/** A match won three up with two to play: the standing the scoreboard and the round list both word. */
const wonThreeAndTwo: Standing = {
  format: 'match',
  holesPlayed: 16,
  holesRemaining: 2,
  holesUp: 3,
  decided: true,
  result: 'won',
  position: 1,
};

describe('entering strokes', () => {
  it('starts an empty hole at par on +, one under on −, then one at a time within 1..20', () => {
    expect(stepStrokes(null, 4, 1)).toBe(4);
    expect(stepStrokes(null, 4, -1)).toBe(3);
    expect(stepStrokes(null, 1, -1)).toBe(1);
    expect(stepStrokes(5, 4, 1)).toBe(6);
    expect(stepStrokes(5, 4, -1)).toBe(4);
    expect(stepStrokes(1, 4, -1)).toBe(1);
    expect(stepStrokes(20, 4, 1)).toBe(20);
  });

  it('accepts a typed 1..20 or nothing, and refuses the rest', () => {
    expect(parseStrokes('7')).toEqual({ ok: true, value: 7 });
    expect(parseStrokes(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseStrokes('')).toEqual({ ok: true, value: null });
    for (const bad of ['0', '21', '-1', '3.5', 'x']) expect(parseStrokes(bad)).toEqual({ ok: false });
  });
});

describe('the scoreboard', () => {
  it('writes to-par and strokes received the way golfers say them', () => {
    expect(formatToPar(0)).toBe('±0');
    expect(formatToPar(3)).toBe('+3');
    expect(formatToPar(-2)).toBe('−2');
    expect(strokesReceivedText(1)).toBe('1 slag');
    expect(strokesReceivedText(0)).toBe('ingen slag');
    expect(strokesReceivedText(-1)).toBe('gir 1 slag');
  });

  it('describes each format’s standing', () => {
    const stroke: Standing = { format: 'stroke', holesPlayed: 9, net: 38, netToPar: 2, position: 1 };
    const stableford: Standing = { format: 'stableford', holesPlayed: 18, points: 38, pointsToPar: 2, position: 2 };
    expect(standingText(stroke)).toBe('Netto +2 etter 9 hull · 1. plass');
    expect(standingText(stableford)).toBe('38 poeng (+2) etter 18 hull · 2. plass');
    expect(standingText(wonThreeAndTwo)).toBe('Vunnet 3&2');
    expect(standingText({ ...stroke, holesPlayed: 0, position: null })).toBe('Ikke startet');
    expect(standingText(null)).toBe('–');
  });

  it('says "hole" and "point" for one in English, "holes" and "points" for more', async () => {
    await applyLanguage('en');
    const one = { format: 'stroke', holesPlayed: 1, net: 5, netToPar: 1, position: 1 } as const;
    expect(standingText(one, 'en')).toBe('Net +1 after 1 hole · position 1');
    expect(standingText({ ...one, holesPlayed: 2 }, 'en')).toBe('Net +1 after 2 holes · position 1');
    const stableford = { format: 'stableford', holesPlayed: 1, points: 1, pointsToPar: -1, position: 2 } as const;
    expect(standingText(stableford, 'en')).toBe('1 point (−1) after 1 hole · position 2');
    const totals = {
      holesPlayed: 1,
      gross: 5,
      net: 4,
      stablefordPoints: 1,
      adjustedGross: 5,
      grossToPar: 1,
      netToPar: 0,
    };
    expect(roundResultText('stroke', { holeCount: 18, totals, standing: null }, 'en')).toBe(
      '5 strokes (+1) after 1 hole',
    );
    expect(roundResultText('stableford', { holeCount: 18, totals, standing: null }, 'en')).toBe('1 point after 1 hole');
    const ace = { ...totals, gross: 1, grossToPar: -2 };
    expect(roundResultText('stroke', { holeCount: 18, totals: ace, standing: null }, 'en')).toBe(
      '1 stroke (−2) after 1 hole',
    );
    await applyLanguage('nb');
  });
});

describe('a round', () => {
  const hole = (n: number, strokes: number | null) => ({
    hole: n,
    par: 4,
    strokeIndex: n,
    strokes,
    strokesReceived: 0,
    net: strokes,
    stablefordPoints: null,
    adjustedStrokes: strokes,
  });
  const player = (userId: string | null, scores: (number | null)[]) => ({
    userId,
    holes: scores.map((s, i) => hole(i + 1, s)),
  });
  const round = {
    ownerUserId: 'owner',
    status: 'open' as const,
    card: [1, 2, 3].map((h) => ({ hole: h, par: 4, strokeIndex: h, lengthMeters: null })),
    sides: [{ participants: [player('u1', [4, 5, null]), player(null, [4, null, null])] }],
  } as unknown as RoundView;

  it('opens at the first hole someone has not scored, or the last when all are done', () => {
    expect(firstOpenHole(round)).toBe(2);
    const done = { ...round, sides: [{ participants: [player('u1', [4, 5, 3])] }] } as unknown as RoundView;
    expect(firstOpenHole(done)).toBe(3);
  });

  it('is scored by its owner and its account participants, and by nobody once finished', () => {
    expect(canScore(round, 'owner')).toBe(true);
    expect(canScore(round, 'u1')).toBe(true);
    expect(canScore(round, 'stranger')).toBe(false);
    expect(canScore({ ...round, status: 'finished' }, 'owner')).toBe(false);
  });
});

describe('the marks on a score', () => {
  it('circles under par and boxes over par, twice for two or more', () => {
    expect([2, 3, 4, 5, 6, 9].map((s) => scoreMark(s, 4))).toEqual([
      'eagle',
      'birdie',
      'par',
      'bogey',
      'double',
      'double',
    ]);
    expect(scoreMark(2, 5)).toBe('eagle');
    expect(scoreMark(1, 3)).toBe('eagle');
  });

  it('says the score in words for a screen reader', () => {
    expect([3, 4, 5, 6, 8].map((s) => scoreMarkText(s, 4))).toEqual([
      'birdie',
      'par',
      'bogey',
      'dobbel bogey',
      '4 over par',
    ]);
    expect(scoreMarkText(3, 5)).toBe('eagle');
    expect(scoreMarkText(2, 5)).toBe('albatross');
    expect(scoreMarkText(1, 3)).toBe('hole in one');
  });
});

describe('the full card', () => {
  const eighteen = Array.from({ length: 18 }, (_, i) => ({ hole: i + 1 }));

  it('puts "Ut" after hole 9 and "Inn" after hole 18, and no subtotal on a nine-hole card', () => {
    const rows = cardRows(eighteen);
    expect(rows).toHaveLength(20);
    expect(rows[9]).toEqual({ kind: 'nine', nine: 'out', holes: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
    expect(rows[19]).toEqual({ kind: 'nine', nine: 'in', holes: [10, 11, 12, 13, 14, 15, 16, 17, 18] });
    expect(cardRows(eighteen.slice(9)).every((r) => r.kind === 'hole')).toBe(true);
  });

  it('sums the holes scored, and shows nothing when none is', () => {
    const strokes: Record<number, number> = { 1: 4, 2: 5, 9: 3 };
    const on = (h: number) => strokes[h] ?? null;
    expect(sumStrokes([1, 2, 3, 4, 5, 6, 7, 8, 9], on)).toBe(12);
    expect(sumStrokes([10, 11], on)).toBeNull();
  });
});

describe('finishing and moving on', () => {
  const card = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((hole) => ({ hole }));
  const players = [
    { id: 'liv', name: 'Liv' },
    { id: 'per', name: 'Per' },
  ];
  const scored: Record<string, number[]> = { liv: [1, 2, 3, 4, 5, 6, 7, 8, 9], per: [1, 2, 5, 6, 7] };
  const strokesOf = (id: string, hole: number) => (scored[id]!.includes(hole) ? 4 : null);

  it('names the holes each player has not scored', () => {
    expect(missingHoles(card, players, strokesOf)).toEqual([{ name: 'Per', holes: [3, 4, 8, 9] }]);
    expect(holeListText([3, 4, 8, 9])).toBe('3, 4, 8 og 9');
    expect(holeListText([1, 2, 3, 4, 7, 10, 11, 12])).toBe('1–4, 7 og 10–12');
    expect(holeListText([18])).toBe('18');
  });

  it('moves on only when every player has a score on the hole', () => {
    expect(everyoneScored(players, 1, strokesOf)).toBe(true);
    expect(everyoneScored(players, 3, strokesOf)).toBe(false);
    expect(everyoneScored([], 1, strokesOf)).toBe(false);
  });
});

describe('the round list', () => {
  const totals = {
    holesPlayed: 18,
    gross: 84,
    net: 70,
    stablefordPoints: 37,
    adjustedGross: 83,
    grossToPar: 12,
    netToPar: -2,
  };
  it("shows the caller's strokes and to par, or points, with the holes played while some are missing", () => {
    const stroke = { format: 'stroke', holesPlayed: 18, net: 70, netToPar: -2, position: 1 } as const;
    expect(roundResultText('stroke', { holeCount: 18, totals, standing: stroke })).toBe('84 slag (+12)');
    expect(roundResultText('stableford', { holeCount: 18, totals, standing: null })).toBe('37 poeng');
    expect(
      roundResultText('stroke', {
        holeCount: 18,
        totals: { ...totals, holesPlayed: 7, gross: 30, grossToPar: 2 },
        standing: null,
      }),
    ).toBe('30 slag (+2) etter 7 hull');
    expect(roundResultText('match', { holeCount: 18, totals, standing: wonThreeAndTwo })).toBe(
      'Vunnet 3&2 · 84 slag (+12)',
    );
    expect(roundResultText('stroke', null)).toBeNull();
    expect(
      roundResultText('stroke', { holeCount: 18, totals: { ...totals, holesPlayed: 0 }, standing: null }),
    ).toBeNull();
  });
});

describe('the card in English', () => {
  type Match = Extract<Standing, { format: 'match' }>;
  const match = (holesUp: number, holesRemaining: number, result: Match['result']): Match => ({
    format: 'match',
    holesPlayed: 18 - holesRemaining,
    holesRemaining,
    holesUp,
    decided: result !== null,
    result,
    position: 1,
  });

  it('calls a match as the server does in Norwegian, and as golfers do in English', async () => {
    const cases: [Match, string, string][] = [
      [match(0, 5, null), 'Likt', 'All square'],
      [match(2, 5, null), '2 opp', '2 up'],
      [match(-1, 5, null), '1 ned', '1 down'],
      [match(2, 2, null), '2 opp (dormie)', '2 up (dormie)'],
      [match(3, 2, 'won'), 'Vunnet 3&2', 'Won 3&2'],
      [match(-1, 0, 'lost'), 'Tapt 1 ned', 'Lost 1 down'],
      [match(0, 0, 'halved'), 'Delt', 'Halved'],
    ];
    await applyLanguage('en');
    for (const [standing, nb, en] of cases) {
      expect(matchStatusText(standing)).toBe(nb);
      expect(matchStatusText(standing, 'en')).toBe(en);
    }
  });

  it('says birdie, bogey, strokes received, points and "after 7 holes" in English', async () => {
    await applyLanguage('en');
    expect([3, 4, 5, 6, 8].map((s) => scoreMarkText(s, 4, 'en'))).toEqual([
      'birdie',
      'par',
      'bogey',
      'double bogey',
      '4 over par',
    ]);
    expect(strokesReceivedText(2, 'en')).toBe('receives 2');
    expect(strokesReceivedText(-1, 'en')).toBe('gives 1');
    expect(standingText({ format: 'stroke', holesPlayed: 9, net: 38, netToPar: 2, position: 1 }, 'en')).toBe(
      'Net +2 after 9 holes · position 1',
    );
    expect(standingText({ format: 'stableford', holesPlayed: 18, points: 38, pointsToPar: 2, position: 2 }, 'en')).toBe(
      '38 points (+2) after 18 holes · position 2',
    );
    const totals = {
      holesPlayed: 7,
      gross: 30,
      net: 26,
      stablefordPoints: 15,
      adjustedGross: 30,
      grossToPar: 2,
      netToPar: -2,
    };
    expect(roundResultText('stroke', { holeCount: 18, totals, standing: null }, 'en')).toBe(
      '30 strokes (+2) after 7 holes',
    );
    expect(roundResultText('stableford', { holeCount: 18, totals, standing: null }, 'en')).toBe(
      '15 points after 7 holes',
    );
    expect(holeListText([3, 4, 8, 9], 'en')).toBe('3, 4, 8 and 9');
  });
});

describe('the target score on the card', () => {
  it('is the par of the holes played plus the whole course handicap, a plus handicap taking strokes off', () => {
    const front = [4, 4, 3, 5, 4, 4, 3, 4, 5].map((par) => ({ par }));
    expect(targetScore([...front, ...front], 20)).toBe(92);
    expect(targetScore(front, 10)).toBe(46);
    expect(targetScore([...front, ...front], -2)).toBe(70);
  });
});

describe('one row per ball (decision 0424)', () => {
  const hole = (n: number, strokes: number | null, strokesReceived: number) => ({
    hole: n,
    par: 4,
    strokeIndex: n,
    strokes,
    strokesReceived,
    net: strokes === null ? null : strokes - strokesReceived,
    stablefordPoints: null,
    adjustedStrokes: null,
  });
  const participant = (id: string, name: string, holes: ReturnType<typeof hole>[]) =>
    ({
      id,
      name,
      courseHandicap: 10,
      playingHandicap: 9,
      holes,
    }) as unknown as RoundView['sides'][0]['participants'][0];

  it('a one-ball side is one row, named by the side and sent for the card that holds its ball', () => {
    const view = {
      format: 'scramble',
      sides: [
        {
          id: 's1',
          name: 'Lag 1',
          ball: { participantId: 'p1', playingHandicap: 7, holes: [hole(1, 4, 1)], totals: {} },
          participants: [participant('p1', 'Ola', []), participant('p2', 'Pia', [])],
        },
      ],
    } as unknown as RoundView;
    expect(ballRows(view)).toEqual([
      {
        id: 'p1',
        name: 'Lag 1',
        sideId: 's1',
        kind: 'side',
        holes: [hole(1, 4, 1)],
        playingHandicap: 7,
        courseHandicap: null,
      },
    ]);
  });

  it('four-ball keeps each player’s row, and the better ball counts a lone ball alone', () => {
    const view = {
      format: 'fourball_stableford',
      sides: [
        {
          id: 's1',
          name: 'Lag 1',
          ball: null,
          participants: [
            participant('p1', 'Ola', [hole(1, 5, 1), hole(2, 4, 0)]),
            participant('p2', 'Pia', [hole(1, 4, 0), hole(2, null, 0)]),
          ],
        },
      ],
    } as unknown as RoundView;
    const rows = ballRows(view);
    expect(rows.map((r) => [r.name, r.kind])).toEqual([
      ['Ola', 'player'],
      ['Pia', 'player'],
    ]);
    const strokes = (id: string, h: number) =>
      rows.find((r) => r.id === id)!.holes.find((x) => x.hole === h)
        ? (view.sides[0]!.participants.find((p) => p.id === id)!.holes.find((x) => x.hole === h)!.strokes ?? null)
        : null;
    // Hole 1: Ola 5 − 1 = 4 net, Pia 4: both 2 points. Hole 2: Ola alone, net 4.
    expect(betterBallOn(rows, 's1', 1, strokes)).toEqual({ net: 4, points: 2 });
    expect(betterBallOn(rows, 's1', 2, strokes)).toEqual({ net: 4, points: 2 });
    expect(betterBallOn(rows, 's1', 3, strokes)).toBeNull();
  });
});
