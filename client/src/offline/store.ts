import { openDB, type IDBPDatabase } from 'idb';
import type { RoundView } from '../../../shared/schemas/rounds';
import type { PendingScores } from '../features/rounds/pending-scores';
import type { OutboxStore } from '../features/rounds/score-sender';
import { OFFLINE_DATABASE } from './last-user';

/**
 * What the app keeps in IndexedDB for playing without network (docs/app.md, "Offline"), keyed by user and
 * round: the last RoundView of every round the user has opened, and the round's outbox of scores not yet
 * confirmed by the server. Loaded with the round screen only, never by the sign-in page.
 */
const ROUNDS = 'rounds';
const OUTBOXES = 'outboxes';

let opened: Promise<IDBPDatabase> | null = null;

function database(): Promise<IDBPDatabase> {
  opened ??= openDB(OFFLINE_DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(ROUNDS);
      db.createObjectStore(OUTBOXES);
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
  return opened;
}

const keyOf = (userId: string, roundId: string) => [userId, roundId];

export async function saveRound(userId: string, view: RoundView): Promise<void> {
  await (await database()).put(ROUNDS, view, keyOf(userId, view.id));
}

export async function savedRound(userId: string, roundId: string): Promise<RoundView | undefined> {
  return (await database()).get(ROUNDS, keyOf(userId, roundId));
}

/** The outbox of one user's round, for the score sender. */
export function outboxStore(userId: string, roundId: string): OutboxStore {
  const key = keyOf(userId, roundId);
  return {
    load: async () => ((await (await database()).get(OUTBOXES, key)) as PendingScores | undefined) ?? {},
    save: (pending) => {
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
