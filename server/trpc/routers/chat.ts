import {
  chatEditInput,
  chatHistoryInput,
  chatHistoryOutput,
  chatMarkReadInput,
  chatMessageIdInput,
  chatMessageOutput,
  chatOnMessageInput,
  chatSendInput,
  chatUnreadAllOutput,
  chatUnreadOutput,
} from '../../../shared/schemas/chat';
import { organizationIdInput } from '../../../shared/schemas/common';
import { SESSION_ENDED_CLOSE_CODE } from '../../../shared/live';
import { requireMembership } from '../../chat/access';
import { chatStartingPoint, chatUpdates } from '../../chat/events';
import { chatHistory, deleteMessage, editMessage, sendMessage } from '../../chat/messages';
import { markRead, unreadAll, unreadCount } from '../../chat/unread';
import { AppError } from '../../errors';
import { whileAllowed } from '../../realtime/guard';
import { byActor, byScope } from '../calls';
import { orgMemberProcedure, router, userProcedure, webSocketUserProcedure } from '../init';

/**
 * The WebSocket user of docs/access.md section 5 for team chat (docs/contract.md section 10): an anonymous socket is
 * closed with 4401 (the app takes it as "signed out"), a signed-in non-member is refused with NOT_ORG_MEMBER.
 * The starting point is read here, before the subscription is answered as started.
 */
const chatListenerProcedure = webSocketUserProcedure.input(chatOnMessageInput).use(async ({ ctx, input, next }) => {
  if (!ctx.session) {
    ctx.socket?.close(SESSION_ENDED_CLOSE_CODE, 'Logg inn for å følge lagpraten');
    throw new AppError('NOT_AUTHENTICATED');
  }
  await requireMembership(ctx.deps.db, input.organizationId, ctx.session.user.id);
  return next({ ctx: { user: ctx.session.user, after: await chatStartingPoint(ctx.deps, input) } });
});

export const chatRouter = router({
  history: orgMemberProcedure.input(chatHistoryInput).output(chatHistoryOutput).query(byScope(chatHistory)),
  send: orgMemberProcedure.input(chatSendInput).output(chatMessageOutput).mutation(byScope(sendMessage)),
  edit: orgMemberProcedure.input(chatEditInput).output(chatMessageOutput).mutation(byScope(editMessage)),
  delete: orgMemberProcedure.input(chatMessageIdInput).output(chatMessageOutput).mutation(byScope(deleteMessage)),
  unread: orgMemberProcedure.input(organizationIdInput).output(chatUnreadOutput).query(byScope(unreadCount)),
  markRead: orgMemberProcedure.input(chatMarkReadInput).output(chatUnreadOutput).mutation(byScope(markRead)),
  unreadAll: userProcedure.output(chatUnreadAllOutput).query(byActor(unreadAll)),
  // Membership is checked again whenever the member's access may have changed: a removed member hears nothing more.
  onMessage: chatListenerProcedure.subscription(({ ctx, input, signal }) =>
    whileAllowed(
      ctx.deps,
      { userId: ctx.user.id, check: () => requireMembership(ctx.deps.db, input.organizationId, ctx.user.id), signal },
      (stop) =>
        chatUpdates(ctx.deps, {
          organizationId: input.organizationId,
          after: ctx.after,
          signal: stop,
          socket: ctx.socket,
        }),
    ),
  ),
});
