import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/trpc/router';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function webSocketUrl(): string {
  const url = new URL('/trpc', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
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
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createApiClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        // The socket opens on the first subscription and closes when none is left, so the sign-in
        // screen never holds a connection.
        true: wsLink({ client: createWSClient({ url: webSocketUrl, lazy: { enabled: true, closeMs: 10_000 } }) }),
        false: httpBatchLink({ url: '/trpc' }),
      }),
    ],
  });
}
