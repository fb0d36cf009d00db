import { desc, eq } from 'drizzle-orm';
import type { LeaderboardView } from '../../shared/schemas/tournaments';
import type { Queryable } from '../db/client';
import { tournamentEvent } from '../db/schema';
import { AppError } from '../errors';
import { computeLeaderboard, type LeaderboardDivision } from '../golf/leaderboard';
import type { TournamentRow } from './access';
import { cached } from './cache';
import { loadLeaderboardInput } from './leaderboard-input';

/** The tournament's newest event: the leaderboard's version, and when it last changed. */
export interface LatestEvent {
  id: number;
  createdAt: string;
}

export async function latestEvent(db: Queryable, tournamentId: string): Promise<LatestEvent | null> {
  const [row] = await db
    .select({ id: tournamentEvent.id, createdAt: tournamentEvent.createdAt })
    .from(tournamentEvent)
    .where(eq(tournamentEvent.tournamentId, tournamentId))
    .orderBy(desc(tournamentEvent.id))
    .limit(1);
  return row ? { id: Number(row.id), createdAt: row.createdAt.toISOString() } : null;
}

/** The leaderboard of every division as it stands in `db` now. */
export async function computeDivisions(db: Queryable, row: TournamentRow): Promise<LeaderboardDivision[]> {
  return computeLeaderboard(await loadLeaderboardInput(db, row));
}

/**
 * The leaderboard of every division, computed once per process for each event id (server/tournaments/
 * cache.ts): a thousand readers of one tournament between two scores cost one computation.
 */
export function cachedDivisions(
  db: Queryable,
  row: TournamentRow,
  latest: LatestEvent | null,
): Promise<LeaderboardDivision[]> {
  return cached(`leaderboard:${row.id}`, `${latest?.id ?? 0}:${row.updatedAt.getTime()}`, () =>
    computeDivisions(db, row),
  );
}

/** Leaderboard (docs/contract.md section 9) from computed divisions; `division` keeps one (404 for another id). */
export function shapeLeaderboard(
  divisions: readonly LeaderboardDivision[],
  updatedAt: string,
  division?: string,
): LeaderboardView {
  const kept = division === undefined ? divisions : divisions.filter((d) => d.id === division);
  if (kept.length === 0 && division !== undefined)
    throw new AppError('NOT_FOUND', { key: 'errors.tournaments.divisionNotFound' });
  return { divisions: kept.map((d) => ({ id: d.id, name: d.name, rows: d.rows })), updatedAt };
}

/**
 * The tournament's leaderboard as a reader sees it, on `db` as given (the caller has checked access).
 * `updatedAt` is when the newest change was written (the tournament's own update before any change).
 */
export async function leaderboardView(
  db: Queryable,
  row: TournamentRow,
  options: { division?: string | undefined; latest?: LatestEvent | null } = {},
): Promise<LeaderboardView> {
  const latest = options.latest !== undefined ? options.latest : await latestEvent(db, row.id);
  const divisions = await cachedDivisions(db, row, latest);
  return shapeLeaderboard(divisions, latest?.createdAt ?? row.updatedAt.toISOString(), options.division);
}
