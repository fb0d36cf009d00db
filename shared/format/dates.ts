/**
 * Norwegian dates, written the same in the app and in the server's texts (link previews, the feed). Pure
 * and dependency-free: the app's chunk imports it.
 */

/** The months in Norwegian, lower case as written in a date: index 0 is January. */
export const NORWEGIAN_MONTHS = [
  'januar',
  'februar',
  'mars',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'desember',
] as const;

/**
 * Days (YYYY-MM-DD, any order) as one range: "1. juni 2026", "1.–3. juni 2026" within a month,
 * "30. mai – 1. juni 2026" across months, "30. desember 2026 – 2. januar 2027" across years; "" for none.
 */
export function norwegianDates(dates: readonly string[]): string {
  if (dates.length === 0) return '';
  const sorted = [...dates].sort();
  const parse = (d: string) => ({
    y: Number(d.slice(0, 4)),
    m: Number(d.slice(5, 7)) - 1,
    day: Number(d.slice(8, 10)),
  });
  const first = parse(sorted[0]!);
  const last = parse(sorted[sorted.length - 1]!);
  const M = NORWEGIAN_MONTHS;
  if (sorted[0] === sorted[sorted.length - 1]) return `${first.day}. ${M[first.m]} ${first.y}`;
  if (first.y === last.y && first.m === last.m) return `${first.day}.–${last.day}. ${M[last.m]} ${last.y}`;
  if (first.y === last.y) return `${first.day}. ${M[first.m]} – ${last.day}. ${M[last.m]} ${last.y}`;
  return `${first.day}. ${M[first.m]} ${first.y} – ${last.day}. ${M[last.m]} ${last.y}`;
}

const OSLO_DATE_TIME = new Intl.DateTimeFormat('nb-NO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Oslo',
});

/** A moment as a Norwegian reader expects it, in Norway's time (summer time included): "25. november 2026 kl. 23:45". */
export function norwegianDateTime(at: Date): string {
  return OSLO_DATE_TIME.format(at);
}
