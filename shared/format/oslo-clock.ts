/**
 * Tee times and closing times are the club's clock, Norway's, on every screen and in every mail, PDF and
 * calendar, whatever zone the phone is set to: a golfer abroad reading Saturday's start at home sees the time
 * the starter will call (decision 0432). Typed times are read as Norway's too. Apart from dates.ts, and without
 * Intl, so that the public page's start list carries these few lines and no formatter (decision 0515).
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 01:00 UTC on the last Sunday of a 31-day month: when Europe's summer time begins (March) and ends (October). */
function lastSundayOneUtc(year: number, month: 2 | 9): number {
  const lastDay = Date.UTC(year, month, 31, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

/**
 * Norway's offset from UTC at a moment: +2 h from the last Sunday of March to the last Sunday of October, at
 * 01:00 UTC both times, else +1 h. That is the rule Norway has kept with the EU since 1996, the same as the
 * time-zone database's Europe/Oslo (tests/format/oslo-rule.test.ts compares the two hour by hour from 1996 to
 * 2045 and fails if the database ever changes). Worked out by hand, not with Intl: the first
 * Intl.DateTimeFormat a page makes cost Chromium 20–110 ms of its main thread on a desktop CPU (more on a phone),
 * which was the largest single piece of script the public page and the feed ran at start (decision 0515).
 */
export function osloOffsetMs(at: Date): number {
  const ms = at.getTime();
  const year = at.getUTCFullYear();
  return ms >= lastSundayOneUtc(year, 2) && ms < lastSundayOneUtc(year, 9) ? 2 * HOUR_MS : HOUR_MS;
}

/**
 * The wall clock in Norway at a moment, carried in a Date's UTC fields: 06:10Z in June is 08:10 there, so
 * this gives a Date whose UTC reading is 08:10. The calendar writer needs exactly that (it writes a Date's UTC
 * fields after TZID=), and the conversions below compare it with the moment to find Norway's offset. To the
 * second, as a clock shows it.
 */
export function osloWallClock(at: Date): Date {
  return new Date(Math.floor((at.getTime() + osloOffsetMs(at)) / 1000) * 1000);
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
