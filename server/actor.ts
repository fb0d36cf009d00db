import type { UserRow } from './auth/users';
import type { CookieJar, Session } from './auth/sessions';
import type { Language } from '../shared/values';

/**
 * Who calls a signed-in user's procedure (decision 0014): built once by `userProcedure` as `ctx.actor` and
 * handed to the domain function in the second place, `(deps, actor, input)`. A function declares only what
 * it reads (`Pick<Actor, 'userId'>`). In an organization procedure the `OrgScope` takes this place.
 */
export interface Actor {
  userId: string;
  /** The client's address, for the audit log. */
  ip: string;
  user: UserRow;
  /** The language the caller reads (decision 0020): the account's choice, else the request's. */
  language?: Language;
}

/**
 * Who calls a procedure that works on the session itself (the second factor, its enrolment and removal,
 * the account's deletion): the session of whatever stage the builder admits, and the cookie jar through
 * which the call replaces or clears it. Built once by the session builders as `ctx.holder` and handed over
 * in the actor's place, `(deps, holder, input)`.
 */
export interface SessionHolder {
  session: Session;
  jar: CookieJar;
  /** The client's address, for the audit log and the attempt limits. */
  ip: string;
  language?: Language;
}

/**
 * Who reads a public page (decision 0026): anyone, and a signed-in reader also sees their organizations'
 * members-only tournaments. Built by `optionalUserProcedure` as `ctx.viewer`, in the actor's place.
 */
export interface Viewer {
  userId: string | null;
  /** The language the reader reads (the account's choice, else the request's): for a file the server words. */
  language?: Language;
}

/**
 * Who calls a public sign-in procedure: nobody known yet, only the request's address and language and the
 * cookie jar a session will be set through. `visitorOf(ctx)` (server/trpc/context.ts) makes it.
 */
export interface Visitor {
  jar: CookieJar;
  ip: string;
  language?: Language;
}
