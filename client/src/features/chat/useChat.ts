import { skipToken } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { ChatMessage } from '../../../../shared/schemas/chat';
import { useLivePages } from '../../lib/realtime/live-pages';
import { trpc } from '../../trpc';
import { connectionOf } from '../../lib/realtime/connection';
import {
  applyChatEvent,
  applyHistoryPage,
  applyLatestPage,
  applyOwnChange,
  EMPTY_CHAT,
  newestMessageId,
  type ChatState,
} from './chat-state';

const PAGE_SIZE = 30;

/**
 * One club's conversation, kept current (docs/chat-and-feed.md): the subscription first, the history once
 * it has started (../../lib/live-pages.ts), and every message once by its id (./chat-state.ts). After a
 * dropped connection the tRPC client subscribes again with the last event id it holds, and the server
 * replays what came meanwhile: nothing lost, nothing twice. Older pages load on demand (scrolling up).
 */
export function useChat(organizationId: string, options: { enabled: boolean }) {
  const utils = trpc.useUtils();
  const { client } = utils;
  const { state, setState, error, setError, onStarted, loadOlder, loadingOlder } = useLivePages(
    EMPTY_CHAT as ChatState,
    {
      read: (before) => client.chat.history.query({ organizationId, before, limit: PAGE_SIZE }),
      applyPage: applyHistoryPage,
      applyLatest: applyLatestPage,
      clearsError: false,
    },
  );

  // Subscribed while enabled (skipToken otherwise).
  const subscription = trpc.chat.onMessage.useSubscription(options.enabled ? { organizationId } : skipToken, {
    onStarted,
    onData: (event) => setState((s) => applyChatEvent(s, event.data)),
    onError: (e) => setError(e),
  });
  const connection = connectionOf(subscription.status);

  const keep = useCallback((message: ChatMessage) => setState((s) => applyOwnChange(s, message)), [setState]);

  // Read up to the newest message while the conversation is on screen; the navigation's badge follows.
  const newest = newestMessageId(state);
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!options.enabled || !newest) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === newest) return;
      marked.current = newest;
      client.chat.markRead
        .mutate({ organizationId, messageId: newest })
        .then(() => utils.chat.unreadAll.invalidate())
        .catch(() => {
          marked.current = null;
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [client, utils, organizationId, newest, options.enabled]);

  return { state, connection, error, loadOlder, loadingOlder, keep };
}
