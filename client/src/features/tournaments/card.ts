import type { TournamentCardView } from '../../../../shared/schemas/tournaments';
import type { TournamentFormat } from '../../../../shared/values';

/** Holes 1..18 with no score: what stands between a card and its signatures. */
export function missingHoles(strokes: readonly (number | null)[]): number[] {
  return strokes.flatMap((s, i) => (s === null ? [i + 1] : []));
}

/** "hull 7", "hull 3 og 7", "hull 3, 7 og 12" (as the server's 409 says it). */
export function holeList(holes: readonly number[]): string {
  if (holes.length === 0) return '';
  if (holes.length === 1) return `hull ${holes[0]}`;
  return `hull ${holes.slice(0, -1).join(', ')} og ${holes[holes.length - 1]}`;
}

/** What still stops me from signing this card, in words; null when nothing does. */
export function signBlocker(
  card: Pick<TournamentCardView, 'strokes' | 'locked'>,
  shown: readonly (number | null)[],
  unsent: number,
): string | null {
  if (card.locked) return null;
  const missing = missingHoles(shown);
  if (missing.length === 18) return 'Ingen hull er ført ennå.';
  if (missing.length > 0) return `Mangler ${holeList(missing)}.`;
  if (unsent > 0) return `${unsent} slag er ikke lagret ennå.`;
  return null;
}

export interface CardTotals {
  holesPlayed: number;
  gross: number;
  grossToPar: number;
  netToPar: number;
  points: number;
}

/** Running totals over the holes played: gross, to par gross and net, Stableford points (GOLF.md). */
export function cardTotals(
  holes: readonly { par: number }[],
  strokes: readonly (number | null)[],
  received: readonly number[],
): CardTotals {
  const totals: CardTotals = { holesPlayed: 0, gross: 0, grossToPar: 0, netToPar: 0, points: 0 };
  holes.forEach((h, i) => {
    const s = strokes[i];
    if (s === null || s === undefined) return;
    const r = received[i] ?? 0;
    totals.holesPlayed += 1;
    totals.gross += s;
    totals.grossToPar += s - h.par;
    totals.netToPar += s - r - h.par;
    totals.points += Math.max(0, 2 + h.par + r - s);
  });
  return totals;
}

/** One line for the running totals in the tournament's format. */
export function totalsText(format: TournamentFormat, t: CardTotals, toPar: (n: number) => string): string {
  if (t.holesPlayed === 0) return 'Ingen slag ennå';
  const after = `etter ${t.holesPlayed} hull`;
  switch (format) {
    case 'stroke_gross':
      return `Brutto ${t.gross} (${toPar(t.grossToPar)}) ${after}`;
    case 'stroke_net':
      return `Netto ${toPar(t.netToPar)} · brutto ${t.gross} ${after}`;
    case 'stableford':
      return `${t.points} poeng · brutto ${t.gross} ${after}`;
  }
}

/** The signatures in words: "Signert av spilleren og markøren – låst". */
export function signatureText(card: Pick<TournamentCardView, 'signedByPlayer' | 'signedByMarker' | 'locked'>): string {
  if (card.locked) return 'Signert av spilleren og markøren – låst';
  if (card.signedByPlayer) return 'Signert av spilleren, venter på markøren';
  if (card.signedByMarker) return 'Signert av markøren, venter på spilleren';
  return 'Ikke signert';
}

/** The first hole where a card on screen has no score, to open the scorecard where play is. */
export function firstOpenHole(cards: readonly { strokes: readonly (number | null)[] }[]): number {
  for (let hole = 1; hole <= 18; hole++) if (cards.some((c) => c.strokes[hole - 1] === null)) return hole;
  return 18;
}
