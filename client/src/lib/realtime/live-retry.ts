import { retryLink, type TRPCLink } from '@trpc/client';
import type { AppRouter } from '../../../../server/trpc/router';
import { httpStatusOf } from '../api-error';

/** How long the first retry waits; each next one twice as long, up to the maximum. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 10_000;

/**
 * Whether a live subscription that ended with this error should be started again: when the service could
 * not serve it just then (503 UNAVAILABLE while the database restarts, or another 5xx), not when it was
 * refused (not signed in, not allowed, not found, too many subscriptions).
 */
export function retriesLive(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 500;
}

/**
 * The live subscriptions' retry (decision 0015). The WebSocket client sends its subscriptions again when the
 * socket comes back, but a subscription the server ended with an error stays ended: a phone whose socket
 * came back while the database was restarting would have stayed "Frakoblet" for good. This starts it again
 * with backoff, resuming after the last event id it had (tRPC's retryLink passes `lastEventId`), so no
 * event is lost and none is repeated.
 */
export function liveRetryLink(): TRPCLink<AppRouter> {
  return retryLink<AppRouter>({
    retry: ({ op, error }) => op.type === 'subscription' && retriesLive(error),
    retryDelayMs: (attempt) => Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS),
  });
}
