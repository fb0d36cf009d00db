import type { FeedItem } from '../../../../shared/schemas/feed';
import { MONTHS as MONTHS_BY_LANGUAGE } from '../../../../shared/format/dates';

const MONTHS = MONTHS_BY_LANGUAGE.nb;
import { FEED_ITEM_KIND_LABELS, HIGHLIGHT_KIND_LABELS } from '../../../../shared/values';

export const HIGHLIGHT_LABEL = HIGHLIGHT_KIND_LABELS.nb;
export const KIND_LABEL = FEED_ITEM_KIND_LABELS.nb;

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/**
 * When an item was posted, as a Norwegian would say it: "nå nettopp", "for 5 min siden", "i dag 09:05",
 * "i går 09:05", "30. mai 09:05", and with the year when it is not this year ("30. mai 2025").
 */
export function feedTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'nå nettopp';
  if (minutes < 60) return `for ${minutes} min siden`;
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (dayKey(at) === dayKey(now)) return `i dag ${clock}`;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(at) === dayKey(yesterday)) return `i går ${clock}`;
  if (at.getFullYear() !== now.getFullYear()) return `${at.getDate()}. ${MONTHS[at.getMonth()]} ${at.getFullYear()}`;
  return `${at.getDate()}. ${MONTHS[at.getMonth()]} ${clock}`;
}

/** A total as the item means it: strokes, or Stableford points when the text says so. */
export function totalText(total: number, item: Pick<FeedItem, 'text'>): string {
  return /poeng/i.test(item.text) ? `${total} p` : `${total} slag`;
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
