import { LOCAL_KEYS, oldKeyOf, SESSION_KEYS } from './storage-names';

/**
 * What this browser kept under the app's old name moves to the new names (decision 0022), before any
 * module reads them: main.tsx imports this module first, and its work is done as it loads, since other
 * modules read their storage as they load (the pending sign-in stage, the remembered user). A value kept
 * under both names is the new one's.
 */
function carryOver(storage: Storage, keys: readonly string[]): void {
  for (const key of keys) {
    const old = storage.getItem(oldKeyOf(key));
    if (old === null) continue;
    if (storage.getItem(key) === null) storage.setItem(key, old);
    storage.removeItem(oldKeyOf(key));
  }
}

try {
  carryOver(window.localStorage, LOCAL_KEYS);
  carryOver(window.sessionStorage, SESSION_KEYS);
} catch {
  // Storage refused (private mode): there is nothing kept to carry.
}
