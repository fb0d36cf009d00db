import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../shared/schemas/chat';
import { useLiveStart } from '../../lib/live-start';
import { useTRPC, useTRPCClient } from '../../trpc';
import { applyChatEvent, applyHistoryPage, applyLatestPage, applyOwnChange, EMPTY_CHAT, newestMessageId, type ChatState } from './chat-state';

export type Connection = 'connecting' | 'live' | 'offline';

const PAGE_SIZE = 30;

/**
 * One club's conversation, kept current (docs/chat-and-feed.md): the subscription first, the history once
 * it has started, and every message once by its id (./chat-state.ts). After a dropped connection the tRPC
 * client subscribes again with the last event id it holds, and the server replays what came meanwhile:
 * nothing lost, nothing twice. Older pages load on demand (scrolling up).
 */
export function useChat(organizationId: string, options: { enabled: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ChatState>(EMPTY_CHAT);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const olderRunning = useRef(false);

  const loadFirst = useCallback(async () => {
    try {
      const page = await client.chat.history.query({ organizationId, limit: PAGE_SIZE });
      setState((s) => applyHistoryPage(s, page));
    } catch (e) {
      setError(e);
    }
  }, [client, organizationId]);

  // Subscribed first, then the history: a message sent in between arrives by one or the other (or both,
  // kept once). Started again after a dropped connection: with an event id the server replayed what was
  // missed; without one (no event had arrived yet) the newest page is read again (../../lib/live-start.ts).
  const onStarted = useLiveStart(
    () => void loadFirst(),
    () =>
      void client.chat.history
        .query({ organizationId, limit: PAGE_SIZE })
        .then((page) => setState((s) => applyLatestPage(s, page)))
        .catch(() => undefined),
  );

  const subscription = useSubscription(
    trpc.chat.onMessage.subscriptionOptions(
      { organizationId },
      {
        enabled: options.enabled,
        onStarted,
        onData: (event) => setState((s) => applyChatEvent(s, event.data)),
        onError: (e) => setError(e),
      },
    ),
  );
  const connection: Connection = subscription.status === 'pending' ? 'live' : subscription.status === 'error' ? 'offline' : 'connecting';

  const loadOlder = useCallback(async () => {
    const before = state.older;
    if (typeof before !== 'string' || olderRunning.current) return;
    olderRunning.current = true;
    setLoadingOlder(true);
    try {
      const page = await client.chat.history.query({ organizationId, before, limit: PAGE_SIZE });
      setState((s) => applyHistoryPage(s, page));
    } catch (e) {
      setError(e);
    } finally {
      olderRunning.current = false;
      setLoadingOlder(false);
    }
  }, [client, organizationId, state.older]);

  const keep = useCallback((message: ChatMessage) => setState((s) => applyOwnChange(s, message)), []);

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
        .then(() => queryClient.invalidateQueries({ queryKey: trpc.chat.unreadAll.queryKey() }))
        .catch(() => {
          marked.current = null;
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [client, queryClient, trpc, organizationId, newest, options.enabled]);

  return { state, connection, error, loadOlder, loadingOlder, keep };
}
