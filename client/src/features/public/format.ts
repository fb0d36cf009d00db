import type { TFunction } from 'i18next';
import { osloClockTime } from '../../../../shared/format/oslo-clock';
import { TOURNAMENT_FORMAT_LABELS, TOURNAMENT_STATUS_PUBLIC_LABELS } from '../../../../shared/values';

/** To par as golfers write it: "E" for level, "+3", "−2" (a real minus sign). */
export function formatToPar(toPar: number): string {
  if (toPar === 0) return 'E';
  return toPar > 0 ? `+${toPar}` : `\u2212${Math.abs(toPar)}`;
}

/** Holes played in the current round: "F" when finished, "–" before the first hole. */
export function formatThru(thru: number | 'F'): string {
  if (thru === 'F') return 'F';
  return thru === 0 ? '–' : String(thru);
}

/**
 * A start time in Norwegian time, "08:10", whatever the phone's zone (and "08:10" in English too). Worked out
 * without Intl: the first date formatter a page makes held a phone's main thread longest of anything the
 * public page did at start (decision 0515).
 */
export function startTime(iso: string): string {
  return osloClockTime(new Date(iso));
}

export const STATUS_TEXT = TOURNAMENT_STATUS_PUBLIC_LABELS;
export const FORMAT_TEXT = TOURNAMENT_FORMAT_LABELS;

/** The card's sums: strokes of the holes played, over par for those holes. */
export function cardTotals(
  strokes: readonly (number | null)[],
  pars: readonly number[],
  from = 0,
  to = strokes.length,
) {
  let total = 0;
  let par = 0;
  let played = 0;
  for (let i = from; i < to; i++) {
    const s = strokes[i];
    if (s == null) continue;
    total += s;
    par += pars[i] ?? 0;
    played++;
  }
  return { strokes: total, toPar: total - par, played };
}

/**
 * The card's gross line under the holes: "Brutto 38 slag, +2 på 9 hull", "Gross 38 (+2) over 9 holes"; the
 * holes are the message's count, so English says "over 1 hole".
 */
export function grossText(strokes: readonly (number | null)[], pars: readonly number[], t: TFunction): string {
  const sums = cardTotals(strokes, pars);
  return t('publicTournaments.gross', { strokes: sums.strokes, toPar: formatToPar(sums.toPar), count: sums.played });
}
