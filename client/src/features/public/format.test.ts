import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, loadTexts } from '../../i18n';
import { cardTotals, formatThru, formatToPar, grossText, startTime } from './format';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['publicTournaments']);

describe('public page formatting', () => {
  it('writes to par as golfers do', () => {
    expect(formatToPar(0)).toBe('E');
    expect(formatToPar(3)).toBe('+3');
    expect(formatToPar(-2)).toBe('\u22122');
  });
  it('writes thru as F, holes, or a dash before the first hole', () => {
    expect(formatThru('F')).toBe('F');
    expect(formatThru(9)).toBe('9');
    expect(formatThru(0)).toBe('–');
  });
  it('shows start times in Norwegian time', () => {
    expect(startTime('2026-06-01T06:10:00.000Z')).toBe('08:10');
  });
  it('sums the holes played of a card', () => {
    const pars = [4, 4, 3];
    expect(cardTotals([5, null, 3], pars)).toEqual({ strokes: 8, toPar: 1, played: 2 });
    expect(cardTotals([5, 4, 3], pars, 1, 3)).toEqual({ strokes: 7, toPar: 0, played: 2 });
  });
  it('writes the card’s gross line with the holes as its count, in both languages', async () => {
    const pars = [4, 4, 3];
    expect(grossText([5, null, null], pars, i18n.getFixedT('nb'))).toBe('Brutto 5 slag, +1 på 1 hull');
    expect(grossText([5, 4, 2], pars, i18n.getFixedT('nb'))).toBe('Brutto 11 slag, E på 3 hull');
    await applyLanguage('en');
    expect(grossText([5, null, null], pars, i18n.getFixedT('en'))).toBe('Gross 5 (+1) over 1 hole');
    expect(grossText([5, 4, 2], pars, i18n.getFixedT('en'))).toBe('Gross 11 (E) over 3 holes');
    await applyLanguage('nb');
  });
});
