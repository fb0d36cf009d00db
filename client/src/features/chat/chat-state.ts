import { dayAndMonth } from '../../../../shared/format/dates';
import { LOCALES } from '../../../../shared/language';
import type { Language } from '../../../../shared/values';
import type { ChatEvent, ChatHistory, ChatMessage } from '../../../../shared/schemas/chat';

/**
 * The conversation as this screen holds it: each message once by its id, oldest first, and where the next
 * older page starts. Live events and history pages arrive in any order (docs/chat-and-feed.md: subscribe
 * first, then load the history), so merging is by id, and the newer state of a message wins: a tombstone
 * over everything, a later edit over an earlier one.
 */
export interface ChatState {
  messages: ChatMessage[];
  /** The `before` of the next older page; null once the start of the conversation is reached; undefined before the first page. */
  older: string | null | undefined;
}

export const EMPTY_CHAT: ChatState = { messages: [], older: undefined };

/** Whether `incoming` is at least as new as `held` (the same message as it stood at another time). */
function isNewer(incoming: ChatMessage, held: ChatMessage): boolean {
  if (held.deleted) return false;
  if (incoming.deleted) return true;
  return (incoming.editedAt ?? '') >= (held.editedAt ?? '');
}

/**
 * Adds or replaces messages by id. A replaced message keeps its place. A new one goes by its creation time;
 * among equal times (one clock tick, or a test's fixed clock) a live event's message goes after those held
 * and a history page's before them, in the page's order: the server's order, which times alone cannot tell.
 */
function merge(
  messages: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  from: 'live' | 'history',
): ChatMessage[] {
  const result = [...messages];
  // A history page is newest first: placing each before the ones already placed keeps its order.
  for (const m of incoming) {
    const at = result.findIndex((held) => held.id === m.id);
    if (at >= 0) {
      if (isNewer(m, result[at]!)) result[at] = m;
      continue;
    }
    if (from === 'live') {
      let i = result.length;
      while (i > 0 && result[i - 1]!.createdAt > m.createdAt) i--;
      result.splice(i, 0, m);
    } else {
      let i = 0;
      while (i < result.length && result[i]!.createdAt < m.createdAt) i++;
      result.splice(i, 0, m);
    }
  }
  return result;
}

/** A live event: a new message joins, an edit or delete replaces the message it carries. */
export function applyChatEvent(state: ChatState, event: ChatEvent): ChatState {
  return { ...state, messages: merge(state.messages, [event.message], 'live') };
}

/** A page of history (newest first, as chat.history answers). */
export function applyHistoryPage(state: ChatState, page: ChatHistory): ChatState {
  return { messages: merge(state.messages, page.messages, 'history'), older: page.nextBefore ?? null };
}

/**
 * The newest page read again after a reconnect that could not resume from an event id (none had arrived
 * yet): what was said meanwhile joins, after what is held; where older pages start is unchanged.
 */
export function applyLatestPage(state: ChatState, page: ChatHistory): ChatState {
  return { ...state, messages: merge(state.messages, [...page.messages].reverse(), 'live') };
}

/** A message this phone sent, edited or deleted, as the server answered it. */
export function applyOwnChange(state: ChatState, message: ChatMessage): ChatState {
  return { ...state, messages: merge(state.messages, [message], 'live') };
}

/** The newest message that is not deleted: what "read up to here" points at. */
export function newestMessageId(state: ChatState): string | null {
  return state.messages.length ? state.messages[state.messages.length - 1]!.id : null;
}

/** Enter sends; Shift+Enter (and Enter while an input method composes a word) makes a new line. */
export function sendsOnKey(event: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing && !event.altKey;
}

/** Whether the text may be sent: not only white space, at most 2,000 code points. */
export function canSend(text: string, max = 2000): boolean {
  return text.trim().length > 0 && [...text].length <= max;
}

/** "14:05" today, "i går 14:05", "3. juni 14:05" earlier; in English "yesterday 14:05", "3 June 14:05". */
export function messageTime(iso: string, now: Date = new Date(), language: Language = 'nb'): string {
  const at = new Date(iso);
  const clock = new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit' }).format(at);
  const day = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
  if (day(at) === day(now)) return clock;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (day(at) === day(yesterday)) return language === 'en' ? `yesterday ${clock}` : `i går ${clock}`;
  return `${dayAndMonth(at.getDate(), at.getMonth(), language)} ${clock}`;
}
