import type { RoundResult, RoundView, Standing } from '../../../../shared/schemas/rounds';
import { isOneBallFormat, ROUND_SCORING, type Language, type RoundFormat } from '../../../../shared/values';
import { i18n } from '../../i18n';
import { stablefordPointsOn } from '../../lib/stableford';

/** Strokes on a hole are 1 to 20 (docs/contract.md section 8). */
export const MIN_STROKES = 1;
export const MAX_STROKES = 20;

/**
 * The +/− buttons: an empty hole starts at par (the most common score) on "+", and one under par on "−";
 * after that one stroke at a time, within 1..20.
 */
export function stepStrokes(current: number | null, par: number, delta: 1 | -1): number {
  if (current === null) return delta > 0 ? par : Math.max(MIN_STROKES, par - 1);
  return Math.min(MAX_STROKES, Math.max(MIN_STROKES, current + delta));
}

/** A typed number: 1..20, empty for "no score", anything else null (not accepted). */
export function parseStrokes(text: string): { ok: true; value: number | null } | { ok: false } {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  if (!/^\d{1,2}$/.test(t)) return { ok: false };
  const n = Number(t);
  return n >= MIN_STROKES && n <= MAX_STROKES ? { ok: true, value: n } : { ok: false };
}

/** "+3", "−2" (a real minus sign), "±0". */
export function formatToPar(n: number): string {
  if (n === 0) return '±0';
  return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}

/**
 * Strokes received on a hole, in words: "1 slag", "2 slag", or a plus handicap's "gir 1 slag"; in English
 * "receives 1", "gives 1".
 */
export function strokesReceivedText(n: number, language: Language = 'nb'): string {
  const t = i18n.getFixedT(language);
  if (n === 0) return t('rounds.strokesReceived.none');
  return n > 0 ? t('rounds.strokesReceived.receives', { count: n }) : t('rounds.strokesReceived.gives', { count: -n });
}

/** One side's standing as a scoreboard line. */
export function standingText(standing: Standing | null, language: Language = 'nb'): string {
  if (!standing) return '–';
  const t = i18n.getFixedT(language);
  const place = standing.position === null ? '' : ` · ${t('rounds.standing.place', { position: standing.position })}`;
  switch (standing.format) {
    case 'stroke':
      return standing.holesPlayed === 0
        ? t('rounds.standing.notStarted')
        : t('rounds.standing.stroke', { toPar: formatToPar(standing.netToPar), count: standing.holesPlayed }) + place;
    case 'stableford':
      return standing.holesPlayed === 0
        ? t('rounds.standing.notStarted')
        : t('rounds.standing.stableford', {
            points: t('rounds.result.points', { count: standing.points }),
            toPar: formatToPar(standing.pointsToPar),
            count: standing.holesPlayed,
          }) + place;
    case 'match':
      return matchStatusText(standing, language);
  }
}

/**
 * A match as golfers call it, from the standing's numbers (the server sends no words for it): "2 opp",
 * "Likt", "Vunnet 3&2", "Tapt 1 ned", "2 opp (dormie)"; in English "2 up", "All square", "Won 3&2".
 */
export function matchStatusText(standing: Extract<Standing, { format: 'match' }>, language: Language = 'nb'): string {
  const t = i18n.getFixedT(language);
  const { holesUp: up, holesRemaining: remaining, result } = standing;
  const count = Math.abs(up);
  if (result === 'halved') return t('rounds.standing.halved');
  if (result === 'won' || result === 'lost') {
    if (remaining === 0) return t(result === 'won' ? 'rounds.standing.wonUp' : 'rounds.standing.lostDown', { count });
    return t(result === 'won' ? 'rounds.standing.won' : 'rounds.standing.lost', { up: count, remaining });
  }
  if (up === 0) return t('rounds.standing.allSquare');
  const status = t(up > 0 ? 'rounds.standing.up' : 'rounds.standing.down', { count });
  return count === remaining ? t('rounds.standing.dormie', { status }) : status;
}

/**
 * The caller's result in the round list: "84 slag (+12)", "36 poeng", "Vunnet 3&2 · 80 slag (+8)", with
 * "etter 7 hull" while holes are missing; null when there is none to show.
 */
export function roundResultText(
  format: RoundFormat,
  result: RoundResult | null,
  language: Language = 'nb',
): string | null {
  if (!result || result.totals.holesPlayed === 0) return null;
  const t = i18n.getFixedT(language);
  const { totals, standing } = result;
  const after = (text: string) =>
    totals.holesPlayed < result.holeCount
      ? t('rounds.result.after', { result: text, count: totals.holesPlayed })
      : text;
  const strokes = t('rounds.result.strokes', { count: totals.gross, toPar: formatToPar(totals.grossToPar) });
  if (ROUND_SCORING[format] === 'stableford')
    return after(t('rounds.result.points', { count: totals.stablefordPoints }));
  if (format === 'match' && standing?.format === 'match')
    return after(`${matchStatusText(standing, language)} · ${strokes}`);
  return after(strokes);
}

/** The first hole of the card where any player has no score yet, to open a round where play is. */
export function firstOpenHole(round: Pick<RoundView, 'card' | 'sides'>): number {
  const players = round.sides.flatMap((s) => s.participants);
  for (const { hole } of round.card) {
    if (players.some((p) => p.holes.find((h) => h.hole === hole)?.strokes == null)) return hole;
  }
  return round.card[round.card.length - 1]?.hole ?? 1;
}

/** Whether `userId` may enter scores: the owner, or an account taking part (guests have no account). */
export function canScore(round: Pick<RoundView, 'ownerUserId' | 'sides' | 'status'>, userId: string): boolean {
  if (round.status !== 'open') return false;
  return round.ownerUserId === userId || round.sides.some((s) => s.participants.some((p) => p.userId === userId));
}

/** A score against its hole's par, as a paper card marks it: the shape carries the meaning. */
export type ScoreMark = 'eagle' | 'birdie' | 'par' | 'bogey' | 'double';

export function scoreMark(strokes: number, par: number): ScoreMark {
  const d = strokes - par;
  if (d <= -2) return 'eagle';
  if (d === -1) return 'birdie';
  if (d === 0) return 'par';
  return d === 1 ? 'bogey' : 'double';
}

/** The word beside the number, also what a screen reader says (Norwegian golfers say birdie and bogey too). */
export function scoreMarkText(strokes: number, par: number, language: Language = 'nb'): string {
  const t = i18n.getFixedT(language);
  const d = strokes - par;
  if (strokes === 1) return t('rounds.mark.holeInOne');
  if (d <= -3) return t('rounds.mark.albatross');
  if (d > 2) return t('rounds.mark.over', { count: d });
  return t(`rounds.mark.${scoreMark(strokes, par)}`);
}

/**
 * The rows of a card, top to bottom: each hole, with "Ut" ("Out") after the front nine and "Inn" ("In")
 * after the back nine when the round plays both (a nine-hole round has only its total).
 */
export type CardRow = { kind: 'hole'; hole: number } | { kind: 'nine'; nine: 'out' | 'in'; holes: number[] };

export function cardRows(card: readonly { hole: number }[]): CardRow[] {
  const holes = card.map((c) => c.hole);
  if (holes.length !== 18) return holes.map((hole) => ({ kind: 'hole', hole }));
  const front = holes.filter((h) => h <= 9);
  const back = holes.filter((h) => h > 9);
  return [
    ...front.map((hole): CardRow => ({ kind: 'hole', hole })),
    { kind: 'nine', nine: 'out', holes: front },
    ...back.map((hole): CardRow => ({ kind: 'hole', hole })),
    { kind: 'nine', nine: 'in', holes: back },
  ];
}

export interface CardTotals {
  holesPlayed: number;
  gross: number;
  net: number;
  grossToPar: number;
  netToPar: number;
  points: number;
}

/**
 * Running totals over the holes played: gross, to par gross and net, Stableford points (docs/golf.md, as the
 * server counts them). Computed on the phone from the strokes it shows, so a score still waiting in the
 * outbox counts at once, offline too; the server's totals say the same once it has the score.
 */
export function cardTotals(
  holes: readonly { par: number }[],
  strokes: readonly (number | null)[],
  received: readonly number[],
): CardTotals {
  const totals: CardTotals = { holesPlayed: 0, gross: 0, net: 0, grossToPar: 0, netToPar: 0, points: 0 };
  holes.forEach((h, i) => {
    const s = strokes[i];
    if (s === null || s === undefined) return;
    const r = received[i] ?? 0;
    totals.holesPlayed += 1;
    totals.gross += s;
    totals.net += s - r;
    totals.grossToPar += s - h.par;
    totals.netToPar += s - r - h.par;
    totals.points += stablefordPointsOn(h.par, r, s);
  });
  return totals;
}

/**
 * The score a player aims at: the par of the holes played plus their whole course handicap (already whole,
 * for the holes played; a plus handicap, stored negative, takes strokes off).
 */
export function targetScore(card: readonly { par: number }[], courseHandicap: number): number {
  return card.reduce((sum, h) => sum + h.par, 0) + courseHandicap;
}

/** The strokes on these holes of the ones scored; null when none is. */
export function sumStrokes(holes: readonly number[], strokesOn: (hole: number) => number | null): number | null {
  const scored = holes.map(strokesOn).filter((s): s is number => s !== null);
  return scored.length === 0 ? null : scored.reduce((t, s) => t + s, 0);
}

/** Whether every player has a score on `hole` (then the app may move on to the next). */
export function everyoneScored(
  players: readonly { id: string }[],
  hole: number,
  strokesOf: (participantId: string, hole: number) => number | null,
): boolean {
  return players.length > 0 && players.every((p) => strokesOf(p.id, hole) !== null);
}

/** Each player with holes of the card still without a score, for the question before finishing. */
export function missingHoles(
  card: readonly { hole: number }[],
  players: readonly { id: string; name: string }[],
  strokesOf: (participantId: string, hole: number) => number | null,
): { name: string; holes: number[] }[] {
  return players
    .map((p) => ({ name: p.name, holes: card.map((c) => c.hole).filter((h) => strokesOf(p.id, h) === null) }))
    .filter((p) => p.holes.length > 0);
}

/** Hole numbers as a golfer reads them: "3", "3 og 7", "1–4, 7 og 10–18" (in English "3 and 7"). */
export function holeListText(holes: readonly number[], language: Language = 'nb'): string {
  const ranges: string[] = [];
  for (let i = 0; i < holes.length; ) {
    let j = i;
    while (j + 1 < holes.length && holes[j + 1] === holes[j]! + 1) j += 1;
    ranges.push(j - i >= 2 ? `${holes[i]}–${holes[j]}` : holes.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  const parts = ranges.join(', ').split(', ');
  return parts.length === 1
    ? parts[0]!
    : `${parts.slice(0, -1).join(', ')} ${i18n.getFixedT(language)('rounds.and')} ${parts[parts.length - 1]}`;
}

/**
 * One row of a round's card per ball played (decision 0424): each player's own ball, or in foursomes,
 * greensomes and scramble the side's one ball, sent for the card that holds it (any player's would do).
 */
export interface BallRow {
  /** The participant a score on this ball is sent for. */
  id: string;
  name: string;
  sideId: string;
  kind: 'player' | 'side';
  /** Each hole with the strokes received on it: the player's own, or the side's team handicap's. */
  holes: readonly { hole: number; par: number; strokesReceived: number }[];
  playingHandicap: number;
  /** The whole course handicap a player's target score adds; null for a side's ball. */
  courseHandicap: number | null;
}

export function ballRows(round: Pick<RoundView, 'format' | 'sides'>): BallRow[] {
  if (isOneBallFormat(round.format)) {
    return round.sides.flatMap((side): BallRow[] =>
      side.ball
        ? [
            {
              id: side.ball.participantId,
              name: side.name,
              sideId: side.id,
              kind: 'side',
              holes: side.ball.holes,
              playingHandicap: side.ball.playingHandicap,
              courseHandicap: null,
            },
          ]
        : [],
    );
  }
  return round.sides.flatMap((side) =>
    side.participants.map(
      (p): BallRow => ({
        id: p.id,
        name: p.name,
        sideId: side.id,
        kind: 'player',
        holes: p.holes,
        playingHandicap: p.playingHandicap,
        courseHandicap: p.courseHandicap,
      }),
    ),
  );
}

/** Whether a format's card shows each side's better ball beside its players' rows (four-ball). */
export function showsBetterBall(format: RoundFormat): boolean {
  return format === 'fourball_stroke' || format === 'fourball_stableford';
}

/**
 * A four-ball side's better ball on a hole, from the strokes shown: the best net and the best points of
 * its players who have a score there (a lone ball counting alone); null before any has one.
 */
export function betterBallOn(
  rows: readonly BallRow[],
  sideId: string,
  hole: number,
  strokesOf: (id: string, hole: number) => number | null,
): { net: number; points: number } | null {
  const scored = rows.flatMap((row) => {
    const on = row.sideId === sideId ? row.holes.find((h) => h.hole === hole) : undefined;
    const strokes = on ? strokesOf(row.id, hole) : null;
    return on && strokes !== null
      ? [{ net: strokes - on.strokesReceived, points: stablefordPointsOn(on.par, on.strokesReceived, strokes) }]
      : [];
  });
  if (scored.length === 0) return null;
  return { net: Math.min(...scored.map((s) => s.net)), points: Math.max(...scored.map((s) => s.points)) };
}
