import { and, eq, ne } from 'drizzle-orm';
import type { Committing } from '../db/after-commit';
import { participant, round, tournamentEntry, tournamentEntryAccount } from '../db/schema';
import type { Deps } from '../deps';
import { eraseFeedItems } from './items';

/**
 * Feed items about a deleted account (decision 0107) leave the feed and lose their content: its own
 * rounds' items, its highlights in others' rounds and its entries' highlights in tournaments. Runs before
 * the rounds and entries themselves are erased, while they still say which items are the user's. Answers
 * how many items left the feed.
 */
export async function eraseUserFeedItems(
  deps: Pick<Deps, 'bus' | 'now'>,
  writer: Committing,
  userId: string,
): Promise<number> {
  const { tx } = writer;
  let erased = 0;
  const ownRounds = await tx.select({ id: round.id }).from(round).where(eq(round.ownerUserId, userId));
  for (const r of ownRounds) erased += await eraseFeedItems(deps, writer, { roundId: r.id });
  const cards = await tx
    .select({ id: participant.id, roundId: participant.roundId })
    .from(participant)
    .innerJoin(round, eq(round.id, participant.roundId))
    .where(and(eq(participant.userId, userId), ne(round.ownerUserId, userId)));
  for (const c of cards)
    erased += await eraseFeedItems(deps, writer, { playerHighlights: { roundId: c.roundId, participantId: c.id } });
  const entries = await tx
    .select({ entryId: tournamentEntry.id, tournamentId: tournamentEntry.tournamentId })
    .from(tournamentEntryAccount)
    .innerJoin(tournamentEntry, eq(tournamentEntry.id, tournamentEntryAccount.entryId))
    .where(eq(tournamentEntryAccount.userId, userId));
  for (const e of entries)
    erased += await eraseFeedItems(deps, writer, {
      entryHighlights: { tournamentId: e.tournamentId, entryId: e.entryId },
    });
  return erased;
}
