import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tournament, tournamentDivision, tournamentEntry } from '../../server/db/schema';
import { withTenant } from '../../server/db/tenancy';
import { computeLeaderboard } from '../../server/golf/leaderboard';
import type { TournamentRow } from '../../server/tournaments/access';
import { loadLeaderboardInput } from '../../server/tournaments/leaderboard-input';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createTournamentFixture, writeScores } from '../helpers/tournaments';

/** loadLeaderboardInput: computeLeaderboard's input from the tables, for the results file and the public pages. */

const setups = await Promise.all(
  databaseKinds().map(async (kind) => ({ kind, deps: await createTestDeps({ db: kind }) })),
);

async function rowOf(deps: TestDeps, id: string): Promise<TournamentRow> {
  const [row] = await deps.db.select().from(tournament).where(eq(tournament.id, id));
  return row!;
}

describe.each(setups)('loadLeaderboardInput on $kind', ({ deps }) => {
  it('reads the course’s holes, the rounds, the divisions in order, and each entry’s handicap and scores in place', async () => {
    const f = await createTournamentFixture(deps.db, { format: 'stableford', rounds: 2, players: 3 });
    const [first] = await deps.db.select().from(tournamentDivision).where(eq(tournamentDivision.id, f.divisionId));
    const [second] = await deps.db
      .insert(tournamentDivision)
      .values({
        tournamentId: f.tournamentId,
        organizationId: f.organizationId,
        name: 'Damer',
        teeId: first!.teeId,
        position: 1,
      })
      .returning();
    await deps.db
      .update(tournamentEntry)
      .set({ divisionId: second!.id })
      .where(eq(tournamentEntry.id, f.players[2]!.entryId));
    await writeScores(deps.db, f, f.players[0]!.entryId, 1, [4, 5, null, 3]);
    await writeScores(deps.db, f, f.players[0]!.entryId, 2, [...Array(17).fill(null), 6]);

    const row = await rowOf(deps, f.tournamentId);
    const input = await withTenant(deps.db, f.organizationId, (tx) => loadLeaderboardInput(tx, row));
    expect(input.format).toBe('stableford');
    expect(input.roundCount).toBe(2);
    expect(input.holes).toEqual(f.holes);
    expect(input.divisions).toEqual([
      { id: f.divisionId, name: 'Herrer' },
      { id: second!.id, name: 'Damer' },
    ]);
    expect(input.entries.map((e) => [e.name, e.divisionId, e.playingHandicap])).toEqual([
      ['Spiller 01', f.divisionId, f.players[0]!.playingHandicap],
      ['Spiller 02', f.divisionId, f.players[1]!.playingHandicap],
      ['Spiller 03', second!.id, f.players[2]!.playingHandicap],
    ]);
    const scored = input.entries[0]!;
    expect(scored.scores).toHaveLength(2);
    expect(scored.scores[0]!.slice(0, 5)).toEqual([4, 5, null, 3, null]);
    expect(scored.scores[0]!.filter((s) => s !== null)).toHaveLength(3);
    expect(scored.scores[1]![17]).toBe(6);
    expect(scored.scores[1]!.filter((s) => s !== null)).toHaveLength(1);
    expect(input.entries[1]!.scores.flat().every((s) => s === null)).toBe(true);
    // It is what computeLeaderboard takes: the second round is the current one, thru 1 for the first player.
    const board = computeLeaderboard(input);
    expect(board.map((d) => d.rows.length)).toEqual([2, 1]);
    expect(board[0]!.rows.find((r) => r.entryId === scored.entryId)!.thru).toBe(1);
  });

  it('reads a public tournament without any organization context, as a public page does', async () => {
    const f = await createTournamentFixture(deps.db, { visibility: 'public', players: 2 });
    await writeScores(deps.db, f, f.players[1]!.entryId, 1, [3, 3]);
    const row = await rowOf(deps, f.tournamentId);
    const asMember = await withTenant(deps.db, f.organizationId, (tx) => loadLeaderboardInput(tx, row));
    const anonymous = await withTenant(deps.db, null, (tx) => loadLeaderboardInput(tx, row));
    expect(anonymous).toEqual(asMember);
    expect(anonymous.entries.find((e) => e.entryId === f.players[1]!.entryId)!.scores[0]!.slice(0, 2)).toEqual([3, 3]);
  });

  it('gives an entry whose handicap is not frozen yet a playing handicap of 0', async () => {
    const f = await createTournamentFixture(deps.db, { status: 'open', players: 1 });
    await deps.db
      .update(tournamentEntry)
      .set({ courseHandicap: null, playingHandicap: null })
      .where(eq(tournamentEntry.id, f.players[0]!.entryId));
    const row = await rowOf(deps, f.tournamentId);
    const input = await withTenant(deps.db, f.organizationId, (tx) => loadLeaderboardInput(tx, row));
    expect(input.entries[0]!.playingHandicap).toBe(0);
  });
});
