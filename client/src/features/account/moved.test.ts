import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, loadTexts } from '../../i18n';
import { movedText } from './moved';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['accountMore']);

describe('what a merge moved', () => {
  it('counts each kind in the singular for one and the plural for more, in both languages', async () => {
    await applyLanguage('en');
    const nb = i18n.getFixedT('nb');
    const en = i18n.getFixedT('en');
    expect(movedText({ rounds: 1, memberships: 2, courses: 0 }, nb)).toBe('1 runde, 2 klubbmedlemskap og 0 baner');
    expect(movedText({ rounds: 3, memberships: 1, courses: 1 }, nb)).toBe('3 runder, 1 klubbmedlemskap og 1 bane');
    expect(movedText({ rounds: 1, memberships: 2, courses: 1 }, en)).toBe('1 round, 2 club memberships and 1 course');
    await applyLanguage('nb');
  });
});
