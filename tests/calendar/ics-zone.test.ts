import { afterEach, describe, expect, it } from 'vitest';
import { icsCalendar } from '../../server/calendar/ics';

/**
 * The calendar's times do not depend on the server's own zone: a Norwegian host often runs with
 * TZ=Europe/Oslo, where the calendar library's local reading of a Date put every start two hours late in
 * summer. Node reads TZ again when it changes, so each zone is tried in this one process.
 */
describe('calendar times on any server zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['UTC', 'Europe/Oslo', 'America/New_York', 'Pacific/Auckland'])(
    'writes 08:10 Oslo time on a %s host',
    (tz) => {
      process.env.TZ = tz;
      const ics = icsCalendar({
        name: 'Vårpokalen',
        now: new Date('2026-06-01T12:00:00Z'),
        events: [
          {
            uid: 'start-1@example.no',
            summary: 'Vårpokalen',
            location: 'Bogstad',
            url: 'https://example.no',
            startsAt: new Date('2026-06-13T06:10:00Z'),
            endsAt: new Date('2026-11-14T07:10:00Z'),
          },
        ],
      });
      // Summer time in June, winter time in November: both 08:10 on the club's clock.
      expect(ics).toContain('DTSTART;TZID=Europe/Oslo:20260613T081000\r\n');
      expect(ics).toContain('DTEND;TZID=Europe/Oslo:20261114T081000\r\n');
      expect(ics).toContain('DTSTAMP:20260601T120000Z\r\n');
    },
  );
});
