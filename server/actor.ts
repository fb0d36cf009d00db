import type { UserRow } from './auth/users';

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
}
