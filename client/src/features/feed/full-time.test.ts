import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../shared/language';
import { fullTime } from './feed-format';

/** The feed item's exact time (its title), written by hand as toLocaleString writes it (decision 0515). */
describe("a feed item's full time", () => {
  // Single-digit days and months, midnight, noon, the last second of a year, both sides of summer time.
  const instants = [
    '2026-01-05T03:04:05.000Z',
    '2026-03-29T00:59:59.000Z',
    '2026-03-29T01:00:00.000Z',
    '2026-06-13T06:30:00.000Z',
    '2026-10-25T00:30:00.000Z',
    '2026-10-25T01:30:00.000Z',
    '2026-12-31T23:59:59.000Z',
    '2027-02-28T12:00:00.000Z',
  ];
  // Then a year of instants an odd number of minutes apart, so every hour and most days come up.
  for (let at = Date.UTC(2027, 0, 1); at < Date.UTC(2028, 0, 1); at += 7_919 * 60_000)
    instants.push(new Date(at).toISOString());

  for (const language of ['nb', 'en'] as const)
    it(`is what toLocaleString writes in ${language}, in this machine's zone`, () => {
      for (const iso of instants)
        expect(fullTime(iso, language), iso).toBe(new Date(iso).toLocaleString(LOCALES[language]));
    });
});
