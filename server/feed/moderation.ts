import { and, eq, ne } from 'drizzle-orm';
import { audit } from '../audit';
import { feedItem } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { inFeedTransaction, withdrawFeedItems } from './items';

/**
 * admin.hideFeedItem: a super administrator takes an item out of the feed; every subscriber is told
 * (`{kind: "hidden", id}`), and its source is never posted again (items.ts). Hiding a hidden item changes
 * nothing and answers the same. Audited with the operator as actor.
 */
export async function hideFeedItem(
  deps: Pick<Deps, 'db' | 'bus' | 'now'>,
  operator: { userId: string; ip: string },
  input: { itemId: string },
): Promise<{ ok: true }> {
  return inFeedTransaction(deps, async (writer) => {
    const [item] = await writer.tx
      .select({ id: feedItem.id, kind: feedItem.kind })
      .from(feedItem)
      .where(eq(feedItem.id, input.itemId));
    if (!item) throw new AppError('NOT_FOUND');
    let hidden = await withdrawFeedItems(deps, writer, { itemId: item.id }, 'admin');
    if (hidden === 0) {
      // Already out of the feed for another reason (unshared, corrected): it becomes a moderation, so
      // sharing the round again or correcting the score back does not bring it back.
      const moderated = await writer.tx
        .update(feedItem)
        .set({ hiddenReason: 'admin' })
        .where(and(eq(feedItem.id, item.id), ne(feedItem.hiddenReason, 'admin')))
        .returning({ id: feedItem.id });
      hidden = moderated.length;
    }
    if (hidden > 0) {
      await audit(deps, writer.tx, {
        action: 'admin.feed_item_hidden',
        actorUserId: operator.userId,
        ip: operator.ip,
        details: { itemId: item.id, kind: item.kind },
      });
    }
    return { ok: true as const };
  });
}
