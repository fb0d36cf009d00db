import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { participant, round } from '../db/schema';
import { AppError } from '../errors';

export type RoundRow = typeof round.$inferSelect;
export type RoundRole = 'owner' | 'participant';

/**
 * The round and what the user is to it: its owner, or an account taking part. Anyone else gets 404
 * NOT_FOUND, the same answer as for a round that does not exist. `lock` takes the round's row lock, so
 * changes to one round (scores, the freeze at the first score, events) happen one at a time.
 */
export async function roundFor(
  db: Queryable,
  roundId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<{ round: RoundRow; role: RoundRole }> {
  const query = db.select().from(round).where(eq(round.id, roundId)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  if (row.ownerUserId === userId) return { round: row, role: 'owner' };
  const [taking] = await db
    .select({ one: sql<number>`1` })
    .from(participant)
    .where(and(eq(participant.roundId, roundId), eq(participant.userId, userId)))
    .limit(1);
  if (!taking) throw new AppError('NOT_FOUND');
  return { round: row, role: 'participant' };
}

/** Sides, participants and finishing are the owner's: a participant who tries is told so (403). */
export function assertOwner(role: RoundRole): void {
  if (role !== 'owner') throw new AppError('FORBIDDEN', { key: 'errors.rounds.onlyCreator' });
}

export function assertOpen(row: RoundRow): void {
  if (row.status === 'finished') throw new AppError('CONFLICT', { key: 'errors.rounds.finished' });
}

/** Sides and participants are set before play: the first score freezes the handicaps and the allowance. */
export function assertNotStarted(row: RoundRow): void {
  assertOpen(row);
  if (row.startedAt !== null) {
    throw new AppError('CONFLICT', {
      key: 'errors.rounds.started',
    });
  }
}
