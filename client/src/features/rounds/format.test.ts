import { describe, expect, it } from 'vitest';
import { applyLanguage, loadTexts } from '../../i18n';
import type { RoundView } from '../../../../shared/schemas/rounds';
import { allowanceText, formatDate, withShownNames } from './format';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['rounds']);

describe('the handicap allowance', () => {
  it('explains the 85 % of four-ball play in one sentence', () => {
    expect(allowanceText(85)).toMatch(/^Handicaptillegg 85 %: .*beste score teller.*85 % av banehandicapet\.$/);
    expect(allowanceText(95)).toMatch(/^Handicaptillegg 95 %/);
    expect(allowanceText(70)).toBe('Handicaptillegg 70 % av banehandicapet.');
  });
});

describe('dates and the allowance in English', () => {
  it('writes a playing date as Norwegian and English readers do', async () => {
    await applyLanguage('en');
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
