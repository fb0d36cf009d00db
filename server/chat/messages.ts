import { and, desc, eq, lt } from 'drizzle-orm';
import type { ChatHistory, ChatMessage } from '../../shared/schemas/chat';
import { consumeLimit, LIMITS } from '../auth/rate-limit';
import { appUser, chatMessage } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { isAdminRole } from '../organizations/roles';
import type { OrgScope } from '../organizations/scope';
import { appendChatEvent, publishChatEvent } from './events';
import { messageView, selectMessages, type MessageRow } from './view';
import { UNNAMED_MEMBER } from '../../shared/placeholder-names';
import type { ChatEventKind } from '../../shared/values';

/**
 * Team chat's use cases (docs/contract.md section 10), inside the organization's tenancy transaction
 * (orgMemberProcedure): every query filters by the organization too, the row-level policy is the backstop.
 */

const ONLY_AUTHOR_EDITS = 'errors.chat.onlyWriterEdits';
const ONLY_AUTHOR_OR_ADMIN_DELETES = 'errors.chat.onlyWriterOrAdminDeletes';
const DELETED = 'errors.chat.messageDeleted';

/** Newest first; `before` pages back from a message (older than it). */
export async function chatHistory(
  _deps: Deps,
  scope: OrgScope,
  input: { before?: string | undefined; limit: number },
): Promise<ChatHistory> {
  const inOrganization = eq(chatMessage.organizationId, scope.organizationId);
  let olderThan = inOrganization;
  if (input.before) {
    const [anchor] = await scope.tx
      .select({ seq: chatMessage.seq })
      .from(chatMessage)
      .where(and(inOrganization, eq(chatMessage.id, input.before)));
    if (!anchor) throw new AppError('NOT_FOUND');
    olderThan = and(inOrganization, lt(chatMessage.seq, anchor.seq))!;
  }
  // One more than asked for: whether it exists says whether there is an older page.
  const rows = await selectMessages(scope.tx)
    .where(olderThan)
    .orderBy(desc(chatMessage.seq))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    messages: page.map(messageView),
    ...(rows.length > input.limit ? { nextBefore: page[page.length - 1]!.id } : {}),
  };
}

/** 20 new messages per member per minute, counted under a lock so parallel sends cannot all slip through. */
export async function sendMessage(deps: Deps, scope: OrgScope, input: { text: string }): Promise<ChatMessage> {
  const limitKey = `${scope.organizationId}:${scope.actorUserId}`;
  await consumeLimit(deps, scope.tx, LIMITS.chatMessagesPerMember, limitKey);
  const [author] = await scope.tx.select({ name: appUser.name }).from(appUser).where(eq(appUser.id, scope.actorUserId));
  const [inserted] = await scope.tx
    .insert(chatMessage)
    .values({
      organizationId: scope.organizationId,
      authorUserId: scope.actorUserId,
      // What the message keeps if the account is deleted later (decision 0600).
      authorName: author?.name ?? UNNAMED_MEMBER,
      text: input.text,
      createdAt: deps.now(),
    })
    .returning({ id: chatMessage.id });
  return changed(deps, scope, inserted!.id, 'message');
}

/** The message, locked for the change (404 when it is not this organization's). */
async function lockedMessage(scope: OrgScope, messageId: string): Promise<MessageRow> {
  const [row] = await selectMessages(scope.tx)
    .where(and(eq(chatMessage.organizationId, scope.organizationId), eq(chatMessage.id, messageId)))
    .for('update', { of: chatMessage });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function editMessage(
  deps: Deps,
  scope: OrgScope,
  input: { messageId: string; text: string },
): Promise<ChatMessage> {
  const message = await lockedMessage(scope, input.messageId);
  if (message.authorUserId !== scope.actorUserId) throw new AppError('FORBIDDEN', { key: ONLY_AUTHOR_EDITS });
  if (message.deletedAt) throw new AppError('CONFLICT', { key: DELETED });
  await scope.tx
    .update(chatMessage)
    .set({ text: input.text, editedAt: deps.now() })
    .where(eq(chatMessage.id, message.id));
  return changed(deps, scope, message.id, 'edit');
}

/**
 * Leaves a tombstone: the message keeps its place, author and time, its text is gone. Deleting a deleted
 * message answers the tombstone again and announces nothing (decision 0600).
 */
export async function deleteMessage(deps: Deps, scope: OrgScope, input: { messageId: string }): Promise<ChatMessage> {
  const message = await lockedMessage(scope, input.messageId);
  if (message.authorUserId !== scope.actorUserId && !isAdminRole(scope.actorRole)) {
    throw new AppError('FORBIDDEN', { key: ONLY_AUTHOR_OR_ADMIN_DELETES });
  }
  if (message.deletedAt) return messageView(message);
  await scope.tx.update(chatMessage).set({ text: null, deletedAt: deps.now() }).where(eq(chatMessage.id, message.id));
  return changed(deps, scope, message.id, 'delete');
}

/** Logs the change for live delivery, announces it after the commit, and answers the message as it now is. */
async function changed(deps: Deps, scope: OrgScope, messageId: string, kind: ChatEventKind): Promise<ChatMessage> {
  const eventId = await appendChatEvent(scope.tx, scope.organizationId, messageId, kind);
  scope.afterCommit(() => publishChatEvent(deps, scope.organizationId, eventId));
  const [row] = await selectMessages(scope.tx).where(eq(chatMessage.id, messageId));
  return messageView(row!);
}
