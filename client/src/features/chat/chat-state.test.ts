import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/schemas/chat';
import {
  applyChatEvent,
  applyHistoryPage,
  applyLatestPage,
  applyOwnChange,
  canSend,
  EMPTY_CHAT,
  messageTime,
  newestMessageId,
  sendsOnKey,
} from './chat-state';

const msg = (id: string, minute: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  author: { userId: 'u1', name: 'Kari' },
  text: `tekst ${id}`,
  createdAt: `2026-06-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  deleted: false,
  ...extra,
});

describe('the conversation held by the chat screen', () => {
  it('keeps each message once, oldest first, whatever order events and history arrive in', () => {
    let state = applyChatEvent(EMPTY_CHAT, { kind: 'message', message: msg('c', 3) });
    state = applyHistoryPage(state, { messages: [msg('c', 3), msg('b', 2), msg('a', 1)], nextBefore: 'a' });
    state = applyChatEvent(state, { kind: 'message', message: msg('c', 3) });
    expect(state.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(state.older).toBe('a');
    state = applyHistoryPage(state, { messages: [msg('z', 0)] });
    expect(state.messages.map((m) => m.id)).toEqual(['z', 'a', 'b', 'c']);
    expect(state.older).toBeNull();
    expect(newestMessageId(state)).toBe('c');
  });

  it('keeps the server’s order among messages written in the same instant', () => {
    const same = (id: string) => msg(id, 1);
    let state = applyChatEvent(EMPTY_CHAT, { kind: 'message', message: same('d') });
    state = applyHistoryPage(state, { messages: [same('c'), same('b')], nextBefore: 'b' });
    state = applyChatEvent(state, { kind: 'message', message: same('e') });
    state = applyHistoryPage(state, { messages: [same('a')] });
    expect(state.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(newestMessageId(state)).toBe('e');
  });

  it('the newest page read again after a reconnect adds what was missed, keeping the older pages’ cursor', () => {
    let state = applyHistoryPage(EMPTY_CHAT, { messages: [msg('b', 1), msg('a', 1)], nextBefore: 'a' });
    state = applyLatestPage(state, { messages: [msg('d', 1), msg('c', 1), msg('b', 1)], nextBefore: 'b' });
    expect(state.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(state.older).toBe('a');
  });

  it('an edit replaces the message, and an older copy from a history page does not undo it', () => {
    const edited = msg('a', 1, { text: 'rettet', editedAt: '2026-06-01T10:05:00.000Z' });
    let state = applyChatEvent(EMPTY_CHAT, { kind: 'edit', message: edited });
    state = applyHistoryPage(state, { messages: [msg('a', 1)] });
    expect(state.messages).toEqual([edited]);
  });

  it('a tombstone wins over every other copy', () => {
    const gone = msg('a', 1, { text: undefined, deleted: true });
    let state = applyHistoryPage(EMPTY_CHAT, { messages: [msg('a', 1)] });
    state = applyChatEvent(state, { kind: 'delete', message: gone });
    state = applyOwnChange(state, msg('a', 1, { text: 'sen', editedAt: '2026-06-01T11:00:00.000Z' }));
    expect(state.messages).toEqual([gone]);
  });

  it('sends on Enter, not on Shift+Enter or while composing', () => {
    expect(sendsOnKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('sends text that is not only white space, counting an emoji as one', () => {
    expect(canSend('  \n ')).toBe(false);
    expect(canSend('hei')).toBe(true);
    expect(canSend('🏌'.repeat(2000))).toBe(true);
    expect(canSend('a'.repeat(2001))).toBe(false);
  });

  it('writes times as today, yesterday or a date', () => {
    const now = new Date(2026, 5, 3, 12, 0);
    expect(messageTime(new Date(2026, 5, 3, 9, 5).toISOString(), now)).toBe('09:05');
    expect(messageTime(new Date(2026, 5, 2, 9, 5).toISOString(), now)).toBe('i går 09:05');
    expect(messageTime(new Date(2026, 4, 30, 9, 5).toISOString(), now)).toBe('30. mai 09:05');
    expect(messageTime(new Date(2026, 5, 2, 9, 5).toISOString(), now, 'en')).toBe('yesterday 09:05');
    expect(messageTime(new Date(2026, 4, 30, 9, 5).toISOString(), now, 'en')).toBe('30 May 09:05');
  });
});
