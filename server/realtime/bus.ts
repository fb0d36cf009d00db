import { EventEmitter } from 'node:events';

/**
 * In-process publish/subscribe for live updates. Subscribers get events published after they subscribed;
 * anything earlier is back-filled from the database by the subscription itself (tracked ids), so a lost
 * in-memory event is never a lost update.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): void;
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
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
  };
}
