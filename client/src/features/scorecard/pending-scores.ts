import type { Language } from '../../../../shared/values';
import { i18n } from '../../i18n';
import type { RoundView } from '../../../../shared/schemas/rounds';

/**
 * Scores typed on this phone that the server has not confirmed yet (the outbox), one operation per player
 * and hole. Each remembers what this phone last saw on the hole before the edit (`previous`, sent as
 * `previousStrokes`), so the server writes it only if nobody else changed the hole meanwhile. They are sent
 * one at a time in the order they were first typed (`seq`); an edit made while its hole's request is on the
 * way is sent after the answer, from the value that answer confirmed.
 */
export interface PendingScore {
  participantId: string;
  hole: number;
  /** The hole's value as this phone last knew the server to hold it. */
  previous: number | null;
  strokes: number | null;
  sending: boolean;
  /** The order of sending: first typed, first sent. A later edit of the same hole keeps its place. */
  seq: number;
  /**
   * Values this phone sent for the hole whose answers never came: the server may hold one of them all the
   * same (the network went after the write). A 409 is checked against them before it is called a conflict.
   */
  unconfirmed?: (number | null)[];
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
      : {
          ...pending,
          [key]: { participantId, hole, previous: server, strokes, sending: false, seq: nextSeq(pending) },
        };
  // Back to what the server holds, with nothing on the way or in doubt: there is nothing left to send.
  if (!existing.sending && !existing.unconfirmed?.length && strokes === existing.previous) return without(pending, key);
  return { ...pending, [key]: { ...existing, strokes } };
}

function nextSeq(pending: PendingScores): number {
  return Math.max(0, ...Object.values(pending).map((p) => p.seq)) + 1;
}

/**
 * The operation to send now: the first typed of those not on the way (null when there is none, or one is
 * on the way: one request at a time keeps the order), and the state with it marked as sending.
 */
export function takeNext(pending: PendingScores): { operation: ScoreOperation | null; pending: PendingScores } {
  const all = Object.values(pending);
  const first = all.some((p) => p.sending) ? undefined : all.sort((a, b) => a.seq - b.seq)[0];
  if (!first) return { operation: null, pending };
  const { participantId, hole, previous, strokes } = first;
  return {
    operation: { participantId, hole, previous, strokes },
    pending: { ...pending, [scoreKey(participantId, hole)]: { ...first, sending: true } },
  };
}

/**
 * The outbox as saved on the phone (a reload, a closed tab) joined with what was typed since it was read:
 * the saved operations first, in their order, none of them on the way any more.
 */
export function withSaved(pending: PendingScores, stored: PendingScores): PendingScores {
  const next: Record<string, PendingScore> = {};
  for (const [key, p] of Object.entries(stored)) next[key] = { ...p, sending: false };
  const after = nextSeq(next);
  for (const [key, p] of Object.entries(pending)) next[key] = { ...p, seq: after + p.seq };
  return next;
}

/** The server holds `sent.strokes` now: done, unless the player typed again meanwhile (then that goes next). */
export function saved(pending: PendingScores, sent: ScoreOperation): PendingScores {
  const key = scoreKey(sent.participantId, sent.hole);
  const p = pending[key];
  if (!p) return pending;
  if (p.strokes === sent.strokes) return without(pending, key);
  const { unconfirmed: _, ...rest } = p;
  return { ...pending, [key]: { ...rest, previous: sent.strokes, sending: false } };
}

/** No answer (offline, a server hiccup): kept, to go again, remembering that the value may have arrived. */
export function unanswered(pending: PendingScores, sent: ScoreOperation): PendingScores {
  const key = scoreKey(sent.participantId, sent.hole);
  const p = pending[key];
  if (!p) return pending;
  const unconfirmed = [...(p.unconfirmed ?? []).filter((v) => v !== sent.strokes), sent.strokes];
  return { ...pending, [key]: { ...p, sending: false, unconfirmed } };
}

/**
 * A 409: the hole no longer holds what the request said it saw. That may be this phone's own earlier
 * request, written although its answer was lost and the player has typed again since; then the score goes
 * again from that value (the server answers 409 once more if it was another phone after all). Answers the
 * outbox set to try so, or null when no such value is left: a conflict with another phone.
 */
export function afterConflict(pending: PendingScores, sent: ScoreOperation): PendingScores | null {
  const key = scoreKey(sent.participantId, sent.hole);
  const p = pending[key];
  const candidates = (p?.unconfirmed ?? []).filter((v) => v !== sent.previous);
  if (!p || candidates.length === 0) return null;
  const from = candidates[candidates.length - 1]!;
  return { ...pending, [key]: { ...p, previous: from, unconfirmed: candidates.slice(0, -1), sending: false } };
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
