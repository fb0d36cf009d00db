import { closeAllSenders } from './senders';

/**
 * The last user the server said was signed in on this browser, so that the app opened without network
 * (the round being played, after a reload) is not sent to the sign-in screen: it is shown as that user
 * until the server answers otherwise. Written on every answer of the session check and every completed
 * sign-in, and removed with everything else by `wipeOfflineData`, which ../session/forget-user.ts calls
 * whenever the app learns that this user is gone. Kept in the main chunk: it is read before any screen is
 * chosen.
 */
export const LAST_USER_KEY = 'golfkortet.sist-innlogget';
/** The IndexedDB database of ./store.ts (rounds and outboxes, per user), deleted whole by a wipe. */
export const OFFLINE_DATABASE = 'golfkortet';
/** The round wizard's draft in sessionStorage (its course, date and players): a user's too. */
export const ROUND_WIZARD_KEY = 'golfkortet.roundWizard';

export function lastUser<U>(): U | null {
  try {
    const saved = localStorage.getItem(LAST_USER_KEY);
    return saved ? (JSON.parse(saved) as U) : null;
  } catch {
    return null;
  }
}

/**
 * Remembers who is signed in (null: nobody). Only ever the user the app already holds data for, or someone
 * after a wipe: the comparison with the one before is ../session/forget-user.ts's.
 */
export function rememberUser<U extends { id: string }>(user: U | null): void {
  try {
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Storage refused (private mode, full): the app still works, only not offline.
  }
}

let lastWipe: Promise<void> = Promise.resolve();

/**
 * Everything private the app keeps in this browser: the remembered user, the saved rounds and the unsent
 * scores, a round wizard's draft, and the senders still at work on them (./senders.ts). Resolves once the database is gone (a tab
 * of the app that holds it open closes it when asked: ./store.ts).
 */
export function wipeOfflineData(): Promise<void> {
  closeAllSenders();
  try {
    localStorage.removeItem(LAST_USER_KEY);
    sessionStorage.removeItem(ROUND_WIZARD_KEY);
  } catch {
    // nothing stored
  }
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  lastWipe = new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(OFFLINE_DATABASE);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
  return lastWipe;
}

/** Resolves once the latest wipe has finished: no user is shown while the one before is still on disk. */
export function wipeFinished(): Promise<void> {
  return lastWipe;
}
