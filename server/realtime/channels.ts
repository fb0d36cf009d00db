import type { Deps } from '../deps';

/**
 * Bus channels that carry no data to clients, only the news that access may have changed. Whoever
 * changes who may see what announces it after the change is committed; the live layer then checks again.
 */
export const SESSIONS_CHANNEL = 'sessions';

export function accessChannel(userId: string): string {
  return `access:${userId}`;
}

/** A user's sessions ended (logout, sign out everywhere, a new password, deletion): their sockets close. */
export function announceSessionsEnded(deps: Pick<Deps, 'bus'>, userId: string): void {
  deps.bus.publish(SESSIONS_CHANNEL, { userId });
  deps.bus.publish(accessChannel(userId), { userId });
}

/** A user lost (or may have lost) access to something: their live subscriptions check their access again. */
export function announceAccessChanged(deps: Pick<Deps, 'bus'>, userId: string): void {
  deps.bus.publish(accessChannel(userId), { userId });
}
