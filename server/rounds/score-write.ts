import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { score } from '../db/schema';
import { AppError } from '../errors';

export interface ScoreWrite {
  userId: string;
  participantId: string;
  hole: number;
  strokes: number | null;
  /** What the writing client last saw on the hole; undefined for a client that does not say (last write wins). */
  previousStrokes?: number | null | undefined;
  updatedAt: Date;
}

/**
 * Writes one hole's score, under the round's row lock (every change holds it, so nothing can slip in
 * between the read and the write). A hole that already holds `strokes` is left as it is: the same
 * operation repeated (a phone re-sending after a lost answer, or from its outbox) is the same write, and
 * nothing is written, so no event either (decision 0416). With `previousStrokes` the write is conditional
 * on the hole still holding that value, so a phone that re-sends an old edit cannot overwrite a correction
 * made on another phone meanwhile: anything else is 409 CONFLICT (decision 0407). Answers whether the hole
 * changed.
 */
export async function writeScore(tx: Transaction, input: ScoreWrite): Promise<boolean> {
  const [current] = await tx.select({ strokes: score.strokes }).from(score).where(atHole(input));
  const held = current?.strokes ?? null;
  if (held === input.strokes) return false;
  if (input.previousStrokes !== undefined && held !== input.previousStrokes) throw scoreConflict(input.hole, held);
  if (input.strokes === null) {
    await tx.delete(score).where(atHole(input));
    return true;
  }
  const set = { strokes: input.strokes, updatedBy: input.userId, updatedAt: input.updatedAt };
  await tx
    .insert(score)
    .values({ participantId: input.participantId, hole: input.hole, ...set })
    .onConflictDoUpdate({ target: [score.participantId, score.hole], set });
  return true;
}

function atHole(input: Pick<ScoreWrite, 'participantId' | 'hole'>) {
  return and(eq(score.participantId, input.participantId), eq(score.hole, input.hole));
}

/** The player is told what the hole holds now; the app shows the newer value and lets them enter theirs again. */
export function scoreConflict(hole: number, now: number | null): AppError {
  return now === null
    ? new AppError('CONFLICT', { key: 'errors.rounds.strokesRemovedElsewhere', params: { hole } })
    : new AppError('CONFLICT', { key: 'errors.rounds.strokesChangedElsewhere', params: { hole, strokes: now } });
}
