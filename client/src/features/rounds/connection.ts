/** A live subscription's state as the scorecards show it (round and tournament alike). */
export type Connection = 'connecting' | 'live' | 'offline';

export const CONNECTION_TEXT: Record<Connection, string> = {
  live: 'Direkte',
  connecting: 'Kobler til …',
  offline: 'Frakoblet – prøver igjen',
};

/**
 * From @trpc/tanstack-react-query's useSubscription status: `pending` is a running subscription (data may
 * come), `error` a lost one (the client retries), anything else (idle, connecting) not yet live.
 */
export function connectionOf(status: string): Connection {
  return status === 'pending' ? 'live' : status === 'error' ? 'offline' : 'connecting';
}
