import { describeApiError } from '../../lib/api-error';
import {
  edit,
  refused,
  saved,
  takeDue,
  unanswered,
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
 * while the database is away) goes again, a conflict (409: another phone changed the hole, or a locked
 * card) and other refusals do not.
 */
export function sendResultOf(error: unknown): SendResult {
  const view = describeApiError(error);
  if (!view || view.code === 'NETWORK' || view.code === 'INTERNAL' || view.code === 'UNAVAILABLE')
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
  /** The retry timer runs only between start and stop (the screen is shown). */
  start(): void;
  stop(): void;
}

/**
 * The scorecard's sending, outside React (the round's and the tournament's: `participantId` is whatever
 * names a player's card, a round participant or a tournament entry): every score is its own request, settled by its own answer, and
 * unanswered ones go again every `retryMs` on a timer of their own, which re-renders cannot reset.
 */
export function createScoreSender(options: {
  send(operation: ScoreOperation): Promise<SendResult>;
  retryMs: number;
}): ScoreSender {
  let state: ScoreSenderState = { pending: {}, conflicts: [], error: null };
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let active = false;

  function set(next: ScoreSenderState): void {
    state = next;
    const wanted = active && Object.keys(state.pending).length > 0;
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
        set({ ...state, pending: saved(state.pending, operation) });
        // Typed again while this was on the way: that value goes now, from the one just confirmed.
        flush();
        return;
      case 'unanswered':
        set({ ...state, pending: unanswered(state.pending, operation) });
        return;
      case 'conflict':
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
      case 'refused':
        set({ ...state, pending: refused(state.pending, operation), error: result.message });
    }
  }

  function flush(): void {
    const { operations, pending } = takeDue(state.pending);
    if (operations.length === 0) return;
    set({ ...state, pending });
    for (const operation of operations) {
      options.send(operation).then(
        (result) => settle(operation, result),
        () => settle(operation, { kind: 'unanswered' }),
      );
    }
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
      active = true;
      set(state);
    },
    stop() {
      active = false;
      set(state);
    },
  };
}
