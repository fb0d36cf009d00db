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
 * Writes one hole's score. With `previousStrokes` the write is conditional, in one statement, on the hole
 * still holding that value, so a phone that re-sends an old edit cannot overwrite a correction made on
 * another phone meanwhile. When nothing was written, the hole is read (under the round's row lock, which
 * every change holds): already holding `strokes` is this same write repeated after a lost answer, and is
 * accepted; anything else is 409 CONFLICT.
 */
export async function writeScore(tx: Transaction, input: ScoreWrite): Promise<void> {
  if (input.previousStrokes === undefined) {
    await writeUnconditionally(tx, input);
    return;
  }
  if (await writeIfUnchanged(tx, input, input.previousStrokes)) return;
  const [current] = await tx.select({ strokes: score.strokes }).from(score).where(atHole(input));
  const now = current?.strokes ?? null;
  if (now !== input.strokes) throw scoreConflict(input.hole, now);
}

function atHole(input: Pick<ScoreWrite, 'participantId' | 'hole'>) {
  return and(eq(score.participantId, input.participantId), eq(score.hole, input.hole));
}

async function writeUnconditionally(tx: Transaction, input: ScoreWrite): Promise<void> {
  if (input.strokes === null) {
    await tx.delete(score).where(atHole(input));
    return;
  }
  const set = { strokes: input.strokes, updatedBy: input.userId, updatedAt: input.updatedAt };
  await tx
    .insert(score)
    .values({ participantId: input.participantId, hole: input.hole, ...set })
    .onConflictDoUpdate({ target: [score.participantId, score.hole], set });
}

/** True when the hole held `previous` and now holds `input.strokes`. */
async function writeIfUnchanged(tx: Transaction, input: ScoreWrite, previous: number | null): Promise<boolean> {
  const set = { strokes: input.strokes!, updatedBy: input.userId, updatedAt: input.updatedAt };
  if (previous === null) {
    if (input.strokes === null) return false;
    const inserted = await tx
      .insert(score)
      .values({ participantId: input.participantId, hole: input.hole, ...set })
      .onConflictDoNothing()
      .returning({ hole: score.hole });
    return inserted.length > 0;
  }
  const held = and(atHole(input), eq(score.strokes, previous));
  if (input.strokes === null) return (await tx.delete(score).where(held).returning({ hole: score.hole })).length > 0;
  return (await tx.update(score).set(set).where(held).returning({ hole: score.hole })).length > 0;
}

/** The player is told what the hole holds now; the app shows the newer value and lets them enter theirs again. */
export function scoreConflict(hole: number, now: number | null): AppError {
  const what = now === null ? 'fjernet' : `endret til ${now}`;
  return new AppError('CONFLICT', {
    message: `Slagene på hull ${hole} ble ${what} fra en annen telefon før endringen din kom fram. Se over og før inn på nytt om det trengs.`,
  });
}
