import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DELETED_ACCOUNT } from '../../shared/placeholder-names';
import type { Committing } from '../db/after-commit';
import { chatMessage } from '../db/schema';
import type { Deps } from '../deps';
import { appendChatEvent, publishChatEvent } from './events';

/**
 * A deleted account's chat messages become tombstones without author (decision 0107): text and name gone,
 * the conversation's order and read positions kept; members see the live ones deleted at once. Answers how
 * many messages the account had written.
 */
export async function eraseUserChat(
  deps: Pick<Deps, 'bus' | 'now'>,
  writer: Committing,
  userId: string,
): Promise<number> {
  const { tx } = writer;
  const live = await tx
    .select({ id: chatMessage.id, organizationId: chatMessage.organizationId })
    .from(chatMessage)
    .where(and(eq(chatMessage.authorUserId, userId), isNull(chatMessage.deletedAt)))
    .orderBy(asc(chatMessage.seq));
  const authored = await tx
    .update(chatMessage)
    .set({
      text: null,
      editedAt: null,
      deletedAt: sql`coalesce(${chatMessage.deletedAt}, ${deps.now().toISOString()}::timestamptz)`,
      authorUserId: null,
      authorName: DELETED_ACCOUNT,
    })
    .where(eq(chatMessage.authorUserId, userId))
    .returning({ id: chatMessage.id });
  for (const m of live) {
    const eventId = await appendChatEvent(tx, m.organizationId, m.id, 'delete');
    writer.afterCommit(() => publishChatEvent(deps, m.organizationId, eventId));
  }
  return authored.length;
}
