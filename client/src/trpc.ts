import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/trpc/router';
import { MAX_BATCH_CALLS } from '../../shared/http';
import { SESSION_ENDED_CLOSE_CODE } from '../../shared/live';
import { liveRetryLink } from './live-retry';
import { httpStatusOf } from './lib/api-error';
import { currentLanguage } from './i18n';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function webSocketUrl(): string {
  const url = new URL('/trpc', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The cached answer of auth.me ("who is signed in"), kept by session/useSession.ts. */
export const SESSION_QUERY_KEY = ['session'] as const;

function isNotAuthenticated(error: unknown): boolean {
  return (error as { data?: { appCode?: string } } | null)?.data?.appCode === 'NOT_AUTHENTICATED';
}

export function createQueryClient(): QueryClient {
  // A session can end elsewhere (sign out everywhere, expiry): any "not signed in" answer makes the app
  // ask auth.me again, and the routes then move to the sign-in screen.
  const sessionEnded = () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isNotAuthenticated(error)) sessionEnded();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isNotAuthenticated(error)) sessionEnded();
      },
    }),
    defaultOptions: {
      // A 4xx is an answer, not a hiccup: retrying "not signed in" only delays the sign-in screen.
      queries: { retry: (count, error) => count < 2 && !isClientError(error), staleTime: 10_000 },
    },
  });
  return queryClient;
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

/** `onSessionEnded`: the server closed the live socket because this session ended elsewhere. */
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
