import { closeAllSenders } from './senders';
import { LOCAL_KEYS, OFFLINE_DATABASE, OLD_OFFLINE_DATABASE, oldKeyOf, STORAGE_KEYS } from './storage-names';

/**
 * The last user the server said was signed in on this browser, so that the app opened without network
 * (the round being played, after a reload) is not sent to the sign-in screen: it is shown as that user
 * until the server answers otherwise. Written on every answer of the session check and every completed
 * sign-in, and removed with everything else by `wipeOfflineData`, which ../session/forget-user.ts calls
 * whenever the app learns that this user is gone. Kept in the main chunk: it is read before any screen is
 * chosen.
 */
const LAST_USER_KEY = STORAGE_KEYS.lastUser;

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
    sessionStorage.removeItem(STORAGE_KEYS.roundWizard);
    // A browser that has not opened a scorecard since the app's rename still holds the old names.
    for (const key of [...LOCAL_KEYS, STORAGE_KEYS.roundWizard]) {
      localStorage.removeItem(oldKeyOf(key));
      sessionStorage.removeItem(oldKeyOf(key));
    }
  } catch {
    // nothing stored
  }
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  const deleted = (name: string) =>
    new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
    });
  lastWipe = Promise.all([deleted(OFFLINE_DATABASE), deleted(OLD_OFFLINE_DATABASE)]).then(() => undefined);
  return lastWipe;
}

/** Resolves once the latest wipe has finished: no user is shown while the one before is still on disk. */
export function wipeFinished(): Promise<void> {
  return lastWipe;
}
