/**
 * Tee times and closing times are the club's clock, Norway's, on every screen and in every mail, PDF and
 * calendar, whatever zone the phone is set to: a golfer abroad reading Saturday's start at home sees the time
 * the starter will call (decision 0432). Typed times are read as Norway's too. Apart from dates.ts so that the
 * public page, which writes its times with its own formatter, does not carry these in its JavaScript.
 */
const OSLO_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Oslo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * The wall clock in Norway at a moment, carried in a Date's UTC fields: 06:10Z in June is 08:10 there, so
 * this gives a Date whose UTC reading is 08:10. The calendar writer needs exactly that (it writes a Date's UTC
 * fields after TZID=), and the conversions below compare it with the moment to find Norway's offset.
 */
export function osloWallClock(at: Date): Date {
  const part = Object.fromEntries(OSLO_PARTS.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return new Date(Date.UTC(part.year!, part.month! - 1, part.day!, part.hour, part.minute, part.second));
}

/** The wall clock in Norway at a moment: { date: "2026-06-13", time: "08:30" }. */
export function osloWallTime(at: Date): { date: string; time: string } {
  const wall = osloWallClock(at).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** A clock time in Norway, "08:30" (two digits for the hour in both languages). */
export function osloClockTime(at: Date): string {
  return osloWallTime(at).time;
}

/**
 * The moment Norway's clock shows `time` (HH:MM) on `date` (YYYY-MM-DD), as ISO 8601. A time the spring change
 * skips (02:30 on the last Sunday of March) is read as the hour after; one the autumn change repeats, as its
 * second showing. No tee time falls in either hour.
 */
export function osloInstant(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const asUtc = Date.UTC(y!, m! - 1, d!, hh ?? 0, mm ?? 0);
  const offsetAt = (instant: number) => osloWallClock(new Date(instant)).getTime() - instant;
  // Norway's offset at the moment sought: guessed from the offset at the same digits read as UTC, then taken
  // again at the guess (the two differ only within hours of a change).
  return new Date(asUtc - offsetAt(asUtc - offsetAt(asUtc))).toISOString();
}
