import { z } from 'zod';
import { id } from './common';
import type { ChatEventKind } from '../values';
import { userText } from './text';

/** CONTRACT.md section 10: a message is 1 to 2,000 Unicode code points (an emoji is one, not two). */
export const CHAT_TEXT_MAX_CODE_POINTS = 2_000;
export const CHAT_HISTORY_DEFAULT_LIMIT = 50;
export const CHAT_HISTORY_MAX_LIMIT = 100;

const codePoints = (value: string) => [...value].length;

/**
 * Plain text over several lines: control characters refused (tab and line breaks kept), not only white
 * space, at most 2,000 code points. Kept as typed (no trimming): the text is shown as text, never as HTML.
 */
export const chatText = userText({ multiLine: true })
  .refine((value) => value.trim().length > 0, { message: 'Meldingen kan ikke være tom.' })
  .refine((value) => codePoints(value) <= CHAT_TEXT_MAX_CODE_POINTS, {
    message: `Meldingen kan ha høyst ${CHAT_TEXT_MAX_CODE_POINTS} tegn.`,
  });

export const chatHistoryInput = z.strictObject({
  organizationId: id,
  before: id.optional(),
  // Coerced: the REST path carries it in the query string.
  limit: z.coerce
    .number({ message: 'Grensen må være et heltall.' })
    .int({ message: 'Grensen må være et heltall.' })
    .min(1, { message: 'Grensen må være minst 1.' })
    .max(CHAT_HISTORY_MAX_LIMIT, { message: `Grensen kan være høyst ${CHAT_HISTORY_MAX_LIMIT}.` })
    .default(CHAT_HISTORY_DEFAULT_LIMIT),
});
export const chatSendInput = z.strictObject({ organizationId: id, text: chatText });
export const chatEditInput = z.strictObject({ organizationId: id, messageId: id, text: chatText });
export const chatMessageIdInput = z.strictObject({ organizationId: id, messageId: id });
export const chatMarkReadInput = chatMessageIdInput;
/** `lastEventId` is sent back by the tRPC client when it reconnects: the subscription resumes after it. */
export const chatOnMessageInput = z.strictObject({ organizationId: id, lastEventId: z.string().max(40).nullish() });

/** CONTRACT.md section 10. `author.userId` is null once the author's account is deleted (decision 0600). */
export interface ChatMessage {
  id: string;
  author: { userId: string | null; name: string };
  /** Absent on a deleted message. */
  text?: string;
  createdAt: string;
  editedAt?: string;
  deleted: boolean;
}

export interface ChatHistory {
  messages: ChatMessage[];
  /** Absent at the start of the conversation. */
  nextBefore?: string;
}

export interface ChatEvent {
  kind: ChatEventKind;
  message: ChatMessage;
}

export interface ChatUnread {
  unread: number;
  lastReadMessageId?: string;
}

export interface ChatUnreadAll {
  organizations: { organizationId: string; unread: number }[];
}
