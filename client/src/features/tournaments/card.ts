import type { TFunction } from 'i18next';
import type { TournamentCardView } from '../../../../shared/schemas/tournaments';
import type { TournamentFormat } from '../../../../shared/values';
import type { CardTotals } from '../scorecard/scorecard';
import { ranksByPoints } from '../../../../shared/formats';

/** Holes 1..18 with no score: what stands between a card and its signatures. */
export function missingHoles(strokes: readonly (number | null)[]): number[] {
  return strokes.flatMap((s, i) => (s === null ? [i + 1] : []));
}

/** "hull 7", "hull 3 og 7", "hull 3, 7 og 12" (as the server's 409 says it); "holes 3, 7 and 12" in English. */
export function holeList(holes: readonly number[], t: TFunction): string {
  const last = holes[holes.length - 1];
  if (last === undefined) return '';
  if (holes.length === 1) return t('tournaments.card.hole', { hole: last });
  return t('tournaments.card.holes', { list: holes.slice(0, -1).join(', '), last });
}

/** What still stops me from signing this card, in words; null when nothing does. */
export function signBlocker(
  card: Pick<TournamentCardView, 'strokes' | 'locked'>,
  shown: readonly (number | null)[],
  unsent: number,
  t: TFunction,
): string | null {
  if (card.locked) return null;
  const missing = missingHoles(shown);
  if (missing.length === 18) return t('tournaments.card.noHoles');
  if (missing.length > 0) return t('tournaments.card.missing', { holes: holeList(missing, t) });
  if (unsent > 0) return t('tournaments.card.unsent', { count: unsent });
  return null;
}

/**
 * The running totals in the tournament's format, in two parts: the figure the format ranks by ("Netto −3",
 * "34 poeng", "Brutto 40 (+4)"), large on the card, and the rest ("brutto 40 etter 9 hull"), small.
 */
export function totalsParts(
  format: TournamentFormat,
  totals: CardTotals,
  toPar: (n: number) => string,
  t: TFunction,
): { main: string; rest: string | null } {
  if (totals.holesPlayed === 0) return { main: t('tournaments.card.noStrokes'), rest: null };
  const after = t('tournaments.card.afterHoles', { count: totals.holesPlayed });
  const grossAfter = t('tournaments.card.grossAfter', { gross: totals.gross, after });
  if (format === 'stroke_gross')
    return {
      main: t('tournaments.card.headGross', { gross: totals.gross, toPar: toPar(totals.grossToPar) }),
      rest: after,
    };
  // Stableford and four-ball Stableford count points; every other format is net stroke play.
  if (ranksByPoints(format))
    return { main: t('tournaments.card.headStableford', { count: totals.points }), rest: grossAfter };
  return { main: t('tournaments.card.headNet', { toPar: toPar(totals.netToPar) }), rest: grossAfter };
}

/** The running totals as one line: "Netto −3 · brutto 40 etter 9 hull". */
export function totalsText(
  format: TournamentFormat,
  totals: CardTotals,
  toPar: (n: number) => string,
  t: TFunction,
): string {
  const { main, rest } = totalsParts(format, totals, toPar, t);
  if (rest === null) return main;
  return format === 'stroke_gross' ? `${main} ${rest}` : `${main} · ${rest}`;
}

/** The signatures in words: "Signert av spilleren og markøren – låst". */
export function signatureText(
  card: Pick<TournamentCardView, 'signedByPlayer' | 'signedByMarker' | 'locked'>,
  t: TFunction,
): string {
  if (card.locked) return t('tournaments.card.signedLocked');
  if (card.signedByPlayer) return t('tournaments.card.signedByPlayer');
  if (card.signedByMarker) return t('tournaments.card.signedByMarker');
  return t('tournaments.card.notSigned');
}

/** The first hole where a card on screen has no score, to open the scorecard where play is. */
export function firstOpenHole(cards: readonly { strokes: readonly (number | null)[] }[]): number {
  for (let hole = 1; hole <= 18; hole++) if (cards.some((c) => c.strokes[hole - 1] === null)) return hole;
  return 18;
}
