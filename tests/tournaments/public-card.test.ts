import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { appUser } from '../../server/db/schema';
import { databaseKinds } from '../helpers/db';
import { createUser } from '../helpers/factories';
import { createTournamentFixture, writeScores, type TournamentFixture } from '../helpers/tournaments';
import { TRANSPORTS, useDepsAndServer } from '../helpers/transport';

/**
 * public.card (decision 0506): the hole-by-hole card a row of the public leaderboard opens, and the course's
 * name on public.tournament. The same readers as the page: anyone for a public tournament, members for a
 * members-only one, nobody for a draft; names only, never an account.
 */
describe.each(databaseKinds())('public.card, on %s', (kind) => {
  const world = useDepsAndServer(undefined, { db: kind });
  let open: TournamentFixture;
  let members: TournamentFixture;
  let draft: TournamentFixture;
  let outsider: UserRow;
  const strokes = [5, 4, 3, 6, 4, 4, 3, 4, 5, null, null, null, null, null, null, null, null, null];

  beforeAll(async () => {
    const db = world.deps.db;
    open = await createTournamentFixture(db, { name: 'Kortcup', players: 2, rounds: 2 });
    members = await createTournamentFixture(db, { name: 'Lukket kortcup', players: 1, visibility: 'members' });
    draft = await createTournamentFixture(db, { name: 'Utkast kortcup', players: 1, status: 'draft' });
    outsider = await createUser(db, { name: 'Ola Utenfor' });
    await writeScores(db, open, open.players[1]!.entryId, 1, strokes);
  });

  describe.each(TRANSPORTS)('over %s', (transport) => {
    it('answers an anonymous reader the player’s strokes per round with the pars, names only', async () => {
      const client = await world.as(null, transport);
      const outcome = await client.call('public.card', { slug: open.slug, entryId: open.players[1]!.entryId });
      expect(outcome.status).toBe(200);
      const card = outcome.body;
      expect(card).toMatchObject({
        entryId: open.players[1]!.entryId,
        name: 'Spiller 02',
        division: { id: open.divisionId, name: 'Herrer' },
        format: 'stroke_net',
        playingHandicap: open.players[1]!.playingHandicap,
      });
      expect(card).not.toHaveProperty('handicapIndex');
      expect(card.holes).toEqual(open.holes.map((h) => ({ number: h.number, par: h.par, strokeIndex: h.strokeIndex })));
      // The strokes the playing handicap gives, one more on the holes of the lowest indexes first.
      const received: number[] = card.strokesReceived;
      expect(received.reduce((a, b) => a + b, 0)).toBe(open.players[1]!.playingHandicap);
      const hardest = open.holes.find((h) => h.strokeIndex === 1)!;
      const easiest = open.holes.find((h) => h.strokeIndex === 18)!;
      expect(received[hardest.number - 1]).toBeGreaterThanOrEqual(received[easiest.number - 1]!);
      expect(card.rounds).toEqual([
        { number: 1, strokes },
        { number: 2, strokes: Array(18).fill(null) },
      ]);
      const users = await world.deps.db.select({ id: appUser.id, email: appUser.email }).from(appUser);
      for (const u of users) {
        expect(outcome.raw).not.toContain(u.id);
        expect(outcome.raw).not.toContain(u.email);
      }
    });

    it('is 404 for an entry of another tournament, a members-only tournament to a non-member and a draft', async () => {
      const anonymous = await world.as(null, transport);
      const stranger = await world.as(outsider, transport);
      const member = await world.as(members.players[0]!.user, transport);
      expect(
        (await anonymous.call('public.card', { slug: open.slug, entryId: members.players[0]!.entryId })).status,
      ).toBe(404);
      expect(
        (await anonymous.call('public.card', { slug: members.slug, entryId: members.players[0]!.entryId })).status,
      ).toBe(404);
      expect(
        (await stranger.call('public.card', { slug: members.slug, entryId: members.players[0]!.entryId })).status,
      ).toBe(404);
      expect(
        (await member.call('public.card', { slug: members.slug, entryId: members.players[0]!.entryId })).status,
      ).toBe(200);
      expect((await member.call('public.card', { slug: draft.slug, entryId: draft.players[0]!.entryId })).status).toBe(
        404,
      );
      expect((await anonymous.call('public.card', { slug: open.slug, entryId: 'not-an-id' })).status).toBe(400);
    });

    it('public.tournament names the course', async () => {
      const outcome = await (await world.as(null, transport)).call('public.tournament', { slug: open.slug });
      expect(outcome.body.course).toEqual({ name: 'Bogstad' });
    });
  });
});
