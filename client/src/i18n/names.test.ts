import { beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage } from '.';
import { shownName } from './names';

describe('a name as the app shows it', () => {
  beforeAll(async () => {
    await applyLanguage('en');
    await applyLanguage('nb');
  });

  it('shows the API’s words for no name and a deleted account in English when English is chosen', () => {
    expect(shownName('Uten navn', 'en')).toBe('No name');
    expect(shownName('Medlem uten navn', 'en')).toBe('Member without a name');
    expect(shownName('Slettet konto', 'en')).toBe('Deleted account');
  });

  it('leaves them as they are in Norwegian, and every real name as it is in both', () => {
    expect(shownName('Uten navn', 'nb')).toBe('Uten navn');
    expect(shownName('Kari Nordmann', 'en')).toBe('Kari Nordmann');
    expect(shownName('toString', 'en')).toBe('toString');
    expect(shownName('uten navn', 'en')).toBe('uten navn');
  });
});
