import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Committing } from '../db/after-commit';
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
