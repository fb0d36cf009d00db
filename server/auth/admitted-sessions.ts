import type { Database } from '../db/client';
import type { Role } from '../../shared/values';
import type { UserRow } from './users';
import { sha256 } from './tokens';

/** What an organization read last found for a token in an organization: the user as read, and their role. */
export interface Admission {
  user: UserRow;
  role: Role;
}

/** Enough for every session of a busy instance; beyond it the oldest guesses are forgotten (and cost a round trip). */
const MAX_ADMISSIONS = 10_000;

/**
 * The last admission of each token to each organization, per database. It is only ever a guess: it lets an
 * organization read start its work before this request's own session check has answered (the one-flight read,
 * trpc/init.ts), and that check, sent in the same flight, decides. A guess that no longer matches (a revoked
 * token, a membership ended or changed, the user's row changed) is dropped and the read runs again from the
 * fresh answer. Keyed by the token's hash, never the token.
 */
const admissions = new WeakMap<Database, Map<string, Admission>>();

function keyOf(token: string, organizationId: string): string {
  return `${sha256(token)} ${organizationId}`;
}

function tableOf(db: Database): Map<string, Admission> {
  let table = admissions.get(db);
  if (!table) {
    table = new Map();
    admissions.set(db, table);
  }
  return table;
}

export function guessedAdmission(db: Database, token: string, organizationId: string): Admission | undefined {
  return admissions.get(db)?.get(keyOf(token, organizationId));
}

export function rememberAdmission(db: Database, token: string, organizationId: string, admission: Admission): void {
  const table = tableOf(db);
  const key = keyOf(token, organizationId);
  table.delete(key);
  if (table.size >= MAX_ADMISSIONS) table.delete(table.keys().next().value!);
  table.set(key, admission);
}

export function forgetAdmission(db: Database, token: string, organizationId: string): void {
  admissions.get(db)?.delete(keyOf(token, organizationId));
}

/** Whether what the check read is what the guess assumed: the same role and the same user row, field by field. */
export function admissionHolds(guess: Admission, role: Role, user: UserRow): boolean {
  return guess.role === role && JSON.stringify(guess.user) === JSON.stringify(user);
}
