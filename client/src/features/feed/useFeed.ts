import { useLivePages } from '../../lib/realtime/live-pages';
import { trpc } from '../../trpc';
import { connectionOf } from '../../lib/realtime/connection';
import { applyFeedEvent, applyFeedPage, applyLatestFeedPage, EMPTY_FEED, type FeedState } from './feed-state';

/**
 * The public feed, kept current (docs/chat-and-feed.md), as the chat is: feed.onItem first, feed.list once
 * it has started, every item once by its id (./feed-state.ts). A reconnect resumes from the last event id
 * (tRPC's client sends it); a reconnect before any event reads the newest page again and merges it
 * (../../lib/live-pages.ts). Older pages on demand ("Vis flere"). For anyone, signed in or not.
 */
export function useFeed(pageSize: number) {
  const { client } = trpc.useUtils();
  const { state, setState, error, setError, onStarted, loadOlder, loadingOlder } = useLivePages(
    EMPTY_FEED as FeedState,
    {
      read: (before) => client.feed.list.query({ before, limit: pageSize }),
      applyPage: applyFeedPage,
      applyLatest: applyLatestFeedPage,
      clearsError: true,
    },
  );

  const subscription = trpc.feed.onItem.useSubscription(undefined, {
    onStarted,
    onData: (event) => setState((s) => applyFeedEvent(s, event.data)),
    onError: (e) => setError(e),
  });
  const connection = connectionOf(subscription.status);

  return { state, connection, error, loadOlder, loadingOlder };
}
