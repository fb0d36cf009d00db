import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tee, tournamentDivision } from '../../server/db/schema';
import { createTestDeps } from '../helpers/deps';
import { writeScores } from '../helpers/tournaments';
import { clients, TRANSPORTS, type Transport } from '../helpers/transport';
import { entrantEntry, fullCard, PLAY_ACTORS, playWorld, userOf, type PlayActor, type PlayWorld } from './play-support';

/** tournaments.cards (decision 0505): the cards of a round the caller keeps, for the app's scorecard. */

const deps = await createTestDeps();
const make = clients(deps);

/** Which cards each actor gets: own + group (entrant, marker), all five (admin), none (a member), refused. */
const EXPECTED: Record<PlayActor, string | number> = {
  entrant: 4,
  marker: 4,
  otherGroup: 1,
  admin: 5,
  member: 0,
  anonymous: 'NOT_AUTHENTICATED',
  otherOrg: 'NOT_ORG_MEMBER',
};

const input = (w: PlayWorld, round: number | string = 1) => ({
  organizationId: w.fixture.organizationId,
  tournamentId: w.fixture.tournamentId,
  round,
});

describe.each(TRANSPORTS)('cards over %s', (transport: Transport) => {
  const as = (w: PlayWorld, actor: PlayActor) => {
    const user = userOf(w, actor);
    return user ? make.as(transport, user) : make.anonymous(transport);
  };

  it.each(PLAY_ACTORS)('as %s', async (actor) => {
    const w = await playWorld(deps.db);
    const res = await (await as(w, actor)).call('tournaments.cards', input(w));
    if (typeof EXPECTED[actor] === 'string') {
      expect(res.error?.code).toBe(EXPECTED[actor]);
      return;
    }
    expect(res.error ?? null).toBeNull();
    expect(res.body.cards).toHaveLength(EXPECTED[actor]);
    expect(res.body.holes).toHaveLength(18);
  });

  it('puts my card first, then my group’s as markers, with strokes, strokes received and signatures', async () => {
    const w = await playWorld(deps.db);
    const strokes: (number | null)[] = fullCard(5);
    strokes[6] = null;
    await writeScores(deps.db, w.fixture, entrantEntry(w), 1, strokes);
    const res = await (await as(w, 'marker')).call('tournaments.cards', input(w));
    const body = res.body;
    expect(body.myEntryId).toBe(w.fixture.players[1]!.entryId);
    expect(body.group).toEqual({ startsAt: expect.any(String), tee: 1 });
    expect(body.cards.map((c: { relation: string }) => c.relation)).toEqual(['self', 'marker', 'marker', 'marker']);
    const entrantCard = body.cards.find((c: { entryId: string }) => c.entryId === entrantEntry(w));
    expect(entrantCard.strokes).toEqual(strokes);
    expect(entrantCard).toMatchObject({ signedByPlayer: false, signedByMarker: false, locked: false });
    const received = entrantCard.strokesReceived.reduce((a: number, b: number) => a + b, 0);
    expect(received).toBe(w.fixture.players[0]!.playingHandicap);
    // The hole bar's length is the card's own tee's (the fixture's division plays the yellow men's tee).
    const [yellow] = await deps.db
      .select({ lengths: tee.lengths })
      .from(tournamentDivision)
      .innerJoin(tee, eq(tee.id, tournamentDivision.teeId))
      .where(eq(tournamentDivision.id, w.fixture.divisionId));
    expect(yellow!.lengths).toHaveLength(18);
    expect(entrantCard.lengths).toEqual(yellow!.lengths);
  });

  it('refuses a round the tournament does not have', async () => {
    const w = await playWorld(deps.db);
    const res = await (await as(w, 'entrant')).call('tournaments.cards', input(w, 3));
    expect(res.error?.code).toBe('INVALID_INPUT');
  });
});
