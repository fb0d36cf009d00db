import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, languageOfAcceptLanguage, languageOfTags } from '../../../shared/language';
import { chooseLanguage } from './language';

describe('the language the app shows', () => {
  it('is the account’s choice first, then the one picked signed out, then the browser’s, then Norwegian', () => {
    expect(chooseLanguage({ account: 'en', stored: 'nb', browser: ['nb-NO'] })).toBe('en');
    expect(chooseLanguage({ account: 'nb', stored: 'en', browser: ['en-US'] })).toBe('nb');
    expect(chooseLanguage({ account: null, stored: 'en', browser: ['nb-NO'] })).toBe('en');
    expect(chooseLanguage({ account: null, stored: 'xx', browser: ['en-US'] })).toBe('en');
    expect(chooseLanguage({ account: undefined, stored: null, browser: ['de-DE', 'fr'] })).toBe('nb');
  });

  it('reads English from en* and Norwegian from nb, nn and no, whichever comes first', () => {
    expect(languageOfTags(['en-GB'])).toBe('en');
    expect(languageOfTags(['de', 'en'])).toBe('en');
    expect(languageOfTags(['nn-NO', 'en'])).toBe('nb');
    expect(languageOfTags(['no'])).toBe('nb');
    expect(languageOfTags([])).toBe('nb');
  });

  it('honours Accept-Language weights', () => {
    expect(acceptLanguageTags('nb;q=0.5, en-US;q=0.9, *;q=0.1')).toEqual(['en-US', 'nb']);
    expect(languageOfAcceptLanguage('nb;q=0.5, en-US;q=0.9')).toBe('en');
    expect(languageOfAcceptLanguage('nb-NO,nb;q=0.9,en;q=0.8')).toBe('nb');
    expect(languageOfAcceptLanguage('en;q=0, nb;q=0.1')).toBe('nb');
    expect(languageOfAcceptLanguage(undefined)).toBe('nb');
    expect(languageOfAcceptLanguage('fr-FR')).toBe('nb');
  });
});
