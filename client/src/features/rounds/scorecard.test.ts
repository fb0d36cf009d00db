import { describe, expect, it } from 'vitest';
import type { RoundView, Standing } from '../../../../shared/schemas/rounds';
import {
  canScore,
  firstOpenHole,
  formatToPar,
  parseStrokes,
  standingText,
  stepStrokes,
  strokesReceivedText,
} from './scorecard';

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
    const stableford: Standing = { format: 'stableford', holesPlayed: 18, points: 36, position: 2 };
    const match: Standing = {
      format: 'match',
      holesPlayed: 16,
      holesRemaining: 2,
      holesUp: 3,
      decided: true,
      result: 'won',
      status: 'Vunnet 3&2',
      position: 1,
    };
    expect(standingText(stroke)).toBe('Netto +2 etter 9 hull · 1. plass');
    expect(standingText(stableford)).toBe('36 poeng etter 18 hull · 2. plass');
    expect(standingText(match)).toBe('Vunnet 3&2');
    expect(standingText({ ...stroke, holesPlayed: 0, position: null })).toBe('Ikke startet');
    expect(standingText(null)).toBe('–');
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
