import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { appUser, tournament } from '../../server/db/schema';
import { databaseKinds } from '../helpers/db';
import { createOrganization, createUser } from '../helpers/factories';
import { createTournamentFixture, writeScores, type TournamentFixture } from '../helpers/tournaments';
import { TRANSPORTS, useDepsAndServer, type Client, type Outcome, type Transport } from '../helpers/transport';
import { changeTournament, recordScore, setSearchText } from './live-support';

/**
 * The public landing endpoints (docs/contract.md section 9) over both transports: who sees which tournament,
 * what a page shows, search and paging, and that nothing public carries a user id or an e-mail address.
 */
type Viewer = 'anonymous' | 'nonMember' | 'member';
const VIEWERS: Viewer[] = ['anonymous', 'nonMember', 'member'];
type Target = 'public' | 'cancelled' | 'members' | 'draft' | 'unknown' | 'otherMembers';
const EXPECTED: Record<Target, Record<Viewer, number>> = {
  public: { anonymous: 200, nonMember: 200, member: 200 },
  cancelled: { anonymous: 200, nonMember: 200, member: 200 },
  members: { anonymous: 404, nonMember: 404, member: 200 },
  draft: { anonymous: 404, nonMember: 404, member: 404 },
  unknown: { anonymous: 404, nonMember: 404, member: 404 },
  otherMembers: { anonymous: 404, nonMember: 404, member: 404 },
};

const PAR_ROUND = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 4, 5];

describe.each(databaseKinds())('public tournament pages, on %s', (kind) => {
  const world = useDepsAndServer(undefined, { db: kind });
  const t = {} as Record<Exclude<Target, 'unknown'>, TournamentFixture>;
  const names: Record<string, string> = {};
  let member: UserRow;
  let nonMember: UserRow;
  let clubName: string;

  async function fixture(
    key: Exclude<Target, 'unknown'>,
    name: string,
    options: Parameters<typeof createTournamentFixture>[1],
  ) {
    t[key] = await createTournamentFixture(world.deps.db, { name, ...options });
    names[key] = name;
    await setSearchText(world.deps.db, { ...t[key], name });
  }

  beforeAll(async () => {
    const db = world.deps.db;
    const org = await createOrganization(db, 'Bærum Golfklubb');
    clubName = org.name;
    await fixture('public', 'Vårcup Bærum', { organizationId: org.id, players: 6, rounds: 2, format: 'stroke_gross' });
    await fixture('cancelled', 'Avlystcup', { organizationId: org.id, status: 'cancelled', players: 1 });
    await fixture('members', 'Medlemscup', { organizationId: org.id, visibility: 'members', players: 2 });
    await fixture('draft', 'Utkastcup', { organizationId: org.id, status: 'draft', players: 1 });
    await fixture('otherMembers', 'Fremmedcup', { visibility: 'members', players: 1 });
    member = t.public.players[0]!.user;
    nonMember = await createUser(db, { name: 'Ola Utenfor' });
    // Player 3 leads: par everywhere but a birdie on hole 1; the others bogey hole 1.
    for (const [i, p] of t.public.players.entries()) {
      await writeScores(
        db,
        t.public,
        p.entryId,
        1,
        PAR_ROUND.map((par, h) => (h === 0 ? par + (i === 2 ? -1 : 1) : i === 5 && h > 8 ? null : par)),
      );
    }
  });

  const as = (viewer: Viewer, transport: Transport): Promise<Client> =>
    world.as(viewer === 'anonymous' ? null : viewer === 'member' ? member : nonMember, transport);
  const slugOf = (target: Target) => (target === 'unknown' ? 'finnes-ikke' : t[target].slug);

  /** Every user id and e-mail address the fixture knows: none may appear in a public answer. */
  async function secrets(): Promise<string[]> {
    const users = await world.deps.db.select({ id: appUser.id, email: appUser.email }).from(appUser);
    return users.flatMap((u) => [u.id, u.email]);
  }
  async function expectNoSecrets(outcome: Outcome) {
    for (const secret of await secrets()) expect(outcome.raw).not.toContain(secret);
    expect(outcome.raw).not.toContain('organizationId');
  }

  describe.each(TRANSPORTS)('over %s', (transport) => {
    it.each(VIEWERS)('public.tournament and public.leaderboard answer %s as the contract says', async (viewer) => {
      const client = await as(viewer, transport);
      for (const target of Object.keys(EXPECTED) as Target[]) {
        const page = await client.call('public.tournament', { slug: slugOf(target) });
        const board = await client.call('public.leaderboard', { slug: slugOf(target) });
        const expected = EXPECTED[target][viewer];
        expect({ target, page: page.status, board: board.status }).toEqual({ target, page: expected, board: expected });
        if (expected === 404) expect(page.error!.code).toBe('NOT_FOUND');
        await expectNoSecrets(page);
        await expectNoSecrets(board);
      }
    });

    it('a page shows the tournament, its start list by name and the leaderboard, and nothing about accounts', async () => {
      const outcome = await (await as('anonymous', transport)).call('public.tournament', { slug: t.public.slug });
      expect(outcome.status).toBe(200);
      const { tournament: info, groups, leaderboard } = outcome.body;
      expect(info).toMatchObject({
        name: 'Vårcup Bærum',
        slug: t.public.slug,
        status: 'in_progress',
        organization: { name: clubName },
        entryCount: 6,
      });
      expect(info.organization).toEqual({ name: clubName });
      expect(info.rounds).toHaveLength(2);
      expect(groups.map((g: any) => g.entries.map((e: any) => e.name))).toEqual([
        ['Spiller 01', 'Spiller 02', 'Spiller 03', 'Spiller 04'],
        ['Spiller 05', 'Spiller 06'],
      ]);
      expect(Object.keys(groups[0].entries[0]).sort()).toEqual(['division', 'id', 'name']);
      const rows = leaderboard.divisions[0].rows;
      expect(leaderboard.divisions[0]).toMatchObject({ id: t.public.divisionId, name: 'Herrer' });
      expect(rows).toHaveLength(6);
      expect(rows[0]).toMatchObject({ name: 'Spiller 03', thru: 'F', strokes: expect.any(Number) });
      expect(rows.find((r: any) => r.name === 'Spiller 06').thru).toBe(9);
      expect(typeof leaderboard.updatedAt).toBe('string');
      await expectNoSecrets(outcome);
    });

    it('the leaderboard of one division, and 404 for a division the tournament does not have', async () => {
      const client = await as('anonymous', transport);
      const one = await client.call('public.leaderboard', { slug: t.public.slug, division: t.public.divisionId });
      expect(one.status).toBe(200);
      expect(one.body.divisions.map((d: any) => d.id)).toEqual([t.public.divisionId]);
      const other = await client.call('public.leaderboard', { slug: t.public.slug, division: t.members.divisionId });
      expect(other.status).toBe(404);
      const bad = await client.call('public.leaderboard', { slug: t.public.slug, division: 'herrer' });
      expect(bad.status).toBe(400);
    });

    it('lists the public tournaments (cancelled with its status) and, for a member, their own members-only ones', async () => {
      const listed = async (viewer: Viewer, q: string) => {
        const outcome = await (await as(viewer, transport)).call('public.tournaments', { q });
        expect(outcome.status).toBe(200);
        await expectNoSecrets(outcome);
        return Object.fromEntries(outcome.body.tournaments.map((x: any) => [x.name, x.status]));
      };
      const publicOnes = { 'Vårcup Bærum': 'in_progress', Avlystcup: 'cancelled' };
      // All of them are the club's ("Bærum Golfklubb"); the draft never shows, nor another club's members-only one.
      expect(await listed('anonymous', 'baerum')).toEqual(publicOnes);
      expect(await listed('nonMember', 'baerum')).toEqual(publicOnes);
      expect(await listed('member', 'baerum')).toEqual({ ...publicOnes, Medlemscup: 'in_progress' });
      expect(await listed('member', 'fremmedcup')).toEqual({});
    });

    it('finds a tournament by its name or its club, whatever the case and the Norwegian letters', async () => {
      const client = await as('anonymous', transport);
      const names = async (q: string) =>
        (await client.call('public.tournaments', { q })).body.tournaments.map((x: any) => x.name).sort();
      expect(await names('VÅRCUP')).toEqual(['Vårcup Bærum']);
      expect(await names('varc')).toEqual(['Vårcup Bærum']);
      expect(await names('baerum golfklubb')).toEqual(['Avlystcup', 'Vårcup Bærum']);
      expect(await names('medlemscup')).toEqual([]);
    });

    it('refuses a cursor it did not hand out and a limit out of range with 400', async () => {
      const client = await as('anonymous', transport);
      for (const input of [
        { cursor: 'abc' },
        { cursor: Buffer.from('["2026-13-01T00:00:00.000000","x"]').toString('base64url') },
        { limit: 101 },
        { limit: 0 },
      ]) {
        const outcome = await client.call('public.tournaments', input);
        expect({ input, status: outcome.status, code: outcome.error?.code }).toEqual({
          input,
          status: 400,
          code: 'INVALID_INPUT',
        });
      }
    });
  });

  it('pages newest first, stable on equal creation times, without loss or repetition', async () => {
    const db = world.deps.db;
    const org = await createOrganization(db, 'Sideklubben');
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const f = await createTournamentFixture(db, { name: `Sidecup ${i}`, organizationId: org.id, players: 1 });
      await setSearchText(db, { ...f, name: `Sidecup ${i}` });
      ids.push(f.tournamentId);
    }
    // Three created in the same microsecond: the id decides between them.
    await db
      .update(tournament)
      .set({ createdAt: sql`'2026-05-01T10:00:00.123456Z'` })
      .where(inArray(tournament.id, ids.slice(1, 4)));
    const rows = await db
      .select({ id: tournament.id, name: tournament.name })
      .from(tournament)
      .where(inArray(tournament.id, ids))
      .orderBy(sql`created_at desc, id desc`);
    for (const transport of TRANSPORTS) {
      const client = await as('anonymous', transport);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const outcome = await client.call('public.tournaments', {
          q: 'sidecup',
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        expect(outcome.status).toBe(200);
        expect(outcome.body.tournaments.length).toBeLessThanOrEqual(2);
        seen.push(...outcome.body.tournaments.map((x: any) => x.name));
        cursor = outcome.body.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual(rows.map((r) => r.name));
    }
  });

  it('a score shows on the page at once, and a tournament made members-only disappears for everyone but its members', async () => {
    const db = world.deps.db;
    const f = await createTournamentFixture(db, { name: 'Skiftecup', players: 2 });
    const anonymous = await as('anonymous', 'rest');
    const before = await anonymous.call('public.tournament', { slug: f.slug });
    expect(before.body.leaderboard.divisions[0].rows.every((r: any) => r.thru === 0)).toBe(true);
    await recordScore(world.deps, f, { entryId: f.players[1]!.entryId, round: 1, hole: 1, strokes: 3 });
    const after = await anonymous.call('public.tournament', { slug: f.slug });
    expect(after.body.leaderboard.divisions[0].rows[0]).toMatchObject({ name: 'Spiller 02', thru: 1 });

    await changeTournament(world.deps, f, { visibility: 'members' }, { type: 'details' });
    expect((await anonymous.call('public.tournament', { slug: f.slug })).status).toBe(404);
    expect((await anonymous.call('public.tournaments', { q: 'skiftecup' })).body.tournaments).toEqual([]);
    const player = await world.as(f.players[0]!.user, 'trpc');
    expect((await player.call('public.tournament', { slug: f.slug })).body.tournament.visibility).toBe('members');
    expect(
      (await player.call('public.tournaments', { q: 'skiftecup' })).body.tournaments.map((x: any) => x.name),
    ).toEqual(['Skiftecup']);
  });
});
