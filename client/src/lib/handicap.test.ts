import { describe, expect, it } from 'vitest';
import { common } from '../../../shared/i18n/en/common';
import { i18n } from '../i18n';
import { formatHandicapIndex, formatStrokes, parseHandicapIndex } from './handicap';

i18n.addResourceBundle('en', 'translation', { common });
const nb = i18n.getFixedT('nb');
const english = i18n.getFixedT('en');

describe('a handicap index as typed', () => {
  it('reads a Norwegian or English decimal, and nothing as "no index"', () => {
    expect(parseHandicapIndex('12,4', nb)).toEqual({ ok: true, value: 12.4 });
    expect(parseHandicapIndex(' 12.4 ', nb)).toEqual({ ok: true, value: 12.4 });
    expect(parseHandicapIndex('54', nb)).toEqual({ ok: true, value: 54 });
    expect(parseHandicapIndex('0', nb)).toEqual({ ok: true, value: 0 });
    expect(parseHandicapIndex('', nb)).toEqual({ ok: true, value: null });
  });

  it('reads a plus handicap as the negative number the service stores', () => {
    expect(parseHandicapIndex('+2,1', nb)).toEqual({ ok: true, value: -2.1 });
    expect(parseHandicapIndex('+ 0,0', nb)).toEqual({ ok: true, value: 0 });
  });

  it('refuses text that is not a number with at most one decimal, in Norwegian', () => {
    for (const text of ['abc', '12,45', '1,2,3', '123']) {
      const parsed = parseHandicapIndex(text, nb);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/én desimal/);
    }
  });

  it('says what is wrong in English when the app is in English', () => {
    const parsed = parseHandicapIndex('12,45', english);
    expect(parsed).toEqual({
      ok: false,
      message: 'Write the handicap index as a number with one decimal, for example 12.4 or +2.1.',
    });
  });

  it('shows indexes and strokes the way golfers write them', () => {
    expect(formatHandicapIndex(-2.1)).toBe('+2,1');
    expect(formatHandicapIndex(12.4)).toBe('12,4');
    expect(formatHandicapIndex(0)).toBe('0,0');
    expect(formatHandicapIndex(null)).toBe('–');
    expect(formatStrokes(-2)).toBe('+2');
    expect(formatStrokes(18)).toBe('18');
  });
});
