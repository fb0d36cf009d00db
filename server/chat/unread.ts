import { and, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { ChatUnread, ChatUnreadAll } from '../../shared/schemas/chat';
import type { Queryable } from '../db/client';
import { chatMessage, chatReadState, organizationMembership } from '../db/schema';
import { withTenant } from '../db/tenancy';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { OrgScope } from '../organizations/scope';
import type { Actor } from '../actor';

/**
 * Unread counts (decision 0601): the messages after the member's read position that others wrote and that
 * are not deleted. The position only moves forward.
 */

async function unreadIn(tx: Queryable, organizationId: string, userId: string): Promise<ChatUnread> {
  const [state] = await tx
    .select({ messageId: chatReadState.lastReadMessageId, seq: chatReadState.lastReadSeq })
    .from(chatReadState)
    .where(and(eq(chatReadState.organizationId, organizationId), eq(chatReadState.userId, userId)));
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(chatMessage)
    .where(
      and(
        eq(chatMessage.organizationId, organizationId),
        gt(chatMessage.seq, state?.seq ?? 0),
        isNull(chatMessage.deletedAt),
        // A deleted author's messages count (they are someone else's).
        or(isNull(chatMessage.authorUserId), ne(chatMessage.authorUserId, userId)),
      ),
    );
  return { unread: n, ...(state ? { lastReadMessageId: state.messageId } : {}) };
}

export async function unreadCount(_deps: Deps, scope: OrgScope): Promise<ChatUnread> {
  return unreadIn(scope.tx, scope.organizationId, scope.actorUserId);
}

/** Marks the conversation read up to and including `messageId`; an older message leaves the position as it is. */
export async function markRead(deps: Deps, scope: OrgScope, input: { messageId: string }): Promise<ChatUnread> {
  const [message] = await scope.tx
    .select({ seq: chatMessage.seq })
    .from(chatMessage)
    .where(and(eq(chatMessage.organizationId, scope.organizationId), eq(chatMessage.id, input.messageId)));
  if (!message) throw new AppError('NOT_FOUND');
  const now = deps.now();
  await scope.tx
    .insert(chatReadState)
    .values({
      organizationId: scope.organizationId,
      userId: scope.actorUserId,
      lastReadMessageId: input.messageId,
      lastReadSeq: message.seq,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [chatReadState.organizationId, chatReadState.userId],
      set: { lastReadMessageId: input.messageId, lastReadSeq: message.seq, updatedAt: now },
      // Never backwards, even when two devices mark read at once.
      setWhere: sql`${chatReadState.lastReadSeq} < excluded.last_read_seq`,
    });
  return unreadCount(deps, scope);
}

/** The navigation badge: the unread count of each of the user's organizations, each read in its own tenancy. */
export async function unreadAll(deps: Pick<Deps, 'db'>, actor: Pick<Actor, 'userId'>): Promise<ChatUnreadAll> {
  const memberships = await deps.db
    .select({ organizationId: organizationMembership.organizationId })
    .from(organizationMembership)
    .where(eq(organizationMembership.userId, actor.userId))
    .orderBy(organizationMembership.createdAt);
  const organizations = await Promise.all(
    memberships.map(async ({ organizationId }) => {
      const { unread } = await withTenant(deps.db, organizationId, (tx) => unreadIn(tx, organizationId, actor.userId));
      return { organizationId, unread };
    }),
  );
  return { organizations };
}
