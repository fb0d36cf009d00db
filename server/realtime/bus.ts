import { EventEmitter } from 'node:events';

/**
 * Publish/subscribe for live updates. Subscribers get events published after they subscribed; anything
 * earlier is back-filled from the database by the subscription itself (tracked ids), so a lost message is
 * never a lost update. In one process the bus is this in-process one; with DATABASE_URL it crosses server
 * instances over PostgreSQL LISTEN/NOTIFY (realtime/postgres-bus.ts).
 */
export interface EventBus {
  publish(channel: string, payload: unknown): void;
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
  /**
   * Called when messages may have been lost (a cross-instance bus reconnected): whoever keeps state fed by
   * the bus reads it again from the database. Returns `stop`.
   */
  onResync(listener: () => void): () => void;
  /** Stops delivering and lets go of what the bus holds (connections, listeners). */
  close(): Promise<void>;
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  // A round with a thousand spectators is normal: there is no leak to warn about.
  emitter.setMaxListeners(0);
  return {
    publish: (channel, payload) => emitter.emit(channel, payload),
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    // Nothing is lost between publish and delivery inside one process: there is never a reason to resync.
    onResync: () => () => {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}
