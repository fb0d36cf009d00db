import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from '../../shared/format/dates';
import { osloClockTime, osloInstant, osloWallTime } from '../../shared/format/oslo-clock';

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

describe('tee times on Norway’s clock, whatever the phone’s zone (decision 0432)', () => {
  it('reads a typed start as Norway’s time, summer and winter', () => {
    expect(osloInstant('2026-06-13', '08:30')).toBe('2026-06-13T06:30:00.000Z');
    expect(osloInstant('2026-11-14', '08:30')).toBe('2026-11-14T07:30:00.000Z');
    // Ten past midnight in Oslo is still the day before in UTC, by two hours in summer and one in winter.
    expect(osloInstant('2026-07-01', '00:10')).toBe('2026-06-30T22:10:00.000Z');
    expect(osloInstant('2026-01-01', '00:10')).toBe('2025-12-31T23:10:00.000Z');
  });

  it('shows the moment again as the same clock time and day', () => {
    for (const [date, time] of [
      ['2026-06-13', '08:30'],
      ['2026-03-29', '03:00'],
      ['2026-10-25', '01:59'],
      ['2026-12-31', '23:50'],
    ] as const) {
      const at = new Date(osloInstant(date, time));
      expect(osloWallTime(at)).toEqual({ date, time });
      expect(osloClockTime(at)).toBe(time);
    }
  });

  it('reads the hours a clock change skips or repeats one way, without failing', () => {
    // 29 March 2026: 02:00 becomes 03:00, so 02:30 never shows; it is read as the hour after.
    expect(osloWallTime(new Date(osloInstant('2026-03-29', '02:30')))).toEqual({ date: '2026-03-29', time: '03:30' });
    // 25 October 2026: 03:00 goes back to 02:00, so 02:30 shows twice; the second (winter time) is taken.
    expect(osloInstant('2026-10-25', '02:30')).toBe('2026-10-25T01:30:00.000Z');
  });
});
