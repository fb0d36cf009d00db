import ical, { ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { osloWallClock } from '../../shared/format/oslo-clock';

/**
 * The iCalendar writer of both calendars (RFC 5545, decision 0430): ical-generator, with the Europe/Oslo
 * VTIMEZONE from timezones-ical-library, and every timed event as `DTSTART;TZID=Europe/Oslo:` local time.
 */

export const CALENDAR_TIME_ZONE = 'Europe/Oslo';

/** How long a round is in a calendar: 18 holes in about 4 h 15 min, and the card signed after. */
export const ROUND_MINUTES = 270;

/** The answer of a calendar procedure: the file's text, and its name for a download. */
export interface IcsFile {
  ics: string;
  filename: string;
}

/**
 * The library gives Europe/Oslo as its link target Europe/Berlin (the same rules since 1980). The block must
 * carry the TZID the events name, or a reader would not find it: renamed here, rules untouched.
 */
function osloTimeZoneBlock(name: string): string | null {
  const found = tzlib_get_ical_block(name);
  const block = Array.isArray(found) ? found[0] : null;
  if (!block) return null;
  return block.replace(/^TZID:.*$/m, `TZID:${name}`).replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${name}`);
}

/**
 * An instant as Oslo's wall clock, "2026-06-13T08:10:00", for a time written after TZID=. ical-generator has no
 * time zone database: given a zone, it writes the local fields of `new Date(value)`, the server process's own
 * zone. A Date would so come out shifted on a server whose TZ is not UTC (Europe/Oslo on a Norwegian host: two
 * hours in summer); a text without an offset is read as local and written back with the same digits.
 */
function osloText(instant: Date): string {
  return osloWallClock(instant).toISOString().slice(0, 19);
}

export type CalendarEvent = {
  /** Stable across reads and changes, so a calendar app updates the event rather than adding another. */
  uid: string;
  summary: string;
  location: string;
  url: string;
  description?: string;
  cancelled?: boolean;
} & ({ startsAt: Date; endsAt: Date } | { day: string });

export function icsCalendar(input: { name: string; events: readonly CalendarEvent[]; now: Date }): string {
  const calendar = ical({
    name: input.name,
    prodId: { company: 'Hullvis', product: 'Hullvis', language: 'NB' },
    // Calendar apps may read it again after an hour; most decide for themselves.
    ttl: 60 * 60,
  });
  // No calendar-wide zone name: with one, the library would write DTSTAMP in it, where RFC 5545 wants UTC.
  calendar.timezone({ name: null, generator: osloTimeZoneBlock });
  for (const event of input.events) {
    const when =
      'day' in event
        ? { start: event.day, allDay: true }
        : { start: osloText(event.startsAt), end: osloText(event.endsAt), timezone: CALENDAR_TIME_ZONE };
    calendar.createEvent({
      id: event.uid,
      ...when,
      stamp: input.now,
      summary: event.summary,
      location: event.location,
      url: event.url,
      ...(event.description ? { description: event.description } : {}),
      ...(event.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    });
  }
  return calendar.toString();
}

/** The host part of the UIDs: the service's own name, so they are unique across calendars. */
export function uidDomain(publicUrl: string): string {
  return new URL(publicUrl).host;
}
