import type { WebSocket } from 'ws';

/**
 * How many subscriptions one WebSocket may hold at once. The app holds one or two (a round, later a chat and
 * a leaderboard); without a bound, one message of a few hundred subscription requests (tRPC takes an array
 * per message) would each run an access check, a snapshot and a live stream, and a socket could hold them
 * without end.
 */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 20;

const held = new WeakMap<WebSocket, number>();

/** Takes one of the socket's subscriptions, or returns false when it holds its maximum already. */
export function takeSubscription(socket: WebSocket): boolean {
  const count = held.get(socket) ?? 0;
  if (count >= MAX_SUBSCRIPTIONS_PER_SOCKET) return false;
  held.set(socket, count + 1);
  return true;
}

/** Gives one subscription back (one that was refused further on, or whose stream ended). */
export function giveBackSubscription(socket: WebSocket): void {
  held.set(socket, Math.max(0, (held.get(socket) ?? 1) - 1));
}

/**
 * The stream, giving its subscription back to the socket when it ends: done, failed, or stopped by its
 * client or the socket's close. A wrapper iterator rather than a generator: tRPC may stop a stream before
 * its first value, and a generator that never started runs no `finally`.
 */
export function givenBackWhenDone<T>(socket: WebSocket, stream: AsyncIterable<T>): AsyncIterable<T> {
  let given = false;
  const giveBack = () => {
    if (given) return;
    given = true;
    giveBackSubscription(socket);
  };
  return {
    [Symbol.asyncIterator]() {
      const inner = stream[Symbol.asyncIterator]();
      return {
        async next() {
          try {
            const step = await inner.next();
            if (step.done) giveBack();
            return step;
          } catch (error) {
            giveBack();
            throw error;
          }
        },
        async return(value?: unknown) {
          giveBack();
          return (await inner.return?.(value)) ?? { done: true, value: undefined };
        },
      };
    },
  };
}
