import { eq } from 'drizzle-orm';
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
export async function hideFeedItem(deps: Pick<Deps, 'db' | 'bus' | 'now'>, operator: { userId: string; ip: string }, input: { itemId: string }): Promise<{ ok: true }> {
  return inFeedTransaction(deps, async (writer) => {
    const [item] = await writer.tx.select({ id: feedItem.id, kind: feedItem.kind }).from(feedItem).where(eq(feedItem.id, input.itemId));
    if (!item) throw new AppError('NOT_FOUND');
    const hidden = await withdrawFeedItems(deps, writer, { itemId: item.id }, 'admin');
    if (hidden > 0) {
      await audit(deps, writer.tx, { action: 'admin.feed_item_hidden', actorUserId: operator.userId, ip: operator.ip, details: { itemId: item.id, kind: item.kind } });
    }
    return { ok: true as const };
  });
}
