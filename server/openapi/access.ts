import type { AnyProcedure } from '@trpc/server';
import type { Route } from '../rest/table';
import {
  anySessionProcedure,
  enrollingProcedure,
  optionalUserProcedure,
  orgAdminProcedure,
  orgMemberProcedure,
  pendingProcedure,
  publicProcedure,
  superAdminProcedure,
  userProcedure,
} from '../trpc/init';

/** The access levels of server/trpc/init.ts, one per procedure builder. */
export type AccessLevel =
  | 'public'
  | 'optional-user'
  | 'user'
  | 'pending'
  | 'enrolling'
  | 'any-session'
  | 'super-admin'
  | 'org-member'
  | 'org-admin';

const BUILDERS: readonly (readonly [AccessLevel, { _def: { middlewares: readonly unknown[] } }])[] = [
  ['public', publicProcedure],
  ['optional-user', optionalUserProcedure],
  ['user', userProcedure],
  ['pending', pendingProcedure],
  ['enrolling', enrollingProcedure],
  ['any-session', anySessionProcedure],
  ['super-admin', superAdminProcedure],
  ['org-member', orgMemberProcedure],
  ['org-admin', orgAdminProcedure],
];

function middlewaresOf(procedure: AnyProcedure): readonly unknown[] {
  // tRPC keeps the middleware chain on the definition at run time; the procedure's type does not list it.
  const def: object = procedure._def;
  return 'middlewares' in def && Array.isArray(def.middlewares) ? def.middlewares : [];
}

/**
 * The access level a procedure was built with, read from the procedure itself rather than written beside
 * it: each builder's middlewares are the first ones of every procedure built on it (tRPC appends, and keeps
 * the same functions), so the builder with the longest chain that starts the procedure's chain is its own
 * (orgAdminProcedure's chain starts with orgMemberProcedure's, and so on down to publicProcedure's).
 */
export function accessLevelOf(procedure: AnyProcedure): AccessLevel {
  const chain = middlewaresOf(procedure);
  let found: AccessLevel = 'public';
  let longest = -1;
  for (const [level, builder] of BUILDERS) {
    const own = builder._def.middlewares;
    if (own.length > longest && own.length <= chain.length && own.every((m, i) => chain[i] === m)) {
      found = level;
      longest = own.length;
    }
  }
  return found;
}

/** The row's access: its procedure's, except where the procedure checks the session itself (auth.logout). */
export function accessOfRow(row: Route, procedure: AnyProcedure): AccessLevel {
  const level = accessLevelOf(procedure);
  return row.needsSession && level === 'public' ? 'any-session' : level;
}

/** Whether a path of this level answers 401 NOT_AUTHENTICATED without a session. */
export function needsSession(level: AccessLevel): boolean {
  return level !== 'public' && level !== 'optional-user';
}

/** The operation's `security`: the session cookie, optional (`{}` first: none at all is fine) or none. */
export function securityOf(level: AccessLevel): Record<string, string[]>[] {
  if (level === 'public') return [];
  if (level === 'optional-user') return [{}, { session: [] }];
  return [{ session: [] }];
}

/** One English sentence for the operation's description: who may call it. */
export const ACCESS_TEXT: Readonly<Record<AccessLevel, string>> = {
  public: 'No session needed.',
  'optional-user':
    'A session is optional: without one the answer is what anyone may see; with a signed-in one it also covers what the user may see as a member.',
  user: 'Needs a signed-in session: the session cookie of a completed sign-in (stage `full`).',
  pending:
    'Needs the session of a sign-in that waits for its second factor (stage `pending_2fa` or `must_enroll_2fa`); a completed session is refused with 401.',
  enrolling:
    'Needs a session of stage `full` (turning two-factor on from the settings) or `must_enroll_2fa` (the enrolment an owner or admin must complete).',
  'any-session': 'Needs a session of any stage.',
  'super-admin': 'Needs a signed-in session of a super administrator.',
  'org-member': 'Needs a signed-in session of a member of the organization.',
  'org-admin': 'Needs a signed-in session of an owner or admin of the organization.',
};
