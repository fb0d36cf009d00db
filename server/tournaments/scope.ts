import type { OrgScope } from '../organizations/scope';
import type { Deps } from '../deps';
import { appendTournamentEvent, publishTournamentEvent, type TournamentChange } from './events';
import { isAdminRole } from '../organizations/roles';

/**
 * What a tournament procedure runs in is an organization procedure's scope: the organization's tenancy
 * transaction (opened by orgMemberProcedure after the membership check), who acts with which role, and the
 * hook for news after the commit.
 */
export type TournamentScope = OrgScope;

export function isOrganizer(scope: Pick<TournamentScope, 'actorRole'>): boolean {
  return isAdminRole(scope.actorRole);
}

/**
 * Every change that can move a start list or a leaderboard is logged in its own transaction and announced
 * only after the commit (events.ts).
 */
export async function recordChange(
  deps: Pick<Deps, 'bus'>,
  scope: TournamentScope,
  t: { id: string; organizationId: string },
  change: TournamentChange,
): Promise<void> {
  const eventId = await appendTournamentEvent(scope.tx, t, change);
  scope.afterCommit(() => publishTournamentEvent(deps, t.id, eventId));
}
