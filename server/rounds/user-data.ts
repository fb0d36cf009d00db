import { and, eq, inArray, isNotNull, ne, notInArray } from 'drizzle-orm';
import type { Committing } from '../db/after-commit';
import type { Transaction } from '../db/client';
import { participant, round } from '../db/schema';
import type { Deps } from '../deps';
import { announceAccessChanged } from '../realtime/channels';

/**
 * A deleted account's own rounds go; their co-players lose them from their lists at once (their live
 * subscriptions are checked again). Cards in others' rounds stay: they become a guest's when the account row
 * goes, by the database's trigger (decision 0406). Answers how many rounds went.
 */
export async function eraseUserRounds(deps: Pick<Deps, 'bus'>, writer: Committing, userId: string): Promise<number> {
  const { tx } = writer;
  const ownRounds = await tx.select({ id: round.id }).from(round).where(eq(round.ownerUserId, userId));
  const coPlayers =
    ownRounds.length === 0
      ? []
      : await tx
          .selectDistinct({ userId: participant.userId })
          .from(participant)
          .where(
            and(
              inArray(
                participant.roundId,
                ownRounds.map((r) => r.id),
              ),
              isNotNull(participant.userId),
              ne(participant.userId, userId),
            ),
          );
  await tx.delete(round).where(eq(round.ownerUserId, userId));
  for (const p of coPlayers) writer.afterCommit(() => announceAccessChanged(deps, p.userId!));
  return ownRounds.length;
}

/**
 * An account merged into another (decision 0303): its rounds and its cards become the survivor's. A round
 * has each account once: where both played, the other's card stays behind and becomes a guest's (name,
 * handicap, scores) when that account is deleted, by the database's trigger for every deleted account
 * (drizzle/0003_keep_cards_of_deleted_users.sql), rather than the survivor appearing twice. Answers how many
 * rounds moved and which cards.
 */
export async function moveUserRounds(
  tx: Transaction,
  fromUserId: string,
  toUserId: string,
): Promise<{ rounds: number; participantIds: string[] }> {
  const rounds = await tx
    .update(round)
    .set({ ownerUserId: toUserId })
    .where(eq(round.ownerUserId, fromUserId))
    .returning({ id: round.id });
  const survivorRounds = tx
    .select({ roundId: participant.roundId })
    .from(participant)
    .where(eq(participant.userId, toUserId));
  const participations = await tx
    .update(participant)
    .set({ userId: toUserId })
    .where(and(eq(participant.userId, fromUserId), notInArray(participant.roundId, survivorRounds)))
    .returning({ id: participant.id });
  return { rounds: rounds.length, participantIds: participations.map((p) => p.id) };
}
