import { useCallback, useRef } from 'react';

export interface StartHandlers {
  /** The subscription has started for the first time: load the first page. */
  first(): void;
  /** Started again after a dropped connection: read the newest page again and merge it. */
  again(): void;
}

/** Calls `first` on the first start and `again` on every later one. */
export function createLiveStart(): (handlers: StartHandlers) => void {
  let started = false;
  return (handlers) => {
    if (started) return handlers.again();
    started = true;
    handlers.first();
  };
}

/**
 * The live pattern of chat and the feed (docs/chat-and-feed.md): subscribe first, and load the first page
 * once the subscription has started, so an event in between arrives by one or the other (or both, kept
 * once by id). A later start is a reconnect: with an event id the server replays what was missed; without
 * one (no event had arrived yet) nothing would be replayed, so the newest page is read again and merged.
 *
 * Answers a stable `onStarted` handler for tRPC's subscription options. The handlers may change from render
 * to render; the newest are called.
 */
export function useLiveStart(first: () => void, again: () => void): () => void {
  const gate = useRef<ReturnType<typeof createLiveStart> | null>(null);
  gate.current ??= createLiveStart();
  const handlers = useRef<StartHandlers>({ first, again });
  handlers.current = { first, again };
  return useCallback(() => gate.current!(handlers.current), []);
}
