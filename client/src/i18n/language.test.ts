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

  it('reads only weights RFC 9110 allows, q=0 to q=1 with at most three decimals; an element with another is ignored', () => {
    // A weight above 1, or with more digits, cannot outrank a valid q=1.
    expect(acceptLanguageTags('nb, en;q=2')).toEqual(['nb']);
    expect(acceptLanguageTags('nb;q=0.5, en;q=0.50001')).toEqual(['nb']);
    for (const weight of [
      '2',
      '1.5',
      '1.0001',
      '0.0001',
      'NaN',
      'Infinity',
      '1e999',
      '1e0',
      '-1',
      '-0',
      '.5',
      '0x1',
      ' 0.5',
      '',
    ]) {
      expect(acceptLanguageTags(`en;q=${weight}`), weight).toEqual([]);
    }
    for (const weight of ['1', '1.', '1.0', '1.000', '0.001', '0.5', '0.999']) {
      expect(acceptLanguageTags(`en;q=${weight}`), weight).toEqual(['en']);
    }
    // "q=" is case-insensitive, and white space is allowed around the semicolon only.
    expect(acceptLanguageTags('en;Q=0, nb;q=0.1')).toEqual(['nb']);
    expect(acceptLanguageTags('en ;\tq=0.5')).toEqual(['en']);
    // Nothing but one weight may follow a language.
    expect(acceptLanguageTags('en;q=0.5;q=0.9')).toEqual([]);
    expect(acceptLanguageTags('en;level=1')).toEqual([]);
    expect(languageOfAcceptLanguage('en;q=NaN')).toBe('nb');
    expect(languageOfAcceptLanguage('nb;q=0.9, en;q=1e999')).toBe('nb');
  });

  it('reads only language ranges: no wildcard, no empty elements, no other bytes', () => {
    expect(acceptLanguageTags(`${','.repeat(5000)}en${', '.repeat(5000)}`)).toEqual(['en']);
    expect(acceptLanguageTags('*, *;q=0.5, ;q=1, ,')).toEqual([]);
    for (const tag of ['en_GB', 'en\u0000', 'en\u202e', 'e n', 'englishes-gb', 'en--GB', '-en', 'ën']) {
      expect(acceptLanguageTags(`${tag}, nb;q=0.1`), JSON.stringify(tag)).toEqual(['nb']);
    }
    expect(acceptLanguageTags('EN-gb, nb-NO;q=0.8, zh-Hant-TW;q=0.5')).toEqual(['EN-gb', 'nb-NO', 'zh-Hant-TW']);
    expect(acceptLanguageTags('nb;q=0.8, en;q=0.8')).toEqual(['nb', 'en']);
  });
});
