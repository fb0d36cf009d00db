import type { FeedItem } from '../../../../shared/schemas/feed';
import { dayAndMonth } from '../../../../shared/format/dates';
import { FEED_ITEM_KIND_LABELS, HIGHLIGHT_KIND_LABELS, type Language } from '../../../../shared/values';
import { feedWord } from './feed-words';

export const HIGHLIGHT_LABEL = HIGHLIGHT_KIND_LABELS;
export const KIND_LABEL = FEED_ITEM_KIND_LABELS;

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/**
 * When an item was posted, as the reader's language says it: "nå nettopp", "for 5 min siden", "i dag 09:05",
 * "i går 09:05", "30. mai 09:05", and with the year when it is not this year ("30. mai 2025"); in English
 * "just now", "5 min ago", "today 09:05", "yesterday 09:05", "30 May 09:05", "30 May 2025".
 */
export function feedTime(iso: string, now: Date = new Date(), language: Language = 'nb'): string {
  const at = new Date(iso);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return feedWord(language, 'when.justNow');
  if (minutes < 60) return feedWord(language, 'when.minutesAgo', { minutes });
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (dayKey(at) === dayKey(now)) return feedWord(language, 'when.today', { clock });
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(at) === dayKey(yesterday)) return feedWord(language, 'when.yesterday', { clock });
  const date = dayAndMonth(at.getDate(), at.getMonth(), language);
  if (at.getFullYear() !== now.getFullYear()) return `${date} ${at.getFullYear()}`;
  return `${date} ${clock}`;
}

/** A total as the item means it (its `unit`): strokes, or Stableford points. */
export function totalText(total: number, item: Pick<FeedItem, 'unit'>, language: Language = 'nb'): string {
  return feedWord(language, item.unit === 'points' ? 'shortTotal.points' : 'shortTotal.strokes', { total });
}

/** "1.", "T2" (a tie) as posted; a bare number gets its full stop. */
export function positionText(position: string): string {
  return /^\d+$/.test(position) ? `${position}.` : position;
}

/**
 * Places of a shared round's players, listed best first: equal totals share a place, written "T1" as a
 * leaderboard writes a tie; the next place skips as many ("1.", "T2", "T2", "4.").
 */
export function placesOf(totals: readonly number[]): string[] {
  return totals.map((total) => {
    const first = totals.indexOf(total);
    const place = first + 1;
    const tied = totals.filter((t) => t === total).length > 1;
    return tied ? `T${place}` : `${place}.`;
  });
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * What Date's toLocaleString(locale) writes for our two locales (ECMA-402's default: year to second, numeric,
 * the phone's zone): "5.1.2026, 03:04:05" in Norwegian, "05/01/2026, 03:04:05" in English. Written out by
 * hand: the first Intl.DateTimeFormat a page makes cost Chromium 20–110 ms of its main thread on a desktop
 * CPU, which the feed paid for the title of its first item before it could answer a tap (decision 0515). Its
 * test compares it with toLocaleString itself.
 */
export function fullTime(iso: string, language: Language): string {
  const at = new Date(iso);
  const clock = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
  const [day, month, year] = [at.getDate(), at.getMonth() + 1, at.getFullYear()];
  return language === 'en'
    ? `${twoDigits(day)}/${twoDigits(month)}/${year}, ${clock}`
    : `${day}.${month}.${year}, ${clock}`;
}
