import { closeAllSenders } from './senders';

/**
 * The last user the server said was signed in on this browser, so that the app opened without network
 * (the round being played, after a reload) is not sent to the sign-in screen: it is shown as that user
 * until the server answers otherwise. Written on every answer of auth.me and every completed sign-in,
 * removed when the server says nobody is signed in, and with everything else by `wipeOfflineData`.
 * Kept in the main chunk: it is read before any screen is chosen.
 */
export const LAST_USER_KEY = 'golfkortet.sist-innlogget';
/** The IndexedDB database of ./store.ts (rounds and outboxes, per user), deleted whole by a wipe. */
export const OFFLINE_DATABASE = 'golfkortet';

export function lastUser<U>(): U | null {
  try {
    const saved = localStorage.getItem(LAST_USER_KEY);
    return saved ? (JSON.parse(saved) as U) : null;
  } catch {
    return null;
  }
}

/**
 * Remembers who is signed in (null: nobody). Another user than the one before: the data the app kept for
 * the earlier one goes, so no one signed in here reads another's rounds from this browser.
 */
export function rememberUser<U extends { id: string }>(user: U | null): void {
  try {
    const before = lastUser<U>();
    if (user && before && before.id !== user.id) void wipeOfflineData();
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Storage refused (private mode, full): the app still works, only not offline.
  }
}

/**
 * Everything private the app keeps in this browser: the remembered user, the saved rounds and the unsent
 * scores, and the senders still at work on them (./senders.ts). On sign-out and account deletion. Resolves once the database is gone (a tab of the app that
 * holds it open closes it when asked: ./store.ts).
 */
export function wipeOfflineData(): Promise<void> {
  closeAllSenders();
  try {
    localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // nothing stored
  }
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(OFFLINE_DATABASE);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
}
