import type { UserRow } from './auth/users';
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
