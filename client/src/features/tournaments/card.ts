import type { TFunction } from 'i18next';
import type { TournamentCardsView, TournamentCardView } from '../../../../shared/schemas/tournaments';
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

/**
 * One row of a tournament card per ball played (docs/contract.md section 12, as the round's card has them,
 * decision 0424): an individual's card, a one-ball team's card (foursomes, greensomes, scramble: the side's
 * one ball, entered from any of its players' phones), or in four-ball each player's own ball.
 */
export interface CardBall {
  /** What the outbox keys this ball's scores by (`ballKey`). */
  key: string;
  entryId: string;
  /** Four-ball: the player whose ball this is (`players[].id`, sent as `playerId`); null for a card's one ball. */
  playerId: string | null;
  /** The player's name, or the team's on a one-ball card. */
  name: string;
  /** A one-ball team's players by name, shown small under its name; empty otherwise. */
  players: readonly string[];
  /** Holes 1..18 as the server holds them. */
  strokes: readonly (number | null)[];
  strokesReceived: readonly number[];
  playingHandicap: number;
}

// Ids are UUIDs: a slash never occurs in one, so the key reads back unambiguously.
const BALL_KEY_SEPARATOR = '/';

/** The outbox's key of a ball: the entry alone for a card's one ball, the entry and player in four-ball. */
export function ballKey(entryId: string, playerId: string | null): string {
  return playerId === null ? entryId : `${entryId}${BALL_KEY_SEPARATOR}${playerId}`;
}

/** The entry and (four-ball) the player a key of `ballKey` names: what a score is sent with. */
export function ballOfKey(key: string): { entryId: string; playerId: string | null } {
  const at = key.indexOf(BALL_KEY_SEPARATOR);
  return at < 0 ? { entryId: key, playerId: null } : { entryId: key.slice(0, at), playerId: key.slice(at + 1) };
}

/** The balls of a card: its players' own in four-ball (`balls`), else the card's one. */
export function cardBalls(
  card: Pick<
    TournamentCardView,
    'entryId' | 'name' | 'players' | 'balls' | 'strokes' | 'strokesReceived' | 'playingHandicap'
  >,
): CardBall[] {
  if (card.balls && card.balls.length > 0)
    return card.balls.map((b) => ({
      key: ballKey(card.entryId, b.playerId),
      entryId: card.entryId,
      playerId: b.playerId,
      name: b.name,
      players: [],
      strokes: b.strokes,
      strokesReceived: b.strokesReceived,
      playingHandicap: b.playingHandicap,
    }));
  return [
    {
      key: card.entryId,
      entryId: card.entryId,
      playerId: null,
      name: card.name,
      players: card.players ?? [],
      strokes: card.strokes,
      strokesReceived: card.strokesReceived,
      playingHandicap: card.playingHandicap,
    },
  ];
}

/**
 * Four-ball: the ball that counts on a hole, from the strokes shown (a waiting score too): the lowest net,
 * between equal nets the lower gross, then the first player (as the server's leaderboard, decision 0426);
 * a lone ball counts alone, and nothing before any ball has a score.
 */
export function countingBall(
  balls: readonly CardBall[],
  hole: number,
  shownOf: (key: string, hole: number) => number | null,
): { key: string; strokes: number; received: number } | null {
  let best: { key: string; strokes: number; received: number } | null = null;
  for (const ball of balls) {
    const strokes = shownOf(ball.key, hole);
    if (strokes === null) continue;
    const received = ball.strokesReceived[hole - 1] ?? 0;
    const net = strokes - received;
    const bestNet = best === null ? Number.POSITIVE_INFINITY : best.strokes - best.received;
    if (best === null || net < bestNet || (net === bestNet && strokes < best.strokes))
      best = { key: ball.key, strokes, received };
  }
  return best;
}

/**
 * What a card shows hole by hole, from its balls as this phone shows them: the one ball's strokes, or in
 * four-ball the counting ball's strokes with the strokes it received (the card's own `strokes` and
 * `strokesReceived` as the server counts them, decision 0426). A card is complete when every hole has a
 * score on some ball.
 */
export function shownCardStrokes(
  balls: readonly CardBall[],
  shownOf: (key: string, hole: number) => number | null,
): { strokes: (number | null)[]; strokesReceived: number[] } {
  const strokes: (number | null)[] = [];
  const strokesReceived: number[] = [];
  for (let hole = 1; hole <= 18; hole++) {
    const best = countingBall(balls, hole, shownOf);
    strokes.push(best?.strokes ?? null);
    strokesReceived.push(best?.received ?? balls[0]?.strokesReceived[hole - 1] ?? 0);
  }
  return { strokes, strokesReceived };
}

/**
 * The cards with one hole of one ball set to what the server now holds (`key` of `ballKey`: a card's one
 * ball, or a four-ball player's, whose card's better ball the next reading of the cards brings).
 */
export function withStrokes(
  view: TournamentCardsView | undefined,
  key: string,
  hole: number,
  strokes: number | null,
): TournamentCardsView | undefined {
  if (!view) return view;
  const { entryId, playerId } = ballOfKey(key);
  const set = (list: readonly (number | null)[]) => list.map((s, i) => (i === hole - 1 ? strokes : s));
  return {
    ...view,
    cards: view.cards.map((c) =>
      c.entryId !== entryId
        ? c
        : {
            ...c,
            ...(playerId === null
              ? { strokes: set(c.strokes) }
              : { balls: c.balls?.map((b) => (b.playerId === playerId ? { ...b, strokes: set(b.strokes) } : b)) }),
            signedByPlayer: false,
            signedByMarker: false,
          },
    ),
  };
}

/** What the server holds on a hole of a ball (`key` of `ballKey`), as the cards last answered. */
export function heldStrokes(view: TournamentCardsView | undefined, key: string, hole: number): number | null {
  const { entryId, playerId } = ballOfKey(key);
  const card = view?.cards.find((c) => c.entryId === entryId);
  if (!card) return null;
  const strokes = playerId === null ? card.strokes : card.balls?.find((b) => b.playerId === playerId)?.strokes;
  return strokes?.[hole - 1] ?? null;
}
