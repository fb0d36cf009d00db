/**
 * Reads of the same thing, shared while the first of them is still waiting for a connection (decision 0705).
 * `read` calls `started()` once it holds a connection, just before it sends its statement: from then on a
 * new caller reads for itself. A caller that joins a read therefore arrived before that read's statement was
 * sent, so the answer it gets is as fresh as a read of its own would have been (PostgreSQL takes a
 * statement's snapshot when the statement starts). That is what makes it safe for access checks: nothing
 * committed before a caller arrived can be missing from the answer it is given.
 *
 * When a dead instance's sockets resume here together, a thousand spectators of one tournament ask the same
 * question while the pool is busy; they then cost one read instead of a thousand.
 */
export type SharedUntilStarted<T> = (key: string, read: (started: () => void) => Promise<T>) => Promise<T>;

export function shareUntilStarted<T>(): SharedUntilStarted<T> {
  const waiting = new Map<string, Promise<T>>();
  return (key, read) => {
    const joined = waiting.get(key);
    if (joined) return joined;
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      waiting.delete(key);
    };
    const result = read(close);
    // A read that started at once (no wait for a connection) is never shared.
    if (open) {
      waiting.set(key, result);
      result.then(close, close);
    }
    return result;
  };
}
