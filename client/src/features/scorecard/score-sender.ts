import { describeApiError } from '../../lib/api-error';
import {
  afterConflict,
  edit,
  refused,
  saved,
  takeNext,
  unanswered,
  withSaved,
  withConflict,
  withoutConflict,
  type PendingScores,
  type ScoreConflict,
  type ScoreOperation,
} from './pending-scores';

/** How one request ended, as far as its score is concerned. */
export type SendResult =
  | { kind: 'saved' }
  | { kind: 'unanswered' }
  | { kind: 'conflict' }
  | { kind: 'refused'; message: string };

/**
 * A failed score request, by what trying again could change: no answer (offline, 5xx, 503 UNAVAILABLE
 * while the database is away) goes again; a 401 is not dropped as a refusal either, but it never gets
 * that far: the session has ended, and the app has already forgotten the user, this sender and its outbox
 * with them (client/src/session/forget-user.ts); a conflict (409: another phone changed the hole, or a
 * locked card) and other refusals do not go again.
 */
export function sendResultOf(error: unknown): SendResult {
  const view = describeApiError(error);
  if (!view || ['NETWORK', 'INTERNAL', 'UNAVAILABLE', 'NOT_AUTHENTICATED'].includes(view.code))
    return { kind: 'unanswered' };
  if (view.code === 'CONFLICT') return { kind: 'conflict' };
  return { kind: 'refused', message: Object.values(view.fields)[0] ?? view.message };
}

export interface ScoreSenderState {
  pending: PendingScores;
  conflicts: readonly ScoreConflict[];
  /** A refusal other than a conflict (not allowed, bad input): said once, the score dropped. */
  error: string | null;
}

export interface ScoreSender {
  /** The player typed `strokes` on a hole whose value on screen (the server's) is `server`. */
  edit(participantId: string, hole: number, strokes: number | null, server: number | null): void;
  /** Sends every score not already on the way (the connection is back). */
  flush(): void;
  dismissConflict(participantId: string, hole: number): void;
  getState(): ScoreSenderState;
  subscribe(listener: () => void): () => void;
  /**
   * Put to work (its screen was shown): from now on the retry timer runs whenever a score waits, also after
   * the screen is gone, until it is sent or refused; a score typed offline goes when the network returns,
   * wherever the player is by then. With nothing waiting, the timer rests.
   */
  start(): void;
  /** For good (a wipe, ../../offline/senders.ts): nothing more is sent, saved or retried. */
  close(): void;
  isClosed(): boolean;
}

/** Where the outbox is kept between visits (IndexedDB for a round: client/src/offline/store.ts). */
export interface OutboxStore {
  load(): Promise<PendingScores>;
  save(pending: PendingScores): void;
}

/**
 * The scorecard's sending, outside React (the round's and the tournament's: `participantId` is whatever
 * names a player's card, a round participant or a tournament entry): every score is its own request,
 * settled by its own answer, sent one at a time in the order typed; when one goes unanswered the rest wait
 * behind it (the network is away), and all go again every `retryMs` on a timer of their own, which
 * re-renders cannot reset. With a `store`, the outbox is saved on every change and read back when the
 * sender is made, so a reload or a closed tab loses nothing. One sender per outbox and tab
 * (../../offline/senders.ts), outliving its screen.
 */
export function createScoreSender(options: {
  send(operation: ScoreOperation): Promise<SendResult>;
  retryMs: number;
  store?: OutboxStore;
  /**
   * Whether the user whose scores these are is still the one signed in on this browser, asked before each
   * request: the sender outlives its screen, and must never send one user's scores with another's session
   * (another tab signed in as someone else). When it is not, the sender closes, its outbox kept.
   */
  mayAct?(): boolean;
}): ScoreSender {
  let state: ScoreSenderState = { pending: {}, conflicts: [], error: null };
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let started = false;
  let closed = false;
  let draining = false;
  // Nothing is saved until the saved outbox is read, or an early save would overwrite it.
  let loaded = options.store === undefined;

  function set(next: ScoreSenderState): void {
    if (closed) return;
    const changed = next.pending !== state.pending;
    state = next;
    if (changed && loaded) options.store?.save(state.pending);
    const wanted = started && !closed && Object.keys(state.pending).length > 0;
    if (wanted && timer === null) timer = setInterval(flush, options.retryMs);
    if (!wanted && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    for (const listener of listeners) listener();
  }

  function settle(operation: ScoreOperation, result: SendResult): void {
    switch (result.kind) {
      case 'saved':
        // Typed again while this was on the way: that value goes next, from the one just confirmed.
        set({ ...state, pending: saved(state.pending, operation) });
        return;
      case 'unanswered':
        set({ ...state, pending: unanswered(state.pending, operation) });
        return;
      case 'conflict': {
        // Its own earlier request, whose answer was lost, may be what the hole holds: try from that first.
        const retry = afterConflict(state.pending, operation);
        if (retry) {
          set({ ...state, pending: retry });
          return;
        }
        set({
          ...state,
          pending: refused(state.pending, operation),
          conflicts: withConflict(state.conflicts, {
            participantId: operation.participantId,
            hole: operation.hole,
            mine: operation.strokes,
          }),
        });
        return;
      }
      case 'refused':
        set({ ...state, pending: refused(state.pending, operation), error: result.message });
    }
  }

  /** Sends the outbox in order, one request at a time, until it is empty or a request goes unanswered. */
  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      for (;;) {
        const { operation, pending } = takeNext(state.pending);
        if (!operation || closed) return;
        if (options.mayAct && !options.mayAct()) {
          close();
          return;
        }
        set({ ...state, pending });
        const result = await options.send(operation).catch((): SendResult => ({ kind: 'unanswered' }));
        settle(operation, result);
        if (result.kind === 'unanswered') return;
      }
    } finally {
      draining = false;
    }
  }

  function flush(): void {
    void drain();
  }

  function close(): void {
    closed = true;
    globalThis.removeEventListener?.('online', flush);
    if (timer !== null) clearInterval(timer);
    timer = null;
    listeners.clear();
  }

  if (options.store) {
    options.store.load().then(
      (stored) => {
        loaded = true;
        set({ ...state, pending: withSaved(state.pending, stored) });
        flush();
      },
      () => {
        // No saved outbox to read (storage refused): go on with what is typed here.
        loaded = true;
      },
    );
  }

  return {
    edit(participantId, hole, strokes, server) {
      set({
        pending: edit(state.pending, participantId, hole, strokes, server),
        conflicts: withoutConflict(state.conflicts, participantId, hole),
        error: null,
      });
      flush();
    },
    flush,
    dismissConflict(participantId, hole) {
      set({ ...state, conflicts: withoutConflict(state.conflicts, participantId, hole) });
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started || closed) return;
      started = true;
      // The browser has network again: the outbox goes at once, whatever the live socket says.
      globalThis.addEventListener?.('online', flush);
      set(state);
    },
    close,
    isClosed: () => closed,
  };
}
