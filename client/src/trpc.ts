import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, type TRPCLink, wsLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/router';
import { MAX_BATCH_CALLS } from '../../shared/http';
import { SESSION_ENDED_CLOSE_CODE } from '../../shared/live';
import { liveRetryLink } from './lib/realtime/live-retry';
import { httpStatusOf } from './lib/api-error';
import { currentLanguage } from './i18n';

/**
 * The app's tRPC hooks: `trpc.x.useQuery`, `trpc.x.useMutation`, `trpc.x.useSubscription`, `trpc.useUtils()`
 * for the cache and the vanilla client (`utils.client`), and `<trpc.Provider>` in main.tsx.
 */
export const trpc = createTRPCReact<AppRouter>();

function webSocketUrl(): string {
  const url = new URL('/trpc', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The cached answer of the session check ("who is signed in"), kept by session/useSession.ts. */
export const SESSION_QUERY_KEY = ['session'] as const;

function isNotAuthenticated(error: unknown): boolean {
  return (error as { data?: { appCode?: string } } | null)?.data?.appCode === 'NOT_AUTHENTICATED';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A 4xx is an answer, not a hiccup: retrying "not signed in" only delays the sign-in screen.
      queries: { retry: (count, error) => count < 2 && !isClientError(error), staleTime: 10_000 },
    },
  });
}

export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** Queries and mutations over HTTP, batched, never more calls in one request than the server takes. */
export function batchLink(url: string) {
  // The server answers errors (and signed-out mails) in the language the app shows (decision 0020).
  return httpBatchLink({ url, maxItems: MAX_BATCH_CALLS, headers: () => ({ 'Accept-Language': currentLanguage() }) });
}

/**
 * Every call's answer passes here on its way back, whoever made it (a screen's query or mutation, a
 * scorecard's sender calling the client directly, a subscription): a 401 NOT_AUTHENTICATED says the
 * session has ended (elsewhere, expired, the account deleted), and `onSessionEnded` hears of it before the
 * caller does.
 */
function sessionEndedLink(onSessionEnded: () => void): TRPCLink<AppRouter> {
  return () =>
    ({ next, op }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => {
            if (isNotAuthenticated(error)) onSessionEnded();
            observer.error(error);
          },
          complete: () => observer.complete(),
        }),
      );
}

/**
 * `onSessionEnded`: the server said this session is over, by a 401 NOT_AUTHENTICATED to any call or by
 * closing the live socket with SESSION_ENDED_CLOSE_CODE (session/forget-user.ts takes it from there).
 */
export function createApiClient(onSessionEnded: () => void) {
  const liveSocket = createWSClient({
    url: webSocketUrl,
    lazy: { enabled: true, closeMs: 10_000 },
    // A refusal on the socket comes in the language shown, as over HTTP (decision 0020).
    connectionParams: () => ({ language: currentLanguage() }),
    onClose: (cause) => {
      if (cause?.code === SESSION_ENDED_CLOSE_CODE) onSessionEnded();
    },
  });
  return createTRPCClient<AppRouter>({
    links: [
      sessionEndedLink(onSessionEnded),
      splitLink({
        condition: (op) => op.type === 'subscription',
        // The socket opens on the first subscription and closes when none is left, so the sign-in
        // screen never holds a connection.
        // A subscription the server could not serve just then (the database restarting) starts again.
        true: [liveRetryLink(), wsLink({ client: liveSocket })],
        false: batchLink('/trpc'),
      }),
    ],
  });
}
