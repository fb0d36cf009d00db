import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from '../../shared/format/dates';

describe('moments as the reader writes them, in Norway’s time', () => {
  // 23:30 UTC on the last day of November is already 1 December in Oslo.
  const lateNight = new Date('2026-11-30T23:30:00Z');

  it('gives the day of a moment in Oslo, not in the machine’s zone', () => {
    expect(formatDay(lateNight, 'nb')).toBe('1. desember 2026');
    expect(formatDay(lateNight, 'en')).toBe('1 December 2026');
  });

  it('gives the day and the clock in Oslo, summer time included', () => {
    expect(formatDateTime(lateNight, 'nb')).toMatch(/^1\. desember 2026.*00:30$/);
    expect(formatDateTime(new Date('2026-06-30T22:30:00Z'), 'en')).toMatch(/^1 July 2026.*00:30$/);
  });
});
