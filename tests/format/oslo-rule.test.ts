import { describe, expect, it } from 'vitest';
import { osloClockTime, osloOffsetMs, osloWallClock } from '../../shared/format/oslo-clock';

/**
 * Norway's clock worked out by the EU's summer-time rule (decision 0515), against the time-zone database
 * itself (Intl, Europe/Oslo): hour by hour from 1996, when Norway's rule became the EU's, to 2045, and minute
 * by minute on the days the clock changes. If the database ever changes Norway's rule, this fails.
 */
const OSLO = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Oslo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
function databaseWallClock(at: Date): string {
  const part = Object.fromEntries(OSLO.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}.000Z`;
}

describe("Norway's clock by the summer-time rule", () => {
  it('agrees with the time-zone database at every hour from 1996 to 2045', () => {
    let differences = 0;
    for (let at = Date.UTC(1996, 0, 1); at < Date.UTC(2046, 0, 1); at += 3_600_000) {
      const moment = new Date(at);
      if (osloWallClock(moment).toISOString() !== databaseWallClock(moment)) differences++;
    }
    expect(differences).toBe(0);
  });

  it('agrees with it at every minute of the days the clock changes', () => {
    for (const day of ['2026-03-29', '2026-10-25', '2030-03-31', '2030-10-27', '2040-03-25', '2040-10-28']) {
      const start = Date.parse(`${day}T00:00:00Z`) - 3 * 3_600_000;
      for (let at = start; at < start + 30 * 3_600_000; at += 60_000)
        expect(osloWallClock(new Date(at)).toISOString(), new Date(at).toISOString()).toBe(
          databaseWallClock(new Date(at)),
        );
    }
  });

  it('changes at 01:00 UTC on the last Sunday of March and of October', () => {
    expect(osloOffsetMs(new Date('2026-03-29T00:59:59.999Z'))).toBe(3_600_000);
    expect(osloOffsetMs(new Date('2026-03-29T01:00:00.000Z'))).toBe(7_200_000);
    expect(osloOffsetMs(new Date('2026-10-25T00:59:59.999Z'))).toBe(7_200_000);
    expect(osloOffsetMs(new Date('2026-10-25T01:00:00.000Z'))).toBe(3_600_000);
    expect(osloClockTime(new Date('2026-06-13T06:30:00.000Z'))).toBe('08:30');
    expect(osloClockTime(new Date('2026-12-13T07:30:59.999Z'))).toBe('08:30');
  });
});
