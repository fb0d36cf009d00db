import { useCallback, useRef, useState } from 'react';
import { useLiveStart } from './live-start';

export interface LivePagesOptions<S, P> {
  /** The newest page without `before`, else the page older than it. */
  read(before?: string): Promise<P>;
  /** A first or older page into the state. */
  applyPage(state: S, page: P): S;
  /** The newest page read again after a reconnect, merged into what is held. */
  applyLatest(state: S, page: P): S;
  /** Whether a newest page that arrives clears an earlier error (the feed's; the chat keeps it shown). */
  clearsError: boolean;
}

/**
 * The paging half of the live pattern (./live-start.ts, docs/chat-and-feed.md), the same for chat and the
 * feed: the first page once the subscription has started, the newest page merged again on a reconnect, and
 * older pages on demand, one at a time. The caller owns the subscription, passes `onStarted` to it and applies
 * its events with `setState`.
 */
export function useLivePages<S extends { older: string | null | undefined }, P>(
  empty: S,
  options: LivePagesOptions<S, P>,
) {
  const [state, setState] = useState<S>(empty);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const olderRunning = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  // The first page and the one read again after a reconnect differ only in how they go into the state, and
  // in what a failure does: the first shows it, a reconnect's keeps what is held as it is.
  const readNewest = (apply: (state: S, page: P) => S) =>
    options.read().then((page) => {
      if (options.clearsError) setError(null);
      setState((s) => apply(s, page));
    });
  const onStarted = useLiveStart(
    () => void readNewest(options.applyPage).catch(setError),
    () => void readNewest(options.applyLatest).catch(() => undefined),
  );

  const before = state.older;
  const loadOlder = useCallback(async () => {
    if (typeof before !== 'string' || olderRunning.current) return;
    olderRunning.current = true;
    setLoadingOlder(true);
    try {
      const page = await latest.current.read(before);
      setState((s) => latest.current.applyPage(s, page));
    } catch (e) {
      setError(e);
    } finally {
      olderRunning.current = false;
      setLoadingOlder(false);
    }
  }, [before]);

  return { state, setState, error, setError, onStarted, loadOlder, loadingOlder };
}
