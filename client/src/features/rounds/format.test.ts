import { describe, expect, it } from 'vitest';
import { applyLanguage, loadTexts } from '../../i18n';
import type { RoundView } from '../../../../shared/schemas/rounds';
import { allowanceText, formatDate, teeLabel, withShownNames } from './format';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['rounds']);

describe('tees as the wizard and the card name them', () => {
  it('gives the colour in Norwegian and whom the tee is for, so two tees never read the same', () => {
    expect(teeLabel({ name: 'Rød', color: 'red', gender: 'female' })).toBe('Rød (dame)');
    expect(teeLabel({ name: 'Rød', color: 'red', gender: 'male' })).toBe('Rød (herre)');
    expect(teeLabel({ name: '58', color: 'yellow', gender: 'male' })).toBe('58 – Gul (herre)');
    expect(teeLabel({ name: 'Gul', color: 'Gul', gender: null })).toBe('Gul');
    expect(teeLabel({ name: 'Hvit', color: null })).toBe('Hvit');
    expect(teeLabel({ name: 'Tee 1', color: 'lilla', gender: 'unisex' })).toBe('Tee 1 – lilla (alle)');
  });
});

describe('the handicap allowance', () => {
  it('explains the 85 % of four-ball play in one sentence', () => {
    expect(allowanceText(85)).toMatch(/^Handicaptillegg 85 %: .*beste score teller.*85 % av banehandicapet\.$/);
    expect(allowanceText(95)).toMatch(/^Handicaptillegg 95 %/);
    expect(allowanceText(70)).toBe('Handicaptillegg 70 % av banehandicapet.');
  });
});

describe('tees, dates and the allowance in English', () => {
  it('names colours and whom the tee is for as English golfers do', async () => {
    await applyLanguage('en');
    expect(teeLabel({ name: 'Rød', color: 'red', gender: 'female' }, 'en')).toBe('Red (women)');
    expect(teeLabel({ name: '58', color: 'yellow', gender: 'male' }, 'en')).toBe('58 – Yellow (men)');
    expect(teeLabel({ name: 'Hvit', color: null }, 'en')).toBe('White');
    expect(teeLabel({ name: 'Tee 1', color: 'lilla', gender: 'unisex' }, 'en')).toBe('Tee 1 – lilla (all)');
    expect(formatDate('2026-05-17')).toBe('17. mai 2026');
    expect(formatDate('2026-05-17', 'en')).toBe('17 May 2026');
  });

  it('explains four-ball’s 85 % in English', async () => {
    await applyLanguage('en');
    expect(allowanceText(85, 'en')).toMatch(/^Handicap allowance 85 %: .*better score counts.*four-ball.*85 %/);
    expect(allowanceText(70, 'en')).toBe('Handicap allowance 70 % of the course handicap.');
  });
});

describe('players on the card as the reader is shown them', () => {
  it('names a player without a name in English, and changes nothing else', async () => {
    await applyLanguage('en');
    const view = {
      sides: [
        {
          id: 's1',
          participants: [
            { id: 'p1', name: 'Uten navn' },
            { id: 'p2', name: 'Kari' },
          ],
        },
      ],
    } as unknown as RoundView;
    const shown = withShownNames(view, 'en');
    expect(shown.sides[0]!.participants.map((p) => [p.id, p.name])).toEqual([
      ['p1', 'No name'],
      ['p2', 'Kari'],
    ]);
    expect(withShownNames(view, 'nb')).toBe(view);
    await applyLanguage('nb');
  });
});
