import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useRef, useState } from 'react';
import { useLiveStart } from '../../lib/live-start';
import { useTRPC, useTRPCClient } from '../../trpc';
import type { Connection } from '../chat/useChat';
import { applyFeedEvent, applyFeedPage, applyLatestFeedPage, EMPTY_FEED, type FeedState } from './feed-state';

/**
 * The public feed, kept current (docs/chat-and-feed.md), as the chat is: feed.onItem first, feed.list once
 * it has started, every item once by its id (./feed-state.ts). A reconnect resumes from the last event id
 * (tRPC's client sends it); a reconnect before any event reads the newest page again and merges it
 * (../../lib/live-start.ts). Older pages on demand ("Vis flere"). For anyone, signed in or not.
 */
export function useFeed(pageSize: number) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [state, setState] = useState<FeedState>(EMPTY_FEED);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const olderRunning = useRef(false);

  const onStarted = useLiveStart(
    () => {
      client.feed.list
        .query({ limit: pageSize })
        .then((page) => {
          setError(null);
          setState((s) => applyFeedPage(s, page));
        })
        .catch(setError);
    },
    () => {
      client.feed.list
        .query({ limit: pageSize })
        .then((page) => {
          setError(null);
          setState((s) => applyLatestFeedPage(s, page));
        })
        .catch(() => undefined);
    },
  );

  const subscription = useSubscription(
    trpc.feed.onItem.subscriptionOptions(undefined, {
      onStarted,
      onData: (event) => setState((s) => applyFeedEvent(s, event.data)),
      onError: (e) => setError(e),
    }),
  );
  const connection: Connection = subscription.status === 'pending' ? 'live' : subscription.status === 'error' ? 'offline' : 'connecting';

  const loadOlder = useCallback(async () => {
    const before = state.older;
    if (typeof before !== 'string' || olderRunning.current) return;
    olderRunning.current = true;
    setLoadingOlder(true);
    try {
      const page = await client.feed.list.query({ before, limit: pageSize });
      setState((s) => applyFeedPage(s, page));
    } catch (e) {
      setError(e);
    } finally {
      olderRunning.current = false;
      setLoadingOlder(false);
    }
  }, [client, pageSize, state.older]);

  return { state, connection, error, loadOlder, loadingOlder };
}
