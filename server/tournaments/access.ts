import type { ErrorKey } from '../../shared/errors';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { tournament } from '../db/schema';
import { AppError } from '../errors';
import type { OrgScope } from '../organizations/scope';
import type { TournamentStatus } from '../../shared/values';

export type TournamentRow = typeof tournament.$inferSelect;

/**
 * The organization's tournament, inside its tenancy transaction: 404 NOT_FOUND for an id of another
 * organization as for one that does not exist (the policy hides it too; the filter here is the domain's own).
 * `lock` takes the tournament's row lock: status moves, entries against the limit, start lists and scores
 * of one tournament happen one at a time where they must.
 */
export async function tournamentIn(
  tx: Queryable,
  input: { organizationId: string; tournamentId: string },
  options: { lock?: boolean } = {},
): Promise<TournamentRow> {
  const query = tx
    .select()
    .from(tournament)
    .where(and(eq(tournament.id, input.tournamentId), eq(tournament.organizationId, input.organizationId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', { key: 'errors.tournaments.notFound' });
  return row;
}

/** The scope's tournament: tournamentIn on the scope's transaction, for the scope's organization. */
export function requireTournamentRow(
  scope: Pick<OrgScope, 'tx' | 'organizationId'>,
  tournamentId: string,
  options: { lock?: boolean } = {},
): Promise<TournamentRow> {
  return tournamentIn(scope.tx, { organizationId: scope.organizationId, tournamentId }, options);
}

/** 409 CONFLICT unless the tournament is in one of `allowed`, with the key of the text that says why. */
export function assertStatus(row: TournamentRow, allowed: readonly TournamentStatus[], key: ErrorKey): void {
  if (!allowed.includes(row.status)) throw new AppError('CONFLICT', { key });
}
