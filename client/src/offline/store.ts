import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import type { RoundView } from '../../../shared/schemas/rounds';
import type { PendingScores } from '../features/scorecard/pending-scores';
import type { OutboxStore } from '../features/scorecard/score-sender';
import { httpStatusOf } from '../lib/api-error';
import { lastUser } from './last-user';
import { OFFLINE_DATABASE, OLD_OFFLINE_DATABASE } from './storage-names';

/**
 * What the app keeps in IndexedDB for playing without network (docs/app.md, "Offline"), keyed by user: the
 * last RoundView of every round the user has opened; the last answers a tournament scorecard needs (the
 * tournament and its cards, in `views` by a name of their own); and each scorecard's outbox of scores not
 * yet confirmed by the server. Loaded with the scorecards only, never by the sign-in page.
 */
const ROUNDS = 'rounds';
const OUTBOXES = 'outboxes';
const VIEWS = 'views';

let opened: Promise<IDBPDatabase> | null = null;

function database(): Promise<IDBPDatabase> {
  opened ??= openDatabase();
  return opened;
}

async function openDatabase(): Promise<IDBPDatabase> {
  const db = await openDB(OFFLINE_DATABASE, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore(ROUNDS);
        db.createObjectStore(OUTBOXES);
      }
      // Version 2: the tournament scorecard's answers; a browser holding version 1 keeps its rounds.
      if (oldVersion < 2) db.createObjectStore(VIEWS);
    },
    // A wipe (sign-out, account deletion) in this or another tab wants the database gone: let it.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
    terminated() {
      opened = null;
    },
  });
  await carryOverOldDatabase(db);
  return db;
}

/**
 * What the app kept under its old name (decision 0022) moves into the database, once: the rounds, saved
 * answers and unsent scores of a phone that last ran the app before its rename, so those scores are still
 * sent. An entry kept under both names is the new one's. The old database is deleted afterwards.
 */
async function carryOverOldDatabase(db: IDBPDatabase): Promise<void> {
  const existing = (await indexedDB.databases?.()) ?? [];
  if (!existing.some((d) => d.name === OLD_OFFLINE_DATABASE)) return;
  const old = await openDB(OLD_OFFLINE_DATABASE);
  for (const store of [ROUNDS, OUTBOXES, VIEWS]) {
    if (!old.objectStoreNames.contains(store)) continue;
    const keys = await old.getAllKeys(store);
    const values = await old.getAll(store);
    const tx = db.transaction(store, 'readwrite');
    for (const [i, key] of keys.entries()) {
      if ((await tx.store.getKey(key)) === undefined) await tx.store.put(values[i], key);
    }
    await tx.done;
  }
  old.close();
  await deleteDB(OLD_OFFLINE_DATABASE);
}

const keyOf = (userId: string, name: string) => [userId, name];

/**
 * Whether `userId` is the user remembered as signed in here: nothing is written for anyone else. A write
 * still on its way when the user was forgotten (../session/forget-user.ts) would otherwise make the
 * database again, after the wipe, with the data of someone who has left.
 */
function mayKeep(userId: string): boolean {
  return userId !== '' && lastUser<{ id: string }>()?.id === userId;
}

export async function saveRound(userId: string, view: RoundView): Promise<void> {
  if (!mayKeep(userId)) return;
  await (await database()).put(ROUNDS, view, keyOf(userId, view.id));
}

export async function savedRound(userId: string, roundId: string): Promise<RoundView | undefined> {
  return (await database()).get(ROUNDS, keyOf(userId, roundId));
}

/** A query's last answer, under a name of the caller's (SAVED_NAMES). */
export async function saveView(userId: string, name: string, view: unknown): Promise<void> {
  if (!mayKeep(userId)) return;
  await (await database()).put(VIEWS, view, keyOf(userId, name));
}

export async function savedView<T>(userId: string, name: string): Promise<T | undefined> {
  return (await database()).get(VIEWS, keyOf(userId, name));
}

/** The names a tournament scorecard keeps its answers and its outbox under (a round's are its id). */
export const SAVED_NAMES = {
  tournament: (tournamentId: string) => `tournament:${tournamentId}`,
  tournamentCards: (tournamentId: string, round: number) => `tournament-cards:${tournamentId}:${round}`,
  tournamentOutbox: (tournamentId: string, round: number) => `tournament-outbox:${tournamentId}:${round}`,
};

/**
 * The answer of `fetch`, or when the server gives no answer at all (offline) the copy saved the last time
 * it answered; a refusal (an HTTP status) is never covered up by an old copy.
 */
export async function answerOrSaved<T>(fetch: () => Promise<T>, saved: () => Promise<T | undefined>): Promise<T> {
  try {
    return await fetch();
  } catch (error) {
    const copy = httpStatusOf(error) === undefined ? await saved().catch(() => undefined) : undefined;
    if (copy) return copy;
    throw error;
  }
}

/** The outbox of one user's scorecard (a round's id, or a tournament round's outbox name), for the sender. */
export function outboxStore(userId: string, name: string): OutboxStore {
  const key = keyOf(userId, name);
  return {
    load: async () => ((await (await database()).get(OUTBOXES, key)) as PendingScores | undefined) ?? {},
    save: (pending) => {
      if (!mayKeep(userId)) return;
      // Writes are queued in call order (one connection, one transaction each), so the last one stands.
      void database()
        .then(async (db) => {
          if (Object.keys(pending).length === 0) await db.delete(OUTBOXES, key);
          else await db.put(OUTBOXES, pending, key);
        })
        .catch(() => undefined);
    },
  };
}
