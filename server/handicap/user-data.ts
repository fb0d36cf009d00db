import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { handicapScore } from '../db/schema';
import { refreshCalculatedIndex } from './record';

/**
 * An account merged into another (decision 0303): the moved cards' attested scores go with them into the
 * survivor's record (its index calculated again); those left behind go with the other account. An
 * attestation the other account gave is the survivor's from now on.
 */
export async function moveUserScores(
  tx: Transaction,
  fromUserId: string,
  toUserId: string,
  movedParticipantIds: string[],
): Promise<void> {
  if (movedParticipantIds.length > 0) {
    await tx
      .update(handicapScore)
      .set({ userId: toUserId })
      .where(and(eq(handicapScore.userId, fromUserId), inArray(handicapScore.participantId, movedParticipantIds)));
    await refreshCalculatedIndex(tx, toUserId);
  }
  await tx
    .update(handicapScore)
    .set({ attestedByUserId: toUserId })
    .where(eq(handicapScore.attestedByUserId, fromUserId));
}
