import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, loadTexts } from '../../i18n';
import { cardTotals, formatToPar } from '../scorecard/scorecard';
import { firstOpenHole, holeList, missingHoles, signatureText, signBlocker, totalsText } from './card';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['rounds', 'tournaments']);

const t = i18n.getFixedT('nb');

const full = (n = 4) => Array.from({ length: 18 }, () => n as number | null);

describe('the tournament card', () => {
  it('names the holes still missing before signing, as the server does', () => {
    const strokes = full();
    strokes[2] = null;
    strokes[6] = null;
    strokes[11] = null;
    expect(missingHoles(strokes)).toEqual([3, 7, 12]);
    expect(holeList([7], t)).toBe('hull 7');
    expect(holeList([3, 7, 12], t)).toBe('hull 3, 7 og 12');
    expect(signBlocker({ strokes, locked: false }, strokes, 0, t)).toBe('Mangler hull 3, 7 og 12.');
    expect(signBlocker({ strokes: full(), locked: false }, full(), 1, t)).toBe('1 slag er ikke lagret ennå.');
    expect(signBlocker({ strokes: full(), locked: false }, full(), 0, t)).toBeNull();
    expect(signBlocker({ strokes: full(), locked: false }, Array(18).fill(null), 0, t)).toBe(
      'Ingen hull er ført ennå.',
    );
  });

  it('keeps running totals: gross, net to par and Stableford points', () => {
    const holes = [{ par: 4 }, { par: 3 }, { par: 5 }];
    const totals = cardTotals(holes, [5, 3, null], [1, 0, 1]);
    expect(totals).toEqual({ holesPlayed: 2, gross: 8, net: 7, grossToPar: 1, netToPar: 0, points: 4 });
    expect(totalsText('stroke_net', totals, formatToPar, t)).toBe('Netto ±0 · brutto 8 etter 2 hull');
    expect(totalsText('stableford', totals, formatToPar, t)).toBe('4 poeng · brutto 8 etter 2 hull');
    expect(totalsText('stroke_net', cardTotals(holes, [5, null, null], [1, 0, 1]), formatToPar, t)).toBe(
      'Netto ±0 · brutto 5 etter 1 hull',
    );
    expect(totalsText('stroke_gross', cardTotals(holes, [null, null, null], [0, 0, 0]), formatToPar, t)).toBe(
      'Ingen slag ennå',
    );
  });

  it('says who has signed, and opens where play is', () => {
    expect(signatureText({ signedByPlayer: true, signedByMarker: false, locked: false }, t)).toBe(
      'Signert av spilleren, venter på markøren',
    );
    expect(signatureText({ signedByPlayer: true, signedByMarker: true, locked: true }, t)).toBe(
      'Signert av spilleren og markøren – låst',
    );
    const a = full();
    a[4] = null;
    expect(firstOpenHole([{ strokes: full() }, { strokes: a }])).toBe(5);
    expect(firstOpenHole([{ strokes: full() }])).toBe(18);
  });

  it('says the same in English', async () => {
    await applyLanguage('en');
    const en = i18n.getFixedT('en');
    const strokes = full();
    strokes[2] = null;
    strokes[6] = null;
    expect(signBlocker({ strokes, locked: false }, strokes, 0, en)).toBe('Missing holes 3 and 7.');
    expect(signBlocker({ strokes: full(), locked: false }, full(), 2, en)).toBe('2 scores are not saved yet.');
    const totals = cardTotals([{ par: 4 }, { par: 3 }], [5, 3], [1, 0]);
    expect(totalsText('stableford', totals, formatToPar, en)).toBe('4 points · gross 8 after 2 holes');
    const one = cardTotals([{ par: 4 }, { par: 3 }], [5, null], [1, 0]);
    expect(totalsText('stroke_gross', one, formatToPar, en)).toBe('Gross 5 (+1) after 1 hole');
    const onePoint = cardTotals([{ par: 4 }, { par: 3 }], [6, null], [1, 0]);
    expect(totalsText('stableford', onePoint, formatToPar, en)).toBe('1 point · gross 6 after 1 hole');
    expect(signatureText({ signedByPlayer: false, signedByMarker: true, locked: false }, en)).toBe(
      'Signed by the marker, waiting for the player',
    );
    await applyLanguage('nb');
  });
});
