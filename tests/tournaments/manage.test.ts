import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { tournament, tournamentEvent } from '../../server/db/schema';
import { TOURNAMENT_MOVES } from '../../shared/schemas/tournaments';
import { callerAs, callerWithToken } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { TRANSPORTS, useDepsAndServer, type Procedure, type Transport } from '../helpers/transport';
import { buildWorld, failure, tournamentIn, tournamentInput, type World } from './support';
import { TOURNAMENT_STATUSES, type TournamentStatus } from '../../shared/values';

/**
 * Tournament management (docs/contract.md section 9): who may call what, the status moves, what an update may
 * change and when, and the slugs. Entries and start lists have their own files.
 */

const ACTORS = ['anonymous', 'outsider', 'member', 'admin', 'owner'] as const;
type Actor = (typeof ACTORS)[number];
const MEMBER_OK: Record<Actor, string> = {
  anonymous: 'NOT_AUTHENTICATED',
  outsider: 'NOT_ORG_MEMBER',
  member: 'ok',
  admin: 'ok',
  owner: 'ok',
};
const ADMIN_OK: Record<Actor, string> = { ...MEMBER_OK, member: 'NOT_ORG_ADMIN' };

interface Case {
  procedure: Procedure;
  expected: Record<Actor, string>;
  /** Created afresh per call so one actor's success does not change the next one's. */
  input(w: World, actor: UserRow | null): Promise<Record<string, unknown>>;
  /** For the 404 check: the same call aimed at the other club's tournament. */
  foreign?(w: World): Record<string, unknown>;
  created?: boolean;
}

const CASES: Case[] = [
  { procedure: 'tournaments.create', expected: ADMIN_OK, created: true, input: async (w) => tournamentInput(w) },
  { procedure: 'tournaments.list', expected: MEMBER_OK, input: async (w) => ({ organizationId: w.orgId }) },
  {
    procedure: 'tournaments.get',
    expected: MEMBER_OK,
    input: async (w) => ({ organizationId: w.orgId, tournamentId: (await tournamentIn(w, 'draft')).id }),
    foreign: (w) => ({ organizationId: w.orgId, tournamentId: w.otherTournamentId }),
  },
  {
    procedure: 'tournaments.update',
    expected: ADMIN_OK,
    input: async (w) => ({
      organizationId: w.orgId,
      tournamentId: (await tournamentIn(w, 'draft')).id,
      name: 'Nytt navn',
    }),
    foreign: (w) => ({ organizationId: w.orgId, tournamentId: w.otherTournamentId, name: 'Kapret' }),
  },
  {
    procedure: 'tournaments.setStatus',
    expected: ADMIN_OK,
    input: async (w) => ({
      organizationId: w.orgId,
      tournamentId: (await tournamentIn(w, 'draft')).id,
      status: 'open',
    }),
    foreign: (w) => ({ organizationId: w.orgId, tournamentId: w.otherTournamentId, status: 'closed' }),
  },
  {
    procedure: 'tournaments.entries',
    expected: MEMBER_OK,
    input: async (w) => ({ organizationId: w.orgId, tournamentId: (await tournamentIn(w, 'open')).id }),
    foreign: (w) => ({ organizationId: w.orgId, tournamentId: w.otherTournamentId }),
  },
  {
    procedure: 'tournaments.enter',
    expected: MEMBER_OK,
    created: true,
    input: async (w) => ({ organizationId: w.orgId, tournamentId: (await tournamentIn(w, 'open')).id }),
    foreign: (w) => ({
      organizationId: w.orgId,
      tournamentId: w.otherTournamentId,
      guest: { name: 'Gjest', handicapIndex: 10 },
    }),
  },
  {
    // Entering someone else is the organizer's (the member may enter only themself).
    procedure: 'tournaments.enter',
    expected: ADMIN_OK,
    created: true,
    input: async (w) => ({
      organizationId: w.orgId,
      tournamentId: (await tournamentIn(w, 'open')).id,
      guest: { name: 'Gjest Gunnar', handicapIndex: 30 },
    }),
  },
  {
    // Someone else's entry: the organizer's to withdraw, not another member's.
    procedure: 'tournaments.withdraw',
    expected: { ...MEMBER_OK, member: 'FORBIDDEN' },
    input: async (w) => {
      const t = await tournamentIn(w, 'open');
      const entry = await w.asAdmin.tournaments.enter({
        organizationId: w.orgId,
        tournamentId: t.id,
        userId: w.member2.id,
      });
      return { organizationId: w.orgId, tournamentId: t.id, entryId: entry.id };
    },
    foreign: (w) => ({ organizationId: w.orgId, tournamentId: w.otherTournamentId, entryId: crypto.randomUUID() }),
  },
  {
    procedure: 'tournaments.setGroups',
    expected: ADMIN_OK,
    input: async (w) => ({
      organizationId: w.orgId,
      tournamentId: (await tournamentIn(w, 'open')).id,
      round: 1,
      generate: { firstStartsAt: '2026-06-13T07:00:00Z', intervalMinutes: 10, groupSize: 4 },
    }),
    foreign: (w) => ({
      organizationId: w.orgId,
      tournamentId: w.otherTournamentId,
      round: 1,
      generate: { firstStartsAt: '2026-06-13T07:00:00Z', intervalMinutes: 10, groupSize: 4 },
    }),
  },
];

describe.each(TRANSPORTS)('who may manage tournaments, over %s', (transport: Transport) => {
  let w: World;
  const env = useDepsAndServer(() => undefined);
  beforeAll(async () => {
    w = await buildWorld(env.deps);
  });

  const actorUser = (actor: Actor): UserRow | null => (actor === 'anonymous' ? null : w[actor]);

  for (const c of CASES) {
    for (const actor of ACTORS) {
      it(`${c.procedure} (${c.expected.admin === 'ok' && c.expected.member !== 'ok' ? 'organizer' : 'member'} case) as ${actor}: ${c.expected[actor]}`, async () => {
        const input = await c.input(w, actorUser(actor));
        const out = await (await env.as(actorUser(actor), transport)).call(c.procedure, input);
        if (c.expected[actor] === 'ok') {
          expect(out.error).toBeNull();
          expect(out.status).toBe(c.created && transport === 'rest' ? 201 : 200);
        } else {
          expect(out.error?.code).toBe(c.expected[actor]);
        }
      });
    }
    if (c.foreign) {
      it(`${c.procedure} on another club's tournament: 404 even for an organizer here`, async () => {
        for (const user of [w.owner, w.admin]) {
          const out = await (await env.as(user, transport)).call(c.procedure, c.foreign!(w));
          expect(out.error?.code).toBe('NOT_FOUND');
        }
        // Through the other club's id instead: not a member there.
        const out = await (await env.as(w.admin, transport)).call(c.procedure, {
          ...c.foreign!(w),
          organizationId: w.otherOrgId,
        });
        expect(out.error?.code).toBe('NOT_ORG_MEMBER');
      });
    }
  }

  it('an unknown tournament id is 404, a malformed one 400, never 500', async () => {
    const client = await env.as(w.admin, transport);
    expect(
      (await client.call('tournaments.get', { organizationId: w.orgId, tournamentId: crypto.randomUUID() })).error
        ?.code,
    ).toBe('NOT_FOUND');
    expect(
      (await client.call('tournaments.get', { organizationId: w.orgId, tournamentId: 'ikke-en-id' })).error?.code,
    ).toBe('INVALID_INPUT');
  });
});

describe.each(databaseKinds())('tournament records on %s', (kind) => {
  let deps: TestDeps;
  let w: World;
  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    w = await buildWorld(deps);
  });

  it('creates a draft with the contract shape, defaults and a slug from the name', async () => {
    const t = await w.asAdmin.tournaments.create(
      tournamentInput(w, {
        name: 'Bærums Åpne Ørretcup 2026',
        description: 'For alle.',
        maxHandicapIndex: 36,
        entryLimit: 40,
        entriesCloseAt: '2026-06-10T18:00:00Z',
      }) as never,
    );
    expect(t).toMatchObject({
      organizationId: w.orgId,
      organization: { id: w.orgId, name: w.orgName },
      slug: expect.stringMatching(/^baerums-apne-orretcup-2026-[a-z2-9]{5}$/),
      status: 'draft',
      entryCount: 0,
      name: 'Bærums Åpne Ørretcup 2026',
      description: 'For alle.',
      visibility: 'public',
      format: 'stroke_net',
      allowancePercent: 95,
      tieBreak: 'countback',
      maxHandicapIndex: 36,
      entryLimit: 40,
      entriesCloseAt: '2026-06-10T18:00:00.000Z',
      rounds: [{ number: 1, courseId: w.bogstad.courseId, playedOn: '2026-06-13' }],
      divisions: [
        { name: 'Herrer', teeId: w.bogstad.tees['Gul/male']!.id },
        { name: 'Damer', teeId: w.bogstad.tees['Rød/female']!.id },
      ],
    });
    expect(t.divisions.every((d) => typeof d.id === 'string')).toBe(true);
    const gross = await w.asAdmin.tournaments.create(tournamentInput(w, { format: 'stroke_gross' }) as never);
    expect(gross.allowancePercent).toBe(100);
    const given = await w.asAdmin.tournaments.create(
      tournamentInput(w, { format: 'stableford', allowancePercent: 85 }) as never,
    );
    expect(given.allowancePercent).toBe(85);
    const [row] = await deps.db
      .select({ searchText: tournament.searchText })
      .from(tournament)
      .where(eq(tournament.id, t.id));
    // The tournament's and the club's names, folded as course search folds them.
    expect(row!.searchText.split(' ')).toEqual(
      expect.arrayContaining(['baerums', 'apne', 'orretcup', 'baerum', 'golfklubb', 'gk']),
    );
    const events = await deps.db.select().from(tournamentEvent).where(eq(tournamentEvent.tournamentId, t.id));
    expect(events.map((e) => e.payload)).toEqual([{ type: 'details' }]);
  });

  it('gives every tournament the name and a random suffix: a name taken elsewhere shows nowhere', async () => {
    const name = `Vårslepp ${kind}`;
    const slugOf = new RegExp(`^varslepp-${kind}-[a-z2-9]{5}$`);
    // Another club's draft and members-only tournaments of the same name, made first.
    const otherClubAdmin = (await callerAs(deps, w.outsider)).caller;
    for (const visibility of ['members', 'public'] as const) {
      const foreign = await otherClubAdmin.tournaments.create({
        ...tournamentInput(w, { name, visibility }),
        organizationId: w.otherOrgId,
      } as never);
      expect(foreign.slug).toMatch(slugOf);
    }
    // This club's is made from its name the same way: nothing in it says that the name was taken, and the
    // bare name is nobody's address to take first.
    const mine = await w.asAdmin.tournaments.create(tournamentInput(w, { name }) as never);
    expect(mine.slug).toMatch(slugOf);
    const bare = await callerWithToken(deps, null)
      .caller.public.tournament({ slug: `varslepp-${kind}` })
      .catch((e: unknown) => e);
    expect(bare).toMatchObject({ code: 'NOT_FOUND' });
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () =>
        w.asAdmin.tournaments.create(tournamentInput(w, { name: `Høstcup ${kind}` }) as never),
      ),
    );
    const slugs = parallel.map((t) => t.slug);
    expect(new Set(slugs).size).toBe(8);
    for (const slug of slugs) expect(slug).toMatch(new RegExp(`^hostcup-${kind}-[a-z2-9]{5}$`));
    const symbols = await w.asAdmin.tournaments.create(tournamentInput(w, { name: '!!!' }) as never);
    expect(symbols.slug).toMatch(/^turnering-[a-z2-9]{5}$/);
  });

  it('keeps the slug when the name changes, and the search text follows the name', async () => {
    const t = await w.asAdmin.tournaments.create(tournamentInput(w, { name: `Sommercup ${kind}` }) as never);
    const renamed = await w.asAdmin.tournaments.update({
      organizationId: w.orgId,
      tournamentId: t.id,
      name: 'Midtsommer Åpen',
    });
    expect(renamed).toMatchObject({ name: 'Midtsommer Åpen', slug: t.slug });
    const [row] = await deps.db
      .select({ searchText: tournament.searchText })
      .from(tournament)
      .where(eq(tournament.id, t.id));
    expect(row!.searchText.split(' ')).toEqual(expect.arrayContaining(['midtsommer', 'apen', 'baerum']));
    expect(row!.searchText).not.toContain('sommercup');
  });

  it('lists the club’s tournaments newest first, and none of another club’s', async () => {
    const a = await w.asAdmin.tournaments.create(tournamentInput(w, { name: 'Eldst' }) as never);
    deps.clock.advance(60);
    const b = await w.asAdmin.tournaments.create(tournamentInput(w, { name: 'Nyest' }) as never);
    const asMember = (await callerAs(deps, w.member)).caller;
    const { tournaments } = await asMember.tournaments.list({ organizationId: w.orgId });
    const ids = tournaments.map((t) => t.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids[0]).toBe(b.id);
    expect(ids).not.toContain(w.otherTournamentId);
    expect(tournaments.every((t) => t.organizationId === w.orgId)).toBe(true);
  });

  it('refuses a 9-hole course, a tee of another course, and a course the admin cannot see', async () => {
    const nine = await failure(
      w.asAdmin.tournaments.create(
        tournamentInput(w, {
          rounds: [{ number: 1, courseId: w.nineHoles.courseId, playedOn: '2026-06-13' }],
          divisions: [{ name: 'Alle', teeId: w.nineHoles.tees['Gul/male']!.id }],
        }) as never,
      ),
    );
    expect(nine.code).toBe('INVALID_INPUT');
    const wrongTee = await failure(
      w.asAdmin.tournaments.create(
        tournamentInput(w, {
          divisions: [
            { name: 'Herrer', teeId: w.bogstad.tees['Gul/male']!.id },
            { name: 'Losby', teeId: w.losby.tees['Gul/male']!.id },
          ],
        }) as never,
      ),
    );
    expect(wrongTee.code).toBe('INVALID_INPUT');
    expect(wrongTee.issues).toEqual([{ path: 'divisions.1.teeId', message: expect.any(String) }]);
    const unknown = await failure(
      w.asAdmin.tournaments.create(
        tournamentInput(w, { rounds: [{ number: 1, courseId: crypto.randomUUID(), playedOn: '2026-06-13' }] }) as never,
      ),
    );
    expect(unknown.code).toBe('NOT_FOUND');
  });

  describe('status moves', () => {
    const pairs = TOURNAMENT_STATUSES.flatMap((from) =>
      TOURNAMENT_STATUSES.map((to) => [from, to] as [TournamentStatus, TournamentStatus]),
    );
    it.each(pairs)('%s → %s: allowed exactly as TOURNAMENT_MOVES says', async (from, to) => {
      const t = await tournamentIn(w, from);
      const allowed = TOURNAMENT_MOVES[from].includes(to);
      const move = w.asAdmin.tournaments.setStatus({ organizationId: w.orgId, tournamentId: t.id, status: to });
      if (allowed) {
        expect((await move).status).toBe(to);
      } else {
        expect((await failure(move)).code).toBe('CONFLICT');
        expect((await w.asAdmin.tournaments.get({ organizationId: w.orgId, tournamentId: t.id })).status).toBe(from);
      }
    });

    it('writes a status event for each move', async () => {
      const t = await tournamentIn(w, 'closed');
      const events = await deps.db
        .select()
        .from(tournamentEvent)
        .where(eq(tournamentEvent.tournamentId, t.id))
        .orderBy(tournamentEvent.id);
      expect(events.map((e) => e.payload)).toEqual([{ type: 'details' }, { type: 'status' }, { type: 'status' }]);
    });
  });

  describe('updates', () => {
    it('changes the fields given and leaves the others', async () => {
      const t = await tournamentIn(w, 'open', { maxHandicapIndex: 36, entryLimit: 10 });
      const updated = await w.asAdmin.tournaments.update({
        organizationId: w.orgId,
        tournamentId: t.id,
        description: 'Nå med premier.',
        visibility: 'members',
        maxHandicapIndex: null,
        entriesCloseAt: '2026-06-12T12:00:00Z',
      });
      expect(updated).toMatchObject({
        description: 'Nå med premier.',
        visibility: 'members',
        entryLimit: 10,
        entriesCloseAt: '2026-06-12T12:00:00.000Z',
        name: t.name,
      });
      expect(updated.maxHandicapIndex).toBeUndefined();
    });

    it('a new format without an allowance takes that format’s default; with one, the one given', async () => {
      const t = await tournamentIn(w, 'draft');
      expect(
        (await w.asAdmin.tournaments.update({ organizationId: w.orgId, tournamentId: t.id, format: 'stroke_gross' }))
          .allowancePercent,
      ).toBe(100);
      expect(
        (
          await w.asAdmin.tournaments.update({
            organizationId: w.orgId,
            tournamentId: t.id,
            format: 'stableford',
            allowancePercent: 90,
          })
        ).allowancePercent,
      ).toBe(90);
    });

    it.each(['in_progress', 'finished', 'cancelled'] as const)(
      'in %s: format, allowance, tie-break, rounds and divisions are 409; the name still changes',
      async (status) => {
        const t = await tournamentIn(w, status);
        const base = { organizationId: w.orgId, tournamentId: t.id };
        const refused = [
          { format: 'stableford' },
          { allowancePercent: 80 },
          { tieBreak: 'shared' },
          // The value it already has too: a tie-break is fixed once positions have been read (decision 0423).
          { tieBreak: 'countback' },
          { rounds: [{ number: 1, courseId: w.bogstad.courseId, playedOn: '2026-07-01' }] },
          { divisions: [{ id: t.divisions[0]!.id, name: 'Herrer', teeId: t.divisions[0]!.teeId }] },
        ];
        for (const change of refused) {
          const out = await failure(w.asAdmin.tournaments.update({ ...base, ...change } as never));
          expect(out.code).toBe('CONFLICT');
        }
        expect((await w.asAdmin.tournaments.update({ ...base, name: 'Rettet skrivefeil' })).name).toBe(
          'Rettet skrivefeil',
        );
        const after = await w.asAdmin.tournaments.get(base);
        expect(after).toMatchObject({
          format: 'stroke_net',
          allowancePercent: 95,
          tieBreak: 'countback',
          rounds: t.rounds,
          divisions: t.divisions,
        });
      },
    );

    it('divisions by id: renamed in place keep their entries; removing one with entries is 409; an empty one goes', async () => {
      const t = await tournamentIn(w, 'open');
      const [men, women] = t.divisions as [(typeof t.divisions)[0], (typeof t.divisions)[0]];
      const entry = await w.asAdmin.tournaments.enter({
        organizationId: w.orgId,
        tournamentId: t.id,
        userId: w.member.id,
        divisionId: men.id,
      });
      const base = { organizationId: w.orgId, tournamentId: t.id };

      const renamed = await w.asAdmin.tournaments.update({
        ...base,
        divisions: [
          { id: men.id, name: 'Herrer A', teeId: w.bogstad.tees['Hvit/male']!.id, maxHandicapIndex: 36 },
          { id: women.id, name: 'Damer', teeId: women.teeId },
          { name: 'Senior', teeId: w.bogstad.tees['Rød/male']!.id, minHandicapIndex: 10 },
        ],
      });
      expect(renamed.divisions.map((d) => [d.name, d.id === men.id, d.id === women.id])).toEqual([
        ['Herrer A', true, false],
        ['Damer', false, true],
        ['Senior', false, false],
      ]);
      const { entries } = await w.asAdmin.tournaments.entries(base);
      expect(entries.map((e) => [e.id, e.division])).toEqual([[entry.id, { id: men.id, name: 'Herrer A' }]]);

      const withoutMen = await failure(
        w.asAdmin.tournaments.update({ ...base, divisions: [{ id: women.id, name: 'Damer', teeId: women.teeId }] }),
      );
      expect(withoutMen.code).toBe('CONFLICT');
      expect(withoutMen.message).toContain('Herrer A');
      const withoutWomen = await w.asAdmin.tournaments.update({
        ...base,
        divisions: [{ id: men.id, name: 'Herrer A', teeId: men.teeId }],
      });
      expect(withoutWomen.divisions.map((d) => d.id)).toEqual([men.id]);

      const unknownId = await failure(
        w.asAdmin.tournaments.update({
          ...base,
          divisions: [{ id: crypto.randomUUID(), name: 'X', teeId: men.teeId }],
        }),
      );
      expect(unknownId.code).toBe('INVALID_INPUT');
    });

    it('rounds are replaced; a dropped round takes its start list with it; the course may change with matching tees', async () => {
      const t = await tournamentIn(w, 'open', {
        rounds: [
          { number: 1, courseId: w.bogstad.courseId, playedOn: '2026-06-13' },
          { number: 2, courseId: w.bogstad.courseId, playedOn: '2026-06-14' },
        ],
      });
      const base = { organizationId: w.orgId, tournamentId: t.id };
      await w.asAdmin.tournaments.enter({ ...base, userId: w.member.id });
      await w.asAdmin.tournaments.setGroups({
        ...base,
        round: 2,
        generate: { firstStartsAt: '2026-06-14T07:00:00Z', intervalMinutes: 10, groupSize: 4 },
      });
      const oneRound = await w.asAdmin.tournaments.update({
        ...base,
        rounds: [{ number: 1, courseId: w.bogstad.courseId, playedOn: '2026-06-20' }],
      });
      expect(oneRound.rounds).toEqual([{ number: 1, courseId: w.bogstad.courseId, playedOn: '2026-06-20' }]);
      const { entries } = await w.asAdmin.tournaments.entries(base);
      expect(entries[0]!.groups).toEqual([]);

      // Losby's course with Bogstad's tees: 400; with its own tees: fine.
      const mismatch = await failure(
        w.asAdmin.tournaments.update({
          ...base,
          rounds: [{ number: 1, courseId: w.losby.courseId, playedOn: '2026-06-20' }],
        }),
      );
      expect(mismatch.code).toBe('INVALID_INPUT');
      const moved = await w.asAdmin.tournaments.update({
        ...base,
        rounds: [{ number: 1, courseId: w.losby.courseId, playedOn: '2026-06-20' }],
        divisions: t.divisions.map((d, i) => ({
          id: d.id,
          name: d.name,
          teeId: w.losby.tees[i === 0 ? 'Gul/male' : 'Rød/female']!.id,
        })),
      });
      expect(moved.rounds[0]!.courseId).toBe(w.losby.courseId);
    });

    it('refuses fewer places than there are entries', async () => {
      const t = await tournamentIn(w, 'open');
      const base = { organizationId: w.orgId, tournamentId: t.id };
      await w.asAdmin.tournaments.enter({ ...base, userId: w.member.id });
      await w.asAdmin.tournaments.enter({ ...base, userId: w.member2.id });
      expect((await failure(w.asAdmin.tournaments.update({ ...base, entryLimit: 1 }))).code).toBe('CONFLICT');
      expect((await w.asAdmin.tournaments.update({ ...base, entryLimit: 2 })).entryLimit).toBe(2);
    });
  });
});
