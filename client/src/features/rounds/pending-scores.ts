import type { Language } from '../../../../shared/values';
import { i18n } from '../../i18n';
import type { RoundView } from '../../../../shared/schemas/rounds';
import '../../i18n/messages/nb/rounds';

/**
 * Scores typed on this phone that the server has not confirmed yet, one operation per player and hole.
 * Each remembers what this phone last saw on the hole before the edit (`previous`, sent as
 * `previousStrokes`), so the server writes it only if nobody else changed the hole meanwhile. At most one
 * request per hole is in flight; an edit made while it is sends again when its answer is in, from the
 * value that answer confirmed.
 */
export interface PendingScore {
  participantId: string;
  hole: number;
  /** The hole's value as this phone last knew the server to hold it. */
  previous: number | null;
  strokes: number | null;
  sending: boolean;
}

export type PendingScores = Readonly<Record<string, PendingScore>>;

/** One request: what is sent, and what its answer is matched against. */
export type ScoreOperation = Pick<PendingScore, 'participantId' | 'hole' | 'previous' | 'strokes'>;

export function scoreKey(participantId: string, hole: number): string {
  return `${participantId}:${hole}`;
}

function without(pending: PendingScores, key: string): PendingScores {
  const { [key]: _, ...rest } = pending;
  return rest;
}

/** The player typed `strokes`; `server` is what the round on screen holds for the hole. */
export function edit(
  pending: PendingScores,
  participantId: string,
  hole: number,
  strokes: number | null,
  server: number | null,
): PendingScores {
  const key = scoreKey(participantId, hole);
  const existing = pending[key];
  if (!existing)
    return strokes === server
      ? pending
      : { ...pending, [key]: { participantId, hole, previous: server, strokes, sending: false } };
  // Back to what the server holds, with nothing on the way: there is nothing left to send.
  if (!existing.sending && strokes === existing.previous) return without(pending, key);
  return { ...pending, [key]: { ...existing, strokes } };
}

/** The operations to send now (those not already on the way), and the state with them marked as sending. */
export function takeDue(pending: PendingScores): { operations: ScoreOperation[]; pending: PendingScores } {
  const operations: ScoreOperation[] = [];
  const next: Record<string, PendingScore> = { ...pending };
  for (const [key, p] of Object.entries(pending)) {
    if (p.sending) continue;
    operations.push({ participantId: p.participantId, hole: p.hole, previous: p.previous, strokes: p.strokes });
    next[key] = { ...p, sending: true };
  }
  return { operations, pending: next };
}

/** The server holds `sent.strokes` now: done, unless the player typed again meanwhile (then that goes next). */
export function saved(pending: PendingScores, sent: ScoreOperation): PendingScores {
  const key = scoreKey(sent.participantId, sent.hole);
  const p = pending[key];
  if (!p) return pending;
  if (p.strokes === sent.strokes) return without(pending, key);
  return { ...pending, [key]: { ...p, previous: sent.strokes, sending: false } };
}

/** No answer (offline, a server hiccup): kept, to go again. */
export function unanswered(pending: PendingScores, sent: ScoreOperation): PendingScores {
  const key = scoreKey(sent.participantId, sent.hole);
  const p = pending[key];
  return p ? { ...pending, [key]: { ...p, sending: false } } : pending;
}

/** Refused (a conflict, a finished round): sending it again cannot succeed, so it is dropped. */
export function refused(pending: PendingScores, sent: ScoreOperation): PendingScores {
  return without(pending, scoreKey(sent.participantId, sent.hole));
}

/** What the round on screen (the server's, as last heard) holds for a hole. */
export function serverStrokes(
  round: Pick<RoundView, 'sides'> | undefined,
  participantId: string,
  hole: number,
): number | null {
  const player = round?.sides.flatMap((s) => s.participants).find((p) => p.id === participantId);
  return player?.holes.find((h) => h.hole === hole)?.strokes ?? null;
}

/** What a cell shows: the score typed here if not yet saved, else the server's. */
export function shownStrokes(
  pending: PendingScores,
  participantId: string,
  hole: number,
  server: number | null,
): number | null {
  const p = pending[scoreKey(participantId, hole)];
  return p ? p.strokes : server;
}

/** A score another phone changed before this phone's edit arrived: shown to the player until dismissed. */
export interface ScoreConflict {
  participantId: string;
  hole: number;
  /** What this phone tried to write. */
  mine: number | null;
}

/** The notice, with the value the round holds now (the newer one, shown in the card as well). */
export function conflictText(
  name: string,
  conflict: ScoreConflict,
  now: number | null,
  language: Language = 'nb',
): string {
  const t = i18n.getFixedT(language);
  const strokesText = (n: number | null) =>
    n === null ? t('rounds.conflicts.noScore') : t('rounds.conflicts.strokes', { count: n });
  return t('rounds.conflicts.text', {
    name,
    hole: conflict.hole,
    now: strokesText(now),
    mine: strokesText(conflict.mine),
  });
}

/** A new conflict replaces an older one for the same hole; a new edit of that hole clears it. */
export function withConflict(conflicts: readonly ScoreConflict[], conflict: ScoreConflict): ScoreConflict[] {
  return [...withoutConflict(conflicts, conflict.participantId, conflict.hole), conflict];
}

export function withoutConflict(
  conflicts: readonly ScoreConflict[],
  participantId: string,
  hole: number,
): ScoreConflict[] {
  return conflicts.filter((c) => c.participantId !== participantId || c.hole !== hole);
}
