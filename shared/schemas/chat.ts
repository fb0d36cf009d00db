import { z } from 'zod';
import { id } from './common';
import { chatEventKindSchema } from './values';
import { userText } from './text';

/** docs/contract.md section 10: a message is 1 to 2,000 Unicode code points (an emoji is one, not two). */
export const CHAT_TEXT_MAX_CODE_POINTS = 2_000;
export const CHAT_HISTORY_DEFAULT_LIMIT = 50;
export const CHAT_HISTORY_MAX_LIMIT = 100;

const codePoints = (value: string) => [...value].length;

/**
 * Plain text over several lines: control characters refused (tab and line breaks kept), not only white
 * space, at most 2,000 code points. Kept as typed (no trimming): the text is shown as text, never as HTML.
 */
export const chatText = userText({ multiLine: true })
  .refine((value) => value.trim().length > 0, { message: 'errors.chat.messageEmpty' })
  .refine((value) => codePoints(value) <= CHAT_TEXT_MAX_CODE_POINTS, {
    message: 'errors.chat.messageTooLong',
    params: { maximum: CHAT_TEXT_MAX_CODE_POINTS },
  });

export const chatHistoryInput = z.strictObject({
  organizationId: id,
  before: id.optional(),
  // Coerced: the REST path carries it in the query string.
  limit: z.coerce
    .number({ message: 'errors.fields.limitWhole' })
    .int({ message: 'errors.fields.limitWhole' })
    .min(1, { message: 'errors.fields.limitAtLeastOne' })
    .max(CHAT_HISTORY_MAX_LIMIT, { message: 'errors.fields.limitAtMost' })
    .default(CHAT_HISTORY_DEFAULT_LIMIT),
});
export const chatSendInput = z.strictObject({ organizationId: id, text: chatText });
export const chatEditInput = z.strictObject({ organizationId: id, messageId: id, text: chatText });
export const chatMessageIdInput = z.strictObject({ organizationId: id, messageId: id });
export const chatMarkReadInput = chatMessageIdInput;
/** `lastEventId` is sent back by the tRPC client when it reconnects: the subscription resumes after it. */
export const chatOnMessageInput = z.strictObject({ organizationId: id, lastEventId: z.string().max(40).nullish() });

/** docs/contract.md section 10. `author.userId` is null once the author's account is deleted (decision 0600). */
export const chatMessageOutput = z.object({
  id: z.string(),
  author: z.object({ userId: z.string().nullable(), name: z.string() }),
  /** Absent on a deleted message. */
  text: z.string().optional(),
  createdAt: z.string(),
  editedAt: z.string().optional(),
  deleted: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageOutput>;

export const chatHistoryOutput = z.object({
  messages: z.array(chatMessageOutput),
  /** Absent at the start of the conversation. */
  nextBefore: z.string().optional(),
});
export type ChatHistory = z.infer<typeof chatHistoryOutput>;

/** What chat.onMessage sends: parsed where each event is read, once for all its listeners (decision 0012). */
export const chatEventOutput = z.object({ kind: chatEventKindSchema, message: chatMessageOutput });
export type ChatEvent = z.infer<typeof chatEventOutput>;

export const chatUnreadOutput = z.object({ unread: z.number(), lastReadMessageId: z.string().optional() });
export type ChatUnread = z.infer<typeof chatUnreadOutput>;

export const chatUnreadAllOutput = z.object({
  organizations: z.array(z.object({ organizationId: z.string(), unread: z.number() })),
});
export type ChatUnreadAll = z.infer<typeof chatUnreadAllOutput>;
