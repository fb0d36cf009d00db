/**
 * Dates and numbers written the same in the app and in the server's texts (link previews, the feed, mails),
 * in either language (decision 0020). Pure and dependency-free: the app's chunk imports it.
 */
import { LOCALES } from '../language';
import type { Language } from '../values';

/** The months, lower case as written in a Norwegian date, capitalised in English: index 0 is January. */
export const MONTHS: Readonly<Record<Language, readonly string[]>> = {
  nb: [
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
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** A day and month as the language writes it: "1. juni", "1 June". */
export function dayAndMonth(day: number, month: number, language: Language): string {
  return language === 'en' ? `${day} ${MONTHS.en[month]}` : `${day}. ${MONTHS.nb[month]}`;
}

/**
 * Days (YYYY-MM-DD, any order) as one range: "1. juni 2026", "1.–3. juni 2026" within a month,
 * "30. mai – 1. juni 2026" across months, "30. desember 2026 – 2. januar 2027" across years; "" for none.
 * In English "1 June 2026", "1–3 June 2026", "30 May – 1 June 2026".
 */
export function formatDays(dates: readonly string[], language: Language): string {
  if (dates.length === 0) return '';
  const sorted = [...dates].sort();
  const parse = (d: string) => ({
    y: Number(d.slice(0, 4)),
    m: Number(d.slice(5, 7)) - 1,
    day: Number(d.slice(8, 10)),
  });
  const first = parse(sorted[0]!);
  const last = parse(sorted[sorted.length - 1]!);
  const dm = (d: { day: number; m: number }) => dayAndMonth(d.day, d.m, language);
  if (sorted[0] === sorted[sorted.length - 1]) return `${dm(first)} ${first.y}`;
  if (first.y === last.y && first.m === last.m) {
    const firstDay = language === 'en' ? `${first.day}` : `${first.day}.`;
    return `${firstDay}–${dm(last)} ${last.y}`;
  }
  if (first.y === last.y) return `${dm(first)} – ${dm(last)} ${last.y}`;
  return `${dm(first)} ${first.y} – ${dm(last)} ${last.y}`;
}

/**
 * Formatters made on first use, once per language and style. Made when the module loaded, the four of them
 * (each with a time zone, so ICU's zone data too) were the largest piece of script the feed ran at start on
 * a phone's slower CPU (decision 0513), though the feed never formats with them.
 */
function oneFormatter(options: Intl.DateTimeFormatOptions): (language: Language) => Intl.DateTimeFormat {
  const made: Partial<Record<Language, Intl.DateTimeFormat>> = {};
  return (language) => (made[language] ??= new Intl.DateTimeFormat(LOCALES[language], options));
}

const osloDateTime = oneFormatter({ dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Oslo' });
const osloDate = oneFormatter({ dateStyle: 'long', timeZone: 'Europe/Oslo' });

/** The day of a moment in Norway's time: "25. november 2026", "25 November 2026". */
export function formatDay(at: Date, language: Language): string {
  return osloDate(language).format(at);
}

/**
 * A moment in Norway's time (summer time included), as the reader's language writes it:
 * "25. november 2026 kl. 23:45", "25 November 2026 at 23:45".
 */
export function formatDateTime(at: Date, language: Language): string {
  return osloDateTime(language).format(at);
}

/** A number as the language writes it: 1 234,5 in Norwegian, 1,234.5 in English. */
export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(LOCALES[language], options);
}
