import type { RoundView, Standing } from '../../../../shared/schemas/rounds';

/** Strokes on a hole are 1 to 20 (CONTRACT.md section 8). */
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

/** Strokes received on a hole, in words: "1 slag", "2 slag", or a plus handicap's "gir 1 slag". */
export function strokesReceivedText(n: number): string {
  if (n === 0) return 'ingen slag';
  return n > 0 ? `${n} slag` : `gir ${Math.abs(n)} slag`;
}

/** One side's standing as a scoreboard line. */
export function standingText(standing: Standing | null): string {
  if (!standing) return '–';
  const place = standing.position === null ? '' : ` · ${standing.position}. plass`;
  switch (standing.format) {
    case 'stroke':
      return standing.holesPlayed === 0
        ? 'Ikke startet'
        : `Netto ${formatToPar(standing.netToPar)} etter ${standing.holesPlayed} hull${place}`;
    case 'stableford':
      return standing.holesPlayed === 0
        ? 'Ikke startet'
        : `${standing.points} poeng etter ${standing.holesPlayed} hull${place}`;
    case 'match':
      return standing.status;
  }
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
