import type { LeaderboardRowView, LeaderboardUpdate, LeaderboardView } from '../../../../shared/schemas/tournaments';

/** The numeric part of a position: "T2" → 2. Unknown shapes go last. */
export function positionNumber(position: string): number {
  const n = Number.parseInt(position.replace(/^T/, ''), 10);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}

/** Rows in leaderboard order: by position; equal positions keep the order they had (the server's). */
function ordered(rows: LeaderboardRowView[]): LeaderboardRowView[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => positionNumber(a.row.position) - positionNumber(b.row.position) || a.i - b.i)
    .map((x) => x.row);
}

/**
 * The leaderboard after a live event (tournaments.onLeaderboard): a snapshot replaces it; `rows` replace the
 * row of their entry in their division (or join it), `removed` leaves it. Undefined before anything is known.
 * A division the board does not know yet (added meanwhile) is added with its id as its name until the next
 * snapshot or page load names it.
 */
export function applyLeaderboardUpdate(
  current: LeaderboardView | undefined,
  update: LeaderboardUpdate,
): LeaderboardView | undefined {
  if (update.kind === 'snapshot') return update.leaderboard;
  if (!current) return current;
  const removed = new Set((update.removed ?? []).map((r) => `${r.divisionId}/${r.entryId}`));
  const divisions = current.divisions.map((d) => ({
    ...d,
    rows: d.rows.filter((r) => !removed.has(`${d.id}/${r.entryId}`)),
  }));
  for (const { divisionId, ...row } of update.rows) {
    let division = divisions.find((d) => d.id === divisionId);
    if (!division) {
      division = { id: divisionId, name: divisionId, rows: [] };
      divisions.push(division);
    }
    const at = division.rows.findIndex((r) => r.entryId === row.entryId);
    if (at >= 0) division.rows[at] = row;
    else division.rows.push(row);
  }
  return { divisions: divisions.map((d) => ({ ...d, rows: ordered(d.rows) })), updatedAt: update.updatedAt };
}
