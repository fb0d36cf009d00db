import { describe, expect, it } from 'vitest';
import {
  changedRows,
  computeLeaderboard,
  type LeaderboardEntry,
  type LeaderboardInput,
  type LeaderboardRow,
  type TournamentFormat,
} from '../../server/golf';

// Par 72 (36 out, 36 in). Stroke index 1 is hole 4, 2 hole 13, 3 hole 8, 4 hole 12, 5 hole 5; 17 hole 7, 18 hole 16.
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
const SI = [7, 11, 15, 1, 5, 13, 17, 3, 9, 8, 16, 4, 2, 12, 10, 18, 6, 14];
const HOLES = PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i]! }));

/** An 18-hole card at par except `changes`: hole number → strokes over par ({3: -1} is a birdie on 3). */
function card(changes: Record<number, number> = {}): number[] {
  return PARS.map((par, i) => par + (changes[i + 1] ?? 0));
}

/** Holes from..to (by number). */
function holes(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Only the holes `numbers` of `scores` played so far; the others null. */
function played(scores: number[], numbers: number[]): (number | null)[] {
  return scores.map((s, i) => (numbers.includes(i + 1) ? s : null));
}

const NOT_STARTED: null[] = new Array(18).fill(null);

function entry(name: string, rounds: (number | null)[][], playingHandicap = 0, divisionId = 'men'): LeaderboardEntry {
  return { entryId: `e-${name}`, name, divisionId, playingHandicap, scores: rounds };
}

function input(
  format: TournamentFormat,
  entries: LeaderboardEntry[],
  overrides: Partial<LeaderboardInput> = {},
): LeaderboardInput {
  return { format, holes: HOLES, roundCount: 1, divisions: [{ id: 'men', name: 'Herrer' }], entries, ...overrides };
}

function rows(
  format: TournamentFormat,
  entries: LeaderboardEntry[],
  overrides: Partial<LeaderboardInput> = {},
): LeaderboardRow[] {
  return computeLeaderboard(input(format, entries, overrides))[0]!.rows;
}

/** A row's playing handicap and the current round's nines: strokes as the format counts them, or points. */
function nines(playingHandicap: number, out: number | null, back: number | null) {
  return { playingHandicap, out, in: back };
}

/** Position and name, the order a spectator reads. */
function standings(list: LeaderboardRow[]): string[] {
  return list.map((row) => `${row.position} ${row.name}`);
}

/** Position, name and, where a tie-break gave the position, the comparison that did: "1 Anne (last_9)". */
function decisions(list: LeaderboardRow[]): string[] {
  return list.map((row) => `${row.position} ${row.name}${row.decidedBy ? ` (${row.decidedBy})` : ''}`);
}

describe('leaderboard totals', () => {
  it('stroke_gross: gross to par, gross strokes, positions by toPar', () => {
    const list = rows('stroke_gross', [
      entry('Berit', [card({ 5: 1 })]),
      entry('Anne', [card({ 3: -1 })]),
      entry('Cecilie', [card()]),
    ]);
    expect(list).toEqual([
      {
        position: '1',
        entryId: 'e-Anne',
        name: 'Anne',
        thru: 'F',
        toPar: -1,
        strokes: 71,
        rounds: [71],
        ...nines(0, 35, 36),
      },
      {
        position: '2',
        entryId: 'e-Cecilie',
        name: 'Cecilie',
        thru: 'F',
        toPar: 0,
        strokes: 72,
        rounds: [72],
        ...nines(0, 36, 36),
      },
      {
        position: '3',
        entryId: 'e-Berit',
        name: 'Berit',
        thru: 'F',
        toPar: 1,
        strokes: 73,
        rounds: [73],
        ...nines(0, 37, 36),
      },
    ]);
    expect(list[0]).not.toHaveProperty('points');
  });

  it('stroke_net: net to par over the holes played, with only the strokes received on those holes', () => {
    const list = rows('stroke_net', [
      // PH 10, bogeys on 1..8: gross 80, net 70.
      entry('Per', [card({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1 })], 10),
      // PH 0, birdie on 1: 71.
      entry('Ola', [card({ 1: -1 })], 0),
      // PH 10, out in 38 (bogeys on 1 and 2); receives on SI ≤ 10 of the front nine: holes 1, 4, 5, 8, 9 = 5 strokes.
      entry('Kari', [played(card({ 1: 1, 2: 1 }), holes(1, 9))], 10),
    ]);
    expect(list).toEqual([
      {
        position: '1',
        entryId: 'e-Kari',
        name: 'Kari',
        thru: 9,
        toPar: -3,
        strokes: 33,
        rounds: [33],
        ...nines(10, 33, null),
      },
      {
        position: '2',
        entryId: 'e-Per',
        name: 'Per',
        thru: 'F',
        toPar: -2,
        strokes: 70,
        rounds: [70],
        ...nines(10, 39, 31),
      },
      {
        position: '3',
        entryId: 'e-Ola',
        name: 'Ola',
        thru: 'F',
        toPar: -1,
        strokes: 71,
        rounds: [71],
        ...nines(0, 35, 36),
      },
    ]);
  });

  it('stableford: ranked by points, not by toPar; toPar and strokes are net', () => {
    const list = rows('stableford', [
      // PH 0, double bogey on 1 (0 points), pars (2 each): 34 points, 74.
      entry('Dag', [card({ 1: 2 })], 0),
      // PH 5, all pars: 3 points on holes 4, 13, 8, 12, 5 (SI 1..5), 2 elsewhere = 41; net 67.
      entry('Eva', [card()], 5),
      // PH 18, bogeys everywhere: 2 points a hole = 36; gross 90, net 72.
      entry('Finn', [card(Object.fromEntries(holes(1, 18).map((h) => [h, 1])))], 18),
      // PH 0, 9 on hole 1 (0 points), birdie on 2 (3 points), pars: 35 points, yet +4 to par.
      entry('Geir', [card({ 1: 5, 2: -1 })], 0),
    ]);
    expect(list).toEqual([
      {
        position: '1',
        entryId: 'e-Eva',
        name: 'Eva',
        thru: 'F',
        toPar: -5,
        strokes: 67,
        points: 41,
        rounds: [41],
        ...nines(5, 21, 20),
      },
      {
        position: '2',
        entryId: 'e-Finn',
        name: 'Finn',
        thru: 'F',
        toPar: 0,
        strokes: 72,
        points: 36,
        rounds: [36],
        ...nines(18, 18, 18),
      },
      {
        position: '3',
        entryId: 'e-Geir',
        name: 'Geir',
        thru: 'F',
        toPar: 4,
        strokes: 76,
        points: 35,
        rounds: [35],
        ...nines(0, 17, 18),
      },
      {
        position: '4',
        entryId: 'e-Dag',
        name: 'Dag',
        thru: 'F',
        toPar: 2,
        strokes: 74,
        points: 34,
        rounds: [34],
        ...nines(0, 16, 18),
      },
    ]);
  });

  it('a plus handicap (PH −2) gives strokes back on SI 18 (hole 16) and SI 17 (hole 7)', () => {
    // Pars on holes 1..7: gross 27; hole 7 (par 3, SI 17) counts as a net bogey.
    const front = [played(card(), holes(1, 7))];
    expect(rows('stroke_net', [entry('Pluss', front, -2)])[0]).toMatchObject({
      thru: 7,
      strokes: 28,
      toPar: 1,
      rounds: [28],
    });
    // Stableford: six pars at 2 points, the par on hole 7 worth 1.
    expect(rows('stableford', [entry('Pluss', front, -2)])[0]).toMatchObject({
      thru: 7,
      strokes: 28,
      toPar: 1,
      points: 13,
      rounds: [13],
    });
    // A full round of pars: net 74; 16 × 2 + 1 (hole 7) + 1 (hole 16) = 34 points.
    expect(rows('stableford', [entry('Pluss', [card()], -2)])[0]).toMatchObject({
      thru: 'F',
      strokes: 74,
      toPar: 2,
      points: 34,
    });
    // Gross ignores the handicap.
    expect(rows('stroke_gross', [entry('Pluss', [card()], -2)])[0]).toMatchObject({ strokes: 72, toPar: 0 });
  });

  it('divisions in input order, positions counted within each, unknown divisions left out', () => {
    const divisions = computeLeaderboard(
      input(
        'stroke_gross',
        [
          entry('Anne', [card({ 1: 1 })], 0, 'women'),
          entry('Per', [card({ 1: 2 })]),
          entry('Bodil', [card()], 0, 'women'),
          entry('Ukjent', [card({ 1: -5 })], 0, 'nowhere'),
        ],
        {
          divisions: [
            { id: 'women', name: 'Damer' },
            { id: 'men', name: 'Herrer' },
            { id: 'juniors', name: 'Junior' },
          ],
        },
      ),
    );
    expect(divisions.map((d) => [d.id, d.name, standings(d.rows)])).toEqual([
      ['women', 'Damer', ['1 Bodil', '2 Anne']],
      ['men', 'Herrer', ['1 Per']],
      ['juniors', 'Junior', []],
    ]);
  });
});

describe('leaderboard positions', () => {
  it('equal values share the position while play goes on; no score yet sorts last in its group', () => {
    const list = rows('stroke_gross', [
      entry('Dina', [NOT_STARTED]),
      entry('Bjørn', [played(card({ 2: -1 }), holes(1, 3))]),
      entry('Åse', [NOT_STARTED]),
      entry('Arne', [played(card({ 4: -1 }), holes(1, 5))]),
      entry('Cato', [played(card(), holes(1, 5))]),
    ]);
    expect(list.map((r) => [r.position, r.name, r.thru, r.toPar])).toEqual([
      ['T1', 'Arne', 5, -1],
      ['T1', 'Bjørn', 3, -1],
      ['T3', 'Cato', 5, 0],
      // Norwegian order: Å comes after D.
      ['T3', 'Dina', 0, 0],
      ['T3', 'Åse', 0, 0],
    ]);
    expect(list[3]).toMatchObject({ strokes: 0, rounds: [0] });
  });

  it('a two-tee start: thru counts holes; countback uses holes 10–18 by number', () => {
    // Started on 10 and played 10..18 with a birdie on 18; the other started on 1 and played 1..9 in par.
    expect(
      rows('stroke_gross', [
        entry('Tee1', [played(card(), holes(1, 9))]),
        entry('Tee10', [played(card({ 18: -1 }), holes(10, 18))]),
      ]).map((r) => [r.position, r.name, r.thru, r.toPar, r.strokes]),
    ).toEqual([
      ['1', 'Tee10', 9, -1, 35],
      ['2', 'Tee1', 9, 0, 36],
    ]);
    // Both finish in 72. Tee10 played holes 1..9 last (37 there), but holes 10–18 by number are 35 against 37.
    const finished = rows('stroke_gross', [
      entry('Tee1', [card({ 11: 1, 2: -1 })]),
      entry('Tee10', [card({ 11: -1, 2: 1 })]),
    ]);
    expect(standings(finished)).toEqual(['1 Tee10', '2 Tee1']);
  });

  it('gross countback: 10–18, then 13–18, 16–18, 18', () => {
    const list = rows('stroke_gross', [
      entry('Eirik', [card({ 18: 1, 16: -1 })]), // in 36, 13–18 24, 16–18 12, 18: 5
      entry('Dan', [card({ 17: 1, 13: -1 })]), // in 36, 13–18 24, 16–18 13
      entry('Cato', [card()]), // in 36, 13–18 24, 16–18 12, 18: 4
      entry('Bjørn', [card({ 10: 1, 14: -1 })]), // in 36, 13–18 23
      entry('Arne', [card({ 12: -1, 3: 1 })]), // in 35
    ]);
    expect(list.every((r) => r.strokes === 72 && r.thru === 'F')).toBe(true);
    // Each stood alone at the later of the comparisons that split it from its neighbours.
    expect(decisions(list)).toEqual([
      '1 Arne (last_9)',
      '2 Bjørn (last_6)',
      '3 Cato (last_1)',
      '4 Eirik (last_1)',
      '5 Dan (last_3)',
    ]);
  });

  it('net countback keeps the fractions: PH 9 against PH 12 on 10–18', () => {
    // PH 9: 81 (out 39, in 42) = net 72. PH 12: 84 (out 41, in 43) = net 72.
    // Holes 10–18: 42 − 4.5 = 37.5 against 43 − 6 = 37; rounding 4.5 up to 5 would have made it a tie.
    const list = rows('stroke_net', [
      entry('Ni', [card({ 1: 1, 2: 1, 3: 1, 10: 1, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1 })], 9),
      entry('Tolv', [card({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 10: 1, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1, 16: 1 })], 12),
    ]);
    expect(list.map((r) => [r.position, r.name, r.strokes, r.toPar])).toEqual([
      ['1', 'Tolv', 72, 0],
      ['2', 'Ni', 72, 0],
    ]);
  });

  it('net countback decided only on 13–18, by a third of a stroke', () => {
    // PH 9: 81 (out 39, in 42, 13–18 27). PH 11: 83 (out 40, in 43, 13–18 28). Both net 72.
    // 10–18: 42 − 4.5 = 37.5 and 43 − 5.5 = 37.5, tied. 13–18: 27 − 3 = 24 against 28 − 11/3 = 24⅓.
    const list = rows('stroke_net', [
      entry('Elleve', [card({ 1: 1, 2: 1, 3: 1, 4: 1, 10: 1, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1, 16: 1 })], 11),
      entry('Ni', [card({ 1: 1, 2: 1, 3: 1, 10: 1, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1 })], 9),
    ]);
    expect(list.map((r) => [r.position, r.name, r.strokes])).toEqual([
      ['1', 'Ni', 72],
      ['2', 'Elleve', 72],
    ]);
  });

  it('stableford countback compares points, more wins', () => {
    // Both 36 points. Anne: birdie on 12, bogey on 3 → 19 points on 10–18. Berit the other way round → 17.
    const list = rows('stableford', [
      entry('Berit', [card({ 12: 1, 3: -1 })]),
      entry('Anne', [card({ 12: -1, 3: 1 })]),
    ]);
    expect(list.map((r) => [r.position, r.name, r.points])).toEqual([
      ['1', 'Anne', 36],
      ['2', 'Berit', 36],
    ]);
  });

  it('identical cards are still tied after countback and share the position', () => {
    const list = rows('stroke_net', [
      entry('Per', [card({ 7: 1 })], 4),
      entry('Ola', [card({ 7: 1 })], 4),
      entry('Kari', [card({ 7: 2 })], 4),
    ]);
    expect(decisions(list)).toEqual(['T1 Ola', 'T1 Per', '3 Kari']);
  });

  it('a completed round tied with one still being played shares the position; countback once all are in', () => {
    const anne = entry('Anne', [card({ 12: -1, 3: 1 })]); // 72, in 35
    const cato = entry('Cato', [card()]); // 72, in 36
    const during = rows('stroke_gross', [cato, anne, entry('Bodil', [played(card(), holes(1, 9))])]);
    expect(during.map((r) => [r.position, r.name, r.thru, r.toPar])).toEqual([
      ['T1', 'Anne', 'F', 0],
      ['T1', 'Cato', 'F', 0],
      ['T1', 'Bodil', 9, 0],
    ]);
    expect(during.some((r) => r.decidedBy)).toBe(false);
    const after = rows('stroke_gross', [cato, anne, entry('Bodil', [card()])]);
    expect(decisions(after)).toEqual(['1 Anne (last_9)', 'T2 Bodil', 'T2 Cato']);
  });

  it('several rounds: rounds up to the current one, totals over all, a tie decided on the last round', () => {
    const list = rows(
      'stroke_gross',
      [
        // 70 (in 36) + 74 (in 37) = 144.
        entry('Anne', [card({ 1: -1, 2: -1 }), card({ 1: 1, 10: 1 }), NOT_STARTED]),
        // 74 (in 38) + 70 (in 36) = 144: worse on 10–18 over both rounds, better in round 2.
        entry('Berit', [card({ 10: 1, 11: 1 }), card({ 1: -1, 2: -1 }), NOT_STARTED]),
        // 73, then 4 holes of round 2 in par.
        entry('Cecilie', [card({ 1: 1 }), played(card(), holes(1, 4)), NOT_STARTED]),
      ],
      { roundCount: 3 },
    );
    expect(list).toEqual([
      {
        position: '1',
        entryId: 'e-Berit',
        name: 'Berit',
        thru: 'F',
        toPar: 0,
        strokes: 144,
        rounds: [74, 70],
        ...nines(0, 34, 36),
        decidedBy: 'last_round',
      },
      {
        position: '2',
        entryId: 'e-Anne',
        name: 'Anne',
        thru: 'F',
        toPar: 0,
        strokes: 144,
        rounds: [70, 74],
        ...nines(0, 37, 37),
        decidedBy: 'last_round',
      },
      {
        position: '3',
        entryId: 'e-Cecilie',
        name: 'Cecilie',
        thru: 4,
        toPar: 1,
        strokes: 89,
        rounds: [73, 16],
        ...nines(0, 16, null),
      },
    ]);
  });

  it('the current round is the tournament’s: one score in round 2 anywhere puts everyone on round 2', () => {
    const divisions = computeLeaderboard(
      input(
        'stroke_gross',
        [
          entry('Anne', [card(), NOT_STARTED], 0, 'women'),
          entry('Per', [card(), played(card(), [10])]),
          entry('Ola', [card({ 9: 1 })]),
        ],
        {
          roundCount: 2,
          divisions: [
            { id: 'women', name: 'Damer' },
            { id: 'men', name: 'Herrer' },
          ],
        },
      ),
    );
    expect(divisions[0]!.rows).toEqual([
      {
        position: '1',
        entryId: 'e-Anne',
        name: 'Anne',
        thru: 0,
        toPar: 0,
        strokes: 72,
        rounds: [72, 0],
        ...nines(0, null, null),
      },
    ]);
    // Ola's card has no round 2 yet: 0 for it, thru 0.
    expect(divisions[1]!.rows.map((r) => [r.position, r.name, r.thru, r.rounds])).toEqual([
      ['1', 'Per', 1, [72, 4]],
      ['2', 'Ola', 0, [73, 0]],
    ]);
  });
});

describe('tie-breaks (the matching of scorecards, then the tournament’s tieBreak)', () => {
  it('a 2-round event: the last round first, then the last round’s own segments, never the first round’s', () => {
    const twoRounds = { roundCount: 2 };
    // 71 + 73 against 73 + 71: the better last round wins, whatever the first.
    expect(
      decisions(
        rows(
          'stroke_gross',
          [entry('Anne', [card({ 1: -1 }), card({ 1: 1 })]), entry('Berit', [card({ 1: 1 }), card({ 1: -1 })])],
          twoRounds,
        ),
      ),
    ).toEqual(['1 Berit (last_round)', '2 Anne (last_round)']);
    // Both 72 + 72. Round 1's back nine favours Berit (35), round 2's favours Anne (35): round 2 decides.
    expect(
      decisions(
        rows(
          'stroke_gross',
          [entry('Anne', [card(), card({ 12: -1, 3: 1 })]), entry('Berit', [card({ 12: -1, 3: 1 }), card()])],
          twoRounds,
        ),
      ),
    ).toEqual(['1 Anne (last_9)', '2 Berit (last_9)']);
  });

  // Two cards of 72 alike on every earlier comparison, apart on this one: Anne is one better there.
  it.each([
    ['last_9', { 12: -1, 3: 1 }],
    ['last_6', { 10: 1, 14: -1 }],
    ['last_3', { 13: 1, 17: -1 }],
    ['last_1', { 16: 1, 18: -1 }],
    ['first_9_last_6', { 1: 1, 5: -1 }],
    ['first_9_last_3', { 4: 1, 8: -1 }],
    ['first_9_last_1', { 7: 1, 9: -1 }],
  ] as const)('decided on %s', (decidedBy, anne) => {
    const list = rows('stroke_gross', [entry('Berit', [card()]), entry('Anne', [card(anne)])]);
    expect(list.map((r) => r.strokes)).toEqual([72, 72]);
    expect(decisions(list)).toEqual([`1 Anne (${decidedBy})`, `2 Berit (${decidedBy})`]);
  });

  it('a row stands alone at the later comparison that split it from its neighbours; still-tied rows carry none', () => {
    const list = rows('stroke_gross', [
      entry('Dina', [card()]),
      entry('Cato', [card()]),
      entry('Bjørn', [card({ 10: 1, 14: -1 })]), // 10–18 as Cato and Dina, 13–18 one better
      entry('Anne', [card({ 12: -1, 3: 1 })]), // 10–18 one better than all
      entry('Eva', [card({ 1: -1 })]), // 71: tied with nobody
    ]);
    expect(decisions(list)).toEqual(['1 Eva', '2 Anne (last_9)', '3 Bjørn (last_6)', 'T4 Cato', 'T4 Dina']);
  });

  it('net keeps the fractions of the share: rounding 4½ to 5 would have given it to the other player', () => {
    // PH 9, 73 (back nine 37) and PH 8, 72 (back nine 36): both net 64.
    // 10–18: 37 − 4.5 = 32.5 against 36 − 4 = 32, so Åtte wins. With whole shares (5 and 4) both are 32,
    // 13–18 both 21 (3 and 8/3 → 3), and 16–18 (1.5 → 2 against 1⅓ → 1) would have given it to Ni.
    const list = rows('stroke_net', [entry('Ni', [card({ 10: 1 })], 9), entry('Åtte', [card()], 8)]);
    expect(list.map((r) => [r.name, r.strokes, r.toPar])).toEqual([
      ['Åtte', 64, -8],
      ['Ni', 64, -8],
    ]);
    expect(decisions(list)).toEqual(['1 Åtte (last_9)', '2 Ni (last_9)']);
  });

  it('net on the first nine: a PH 18’s shares (9, 6, 3, 1) tie the back nine, then 4–9 less 6 decides', () => {
    // Hel (PH 18): bogeys on 10–18, +3 on 1, +1 on 2 and 3, bogeys on 4–7: 90, net 72. Null (PH 0): 72.
    // 10–18: 45 − 9 = 36; 13–18: 30 − 6 = 24; 16–18: 15 − 3 = 12; 18: 5 − 1 = 4, all as Null.
    // 4–9: 28 − 6 = 22 against 24.
    const bogeys = Object.fromEntries([...holes(10, 18), 2, 3, 4, 5, 6, 7].map((h) => [h, 1]));
    const list = rows('stroke_net', [entry('Null', [card()], 0), entry('Hel', [card({ ...bogeys, 1: 3 })], 18)]);
    expect(list.map((r) => [r.name, r.strokes])).toEqual([
      ['Hel', 72],
      ['Null', 72],
    ]);
    expect(decisions(list)).toEqual(['1 Hel (first_9_last_6)', '2 Null (first_9_last_6)']);
  });

  it('stableford compares points, with the strokes where the stroke indexes give them', () => {
    // Both 37 points and 36 strokes on the back nine. PH 1 receives on hole 4 (SI 1) only; PH 2 also on
    // hole 13 (SI 2), which gives Bodil 19 points on 10–18 against Astrid’s 18.
    const list = rows('stableford', [entry('Astrid', [card()], 1), entry('Bodil', [card({ 1: 1 })], 2)]);
    expect(list.map((r) => [r.name, r.points, r.in])).toEqual([
      ['Bodil', 37, 19],
      ['Astrid', 37, 18],
    ]);
    expect(decisions(list)).toEqual(['1 Bodil (last_9)', '2 Astrid (last_9)']);
  });

  it('a shotgun card started on hole 10: the last nine is still holes 10–18, not the nine played last', () => {
    // Tee10 played 10–18 first (a birdie on 12), then 1–9 (a bogey on 3); Tee1 the other way round.
    // Over the nine each played last, Tee1 was better; by hole number Tee10 is.
    const tee10Card = card({ 12: -1, 3: 1 });
    const tee1Card = card({ 3: -1, 12: 1 });
    // Midway, after 10–18 and 1–9 respectively, they are -1 and -1: shared, nobody decided.
    expect(
      decisions(
        rows('stroke_gross', [
          entry('Tee10', [played(tee10Card, holes(10, 18))]),
          entry('Tee1', [played(tee1Card, holes(1, 9))]),
        ]),
      ),
    ).toEqual(['T1 Tee1', 'T1 Tee10']);
    expect(decisions(rows('stroke_gross', [entry('Tee1', [tee1Card]), entry('Tee10', [tee10Card])]))).toEqual([
      '1 Tee10 (last_9)',
      '2 Tee1 (last_9)',
    ]);
  });

  it('identical cards share the position under every tieBreak', () => {
    for (const tieBreak of ['countback', 'lowest_handicap', 'shared'] as const) {
      const list = rows('stroke_net', [entry('Per', [card({ 7: 1 })], 4), entry('Ola', [card({ 7: 1 })], 4)], {
        tieBreak,
      });
      expect(decisions(list)).toEqual(['T1 Ola', 'T1 Per']);
    }
  });

  it('a group with a card still being played shares, under lowest_handicap too; decided once all are in', () => {
    const anne = entry('Anne', [card()], 10);
    const berit = entry('Berit', [card()], 2);
    const during = rows('stroke_gross', [anne, berit, entry('Cato', [played(card(), holes(1, 9))], 5)], {
      tieBreak: 'lowest_handicap',
    });
    expect(decisions(during)).toEqual(['T1 Anne', 'T1 Berit', 'T1 Cato']);
    const after = rows('stroke_gross', [anne, berit, entry('Cato', [card()], 5)], { tieBreak: 'lowest_handicap' });
    expect(decisions(after)).toEqual([
      '1 Berit (lowest_handicap)',
      '2 Cato (lowest_handicap)',
      '3 Anne (lowest_handicap)',
    ]);
  });

  it('lowest_handicap: the lower playing handicap first (a plus handicap lowest), equal ones by countback', () => {
    // All net 70, −2. Pluss plays off +1 (PH −1, 69); Dag and Erik both PH 4 (74); Finn PH 12 (82).
    const players = [
      entry('Finn', [card(Object.fromEntries(holes(1, 10).map((h) => [h, 1])))], 12),
      entry('Erik', [card({ 1: 1, 2: 1 })], 4),
      // As Erik on 10–18 and 13–18, one better on 16–18.
      entry('Dag', [card({ 1: 1, 2: 1, 13: 1, 17: -1 })], 4),
      entry('Pluss', [card({ 1: -1, 2: -1, 3: -1 })], -1),
    ];
    const list = rows('stroke_net', players, { tieBreak: 'lowest_handicap' });
    expect(list.map((r) => [r.name, r.playingHandicap, r.toPar])).toEqual([
      ['Pluss', -1, -2],
      ['Dag', 4, -2],
      ['Erik', 4, -2],
      ['Finn', 12, -2],
    ]);
    expect(decisions(list)).toEqual([
      '1 Pluss (lowest_handicap)',
      '2 Dag (last_3)',
      '3 Erik (last_3)',
      '4 Finn (lowest_handicap)',
    ]);
    // Countback alone: 10–18 less half the handicap is 31 for Finn, 34 for Dag and Erik, 36.5 for Pluss.
    expect(decisions(rows('stroke_net', players, { tieBreak: 'countback' }))).toEqual([
      '1 Finn (last_9)',
      '2 Dag (last_3)',
      '3 Erik (last_3)',
      '4 Pluss (last_9)',
    ]);
  });

  it('shared: no split at all, every tie of complete rounds shares the position', () => {
    const cards = [entry('Berit', [card()], 3), entry('Anne', [card({ 12: -1, 3: 1 })], 9)];
    expect(decisions(rows('stroke_gross', cards, { tieBreak: 'shared' }))).toEqual(['T1 Anne', 'T1 Berit']);
    expect(decisions(rows('stroke_gross', cards, { tieBreak: 'countback' }))).toEqual([
      '1 Anne (last_9)',
      '2 Berit (last_9)',
    ]);
    expect(decisions(rows('stroke_gross', cards))).toEqual(['1 Anne (last_9)', '2 Berit (last_9)']);
    const twoRounds = [
      entry('Anne', [card({ 1: -1 }), card({ 1: 1 })]),
      entry('Berit', [card({ 1: 1 }), card({ 1: -1 })]),
    ];
    expect(decisions(rows('stroke_gross', twoRounds, { roundCount: 2, tieBreak: 'shared' }))).toEqual([
      'T1 Anne',
      'T1 Berit',
    ]);
  });
});

describe('changed rows for live updates', () => {
  const start = [
    entry('Anne', [played(card(), holes(1, 3))]),
    entry('Berit', [played(card(), holes(1, 2))]),
    entry('Cato', [NOT_STARTED]),
  ];

  it('nothing changed: nothing to send', () => {
    const board = computeLeaderboard(input('stroke_gross', start));
    expect(changedRows(board, computeLeaderboard(input('stroke_gross', start)))).toEqual({ rows: [], removed: [] });
  });

  it('sends the rows that changed, including a position moved by someone else, and the entries that left', () => {
    const previous = computeLeaderboard(input('stroke_gross', start));
    expect(standings(previous[0]!.rows)).toEqual(['T1 Anne', 'T1 Berit', 'T1 Cato']);
    // Berit birdies hole 3; Cato withdraws. Anne's row is unchanged but her position goes from T1 to 2.
    const next = computeLeaderboard(
      input('stroke_gross', [start[0]!, entry('Berit', [played(card({ 3: -1 }), holes(1, 3))])]),
    );
    expect(changedRows(previous, next)).toEqual({
      rows: [
        {
          divisionId: 'men',
          row: {
            position: '1',
            entryId: 'e-Berit',
            name: 'Berit',
            thru: 3,
            toPar: -1,
            strokes: 10,
            rounds: [10],
            ...nines(0, 10, null),
          },
        },
        {
          divisionId: 'men',
          row: {
            position: '2',
            entryId: 'e-Anne',
            name: 'Anne',
            thru: 3,
            toPar: 0,
            strokes: 11,
            rounds: [11],
            ...nines(0, 11, null),
          },
        },
      ],
      removed: [{ divisionId: 'men', entryId: 'e-Cato' }],
    });
  });

  it('the first score of round 2 changes every row: thru F → 0 and a 0 for round 2', () => {
    const round1 = [entry('Anne', [card({ 1: -1 }), NOT_STARTED]), entry('Berit', [card(), NOT_STARTED])];
    const previous = computeLeaderboard(input('stroke_gross', round1, { roundCount: 2 }));
    const next = computeLeaderboard(
      input('stroke_gross', [round1[0]!, entry('Berit', [card(), played(card(), [1])])], { roundCount: 2 }),
    );
    const changes = changedRows(previous, next);
    expect(changes.rows.map(({ row }) => [row.position, row.name, row.thru, row.rounds])).toEqual([
      ['1', 'Anne', 0, [71, 0]],
      ['2', 'Berit', 1, [72, 4]],
    ]);
    // Anne's toPar and strokes did not move: only thru and rounds did, and that is enough to send her row.
    expect(changes.rows[0]!.row).toMatchObject({ toPar: -1, strokes: 71 });
    expect(changes.removed).toEqual([]);
  });

  it('any one field that differs makes the row changed', () => {
    const base: LeaderboardRow = {
      position: '3',
      entryId: 'e-Anne',
      name: 'Anne',
      thru: 12,
      toPar: 2,
      strokes: 50,
      points: 20,
      rounds: [72, 50],
      playingHandicap: 10,
      out: 30,
      in: 20,
    };
    const division = (row: LeaderboardRow) => [{ id: 'men', name: 'Herrer', rows: [row] }];
    const variants: Partial<LeaderboardRow>[] = [
      { position: 'T3' },
      { name: 'Anne B.' },
      { thru: 13 },
      { thru: 'F' },
      { toPar: 1 },
      { strokes: 51 },
      { points: 21 },
      { rounds: [72, 51] },
      { rounds: [72] },
      { rounds: [72, 50, 0] },
      { playingHandicap: 11 },
      { out: 31 },
      { in: null },
      { decidedBy: 'last_9' },
    ];
    for (const variant of variants) {
      expect(changedRows(division(base), division({ ...base, ...variant })).rows).toHaveLength(1);
    }
    const { points: _, ...withoutPoints } = base;
    expect(changedRows(division(base), division(withoutPoints)).rows).toHaveLength(1);
    expect(changedRows(division(base), division({ ...base, rounds: [72, 50] })).rows).toEqual([]);
  });

  it('a new entry is a changed row', () => {
    const previous = computeLeaderboard(input('stroke_gross', start.slice(0, 2)));
    const next = computeLeaderboard(input('stroke_gross', start));
    expect(changedRows(previous, next).rows.map(({ row }) => row.name)).toEqual(['Cato']);
  });
});

describe('team formats on the leaderboard', () => {
  /** A four-ball team: its better ball hole by hole with the strokes that ball received (better-ball.ts). */
  function team(name: string, scores: number[], received: number[], playingHandicap: number): LeaderboardEntry {
    return {
      ...entry(name, [scores], playingHandicap),
      strokesReceived: [received],
      players: [`${name} A`, `${name} B`],
    };
  }

  it('ranks four-ball by the better balls’ nets and splits a tie on their nets, no fractions', () => {
    // Both teams net 70 over the round. Team Nord's better balls received a stroke on 10 and 18, team Sør's on
    // 1 and 2; gross: Nord par everywhere, Sør par except a bogey on 10 and 12 and birdies on 1 and 3.
    // Last nine, nets: Nord 36 − 2 = 34; Sør 38 − 0 = 38. With the team handicap's share instead, Sør's larger
    // handicap would have come off 9/18 of it: the four-ball countback must not do that.
    const nordReceived = HOLES.map((h) => (h.number === 10 || h.number === 18 ? 1 : 0));
    const sorReceived = HOLES.map((h) => (h.number === 1 || h.number === 2 ? 1 : 0));
    const nord = team('Nord', card(), nordReceived, 4);
    const sor = team('Sør', card({ 10: 1, 12: 1, 1: -1, 3: -1 }), sorReceived, 30);
    const board = rows('fourball_stroke', [sor, nord]);
    expect(board.map((r) => [r.position, r.name, r.strokes, r.decidedBy, r.players])).toEqual([
      ['1', 'Nord', 70, 'last_9', ['Nord A', 'Nord B']],
      ['2', 'Sør', 70, 'last_9', ['Sør A', 'Sør B']],
    ]);
  });

  it('counts four-ball Stableford points from the strokes each better ball received', () => {
    // Par on every hole: 2 points a hole, plus a point where the counting ball received a stroke.
    const received = HOLES.map((h) => (h.strokeIndex <= 5 ? 1 : 0));
    const [row] = rows('fourball_stableford', [team('Vest', card(), received, 12)]);
    expect(row!.points).toBe(36 + 5);
  });

  it('plays a one-ball team off the team’s handicap, with the fractions of its share kept', () => {
    // Scramble teams Alfa (team PH 9, gross 74: bogeys on 1 and 10) and Beta (PH 7, gross 72) are both net 65.
    // Last nine: 37 − 4½ = 32½ against 36 − 3½ = 32½, level. Last six: 27 − 3 = 24 against 27 − 2⅓ = 24⅔:
    // Alfa, by two thirds of a stroke.
    const alfa = entry('Alfa', [card({ 1: 1, 10: 1 })], 9);
    const beta = entry('Beta', [card()], 7);
    expect(rows('scramble', [beta, alfa]).map((r) => [r.position, r.name, r.toPar, r.decidedBy])).toEqual([
      ['1', 'Alfa', -7, 'last_6'],
      ['2', 'Beta', -7, 'last_6'],
    ]);
  });
});
