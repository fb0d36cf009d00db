import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import type { Database } from '../../server/db/client';
import {
  organizationMembership,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
} from '../../server/db/schema';
import { createTestDeps } from '../helpers/deps';
import { addMember } from '../helpers/factories';
import { createTournamentFixture, writeScores, type TournamentFixture } from '../helpers/tournaments';
import { clients, TRANSPORTS, type Transport } from '../helpers/transport';
import { entrantEntry, playWorld } from './play-support';

/** A player's own tournaments across their clubs (decision 0421), over REST and tRPC. */

const deps = await createTestDeps();
const make = clients(deps);

/** Enters a user (already a member of the fixture's club) into the fixture's tournament, as the entry flow would. */
async function enter(db: Database, fixture: TournamentFixture, user: UserRow): Promise<string> {
  const [division] = await db
    .select({ id: tournamentDivision.id })
    .from(tournamentDivision)
    .where(eq(tournamentDivision.tournamentId, fixture.tournamentId));
  const [entry] = await db
    .insert(tournamentEntry)
    .values({
      tournamentId: fixture.tournamentId,
      organizationId: fixture.organizationId,
      divisionId: division!.id,
      name: user.name!,
    })
    .returning();
  await db.insert(tournamentEntryAccount).values({
    entryId: entry!.id,
    tournamentId: fixture.tournamentId,
    organizationId: fixture.organizationId,
    userId: user.id,
  });
  return entry!.id;
}

describe.each(TRANSPORTS)('tournaments.mine over %s', (transport: Transport) => {
  it('gives the start time, tee and partners of each round, and the leaderboard row once play has begun', async () => {
    const w = await playWorld(deps.db);
    await writeScores(deps.db, w.fixture, entrantEntry(w), 1, [4, 5, 3, 4, 4, 4, 5, 3, 4]);
    const entrant = await make.as(transport, w.entrant);

    const res = await entrant.call('tournaments.mine');
    expect(res.status).toBe(200);
    expect(res.body.tournaments).toHaveLength(1);
    const [mine] = res.body.tournaments;
    expect(mine).toMatchObject({
      tournament: {
        id: w.fixture.tournamentId,
        organizationId: w.fixture.organizationId,
        organization: { name: 'Turneringsklubben GK' },
        slug: w.fixture.slug,
        status: 'in_progress',
        format: 'stroke_net',
      },
      entryId: entrantEntry(w),
      division: { name: 'Herrer' },
      rounds: [
        {
          number: 1,
          playedOn: '2026-06-01',
          startsAt: '2026-06-01T06:00:00.000Z',
          tee: 1,
          partners: ['Spiller 02', 'Spiller 03', 'Spiller 04'],
        },
      ],
      result: { entryId: entrantEntry(w), thru: 9, strokes: expect.any(Number) },
    });
    expect(mine.result.position).toMatch(/^T?\d+$/);

    // The fifth player starts alone; a member who did not enter has nothing.
    const alone = await (await make.as(transport, w.otherGroup)).call('tournaments.mine');
    expect(alone.body.tournaments[0].rounds[0]).toMatchObject({ startsAt: '2026-06-01T06:10:00.000Z', partners: [] });
    expect(alone.body.tournaments[0].entryId).not.toBe(entrantEntry(w));
    expect((await (await make.as(transport, w.member)).call('tournaments.mine')).body).toEqual({ tournaments: [] });
  });

  it('lists entries of every club the player is a member of, never a draft, and no longer a club they left', async () => {
    const w = await playWorld(deps.db);
    const draft = await createTournamentFixture(deps.db, {
      status: 'draft',
      organizationId: w.fixture.organizationId,
      players: 0,
    });
    await enter(deps.db, draft, w.entrant);
    const elsewhere = await createTournamentFixture(deps.db, {
      status: 'open',
      players: 0,
      name: `Vårpokalen ${transport}`,
    });
    await addMember(deps.db, elsewhere.organizationId, w.entrant.id, 'member');
    const entryElsewhere = await enter(deps.db, elsewhere, w.entrant);
    const entrant = await make.as(transport, w.entrant);

    const both = (await entrant.call('tournaments.mine')).body.tournaments;
    expect(both.map((t: { tournament: { id: string } }) => t.tournament.id).sort()).toEqual(
      [w.fixture.tournamentId, elsewhere.tournamentId].sort(),
    );
    const open = both.find((t: { entryId: string }) => t.entryId === entryElsewhere);
    // Entered but not yet grouped, and nothing played: no start time and no result.
    expect(open).toMatchObject({
      tournament: { name: `Vårpokalen ${transport}`, status: 'open' },
      rounds: [{ number: 1, startsAt: null, tee: null, partners: [] }],
      result: null,
    });

    await deps.db
      .delete(organizationMembership)
      .where(
        and(
          eq(organizationMembership.organizationId, elsewhere.organizationId),
          eq(organizationMembership.userId, w.entrant.id),
        ),
      );
    const left = (await entrant.call('tournaments.mine')).body.tournaments;
    expect(left.map((t: { tournament: { id: string } }) => t.tournament.id)).toEqual([w.fixture.tournamentId]);
  });

  it('answers 401 to a caller without a session', async () => {
    const res = await (await make.anonymous(transport)).call('tournaments.mine');
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('NOT_AUTHENTICATED');
  });
});
