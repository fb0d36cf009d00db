/**
 * Every name the app keeps something under in this browser. They carry the app's name, which changed
 * from Golfkortet to Hullvis (decision 0022): what a browser kept under the old names is carried over
 * once (./carry-over.ts for the two storages, ./store.ts for IndexedDB) and wiped with the rest
 * (./last-user.ts), so a score typed offline before the change is still sent after it.
 */
export const STORAGE_KEYS = {
  /** localStorage: the user last signed in here (./last-user.ts). */
  lastUser: 'hullvis.sist-innlogget',
  /** localStorage: the language chosen while signed out. */
  language: 'hullvis.language',
  /** localStorage: the scorecard moves to the next hole by itself. */
  autoAdvance: 'hullvis.autoAdvance',
  /** sessionStorage: a sign-in waiting for its second factor (../session/pending-store.ts). */
  pendingStage: 'hullvis.pendingStage',
  /** sessionStorage: the sign-in link just sent, for the code field. */
  linkSent: 'hullvis.linkSent',
  /** sessionStorage: the round wizard's draft (its course, date and players). */
  roundWizard: 'hullvis.roundWizard',
} as const;

/** The IndexedDB database of ./store.ts: rounds, saved answers and outboxes, per user. */
export const OFFLINE_DATABASE = 'hullvis';

/** The names before decision 0022. */
export const OLD_OFFLINE_DATABASE = 'golfkortet';
export const oldKeyOf = (key: string) => key.replace(/^hullvis\./, 'golfkortet.');

export const LOCAL_KEYS = [STORAGE_KEYS.lastUser, STORAGE_KEYS.language, STORAGE_KEYS.autoAdvance] as const;
export const SESSION_KEYS = [STORAGE_KEYS.pendingStage, STORAGE_KEYS.linkSent, STORAGE_KEYS.roundWizard] as const;
