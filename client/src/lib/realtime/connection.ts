/** A live subscription's state as the scorecards show it (round and tournament alike); its words are `connection.*`. */
export type Connection = 'connecting' | 'live' | 'offline';

/**
 * From @trpc/react-query's useSubscription status: `pending` is a running subscription (data may
 * come), `error` a lost one (the client retries), anything else (idle, connecting) not yet live.
 */
export function connectionOf(status: string): Connection {
  return status === 'pending' ? 'live' : status === 'error' ? 'offline' : 'connecting';
}
