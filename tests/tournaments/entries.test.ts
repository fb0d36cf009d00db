import { playerEntry } from '../helpers/tournaments';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, tournamentEntry, tournamentEvent } from '../../server/db/schema';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { addMember, createUser } from '../helpers/factories';
import { TRANSPORTS, useDepsAndServer, type Transport } from '../helpers/transport';
import { buildWorld, tournamentIn, type World } from './support';

/** Entries (docs/contract.md section 9, decision 0410): who may enter whom and when, the handicap freeze, withdrawals. */

describe.each(TRANSPORTS)('entry rules over %s', (transport: Transport) => {
  let w: World;
  const env = useDepsAndServer();
  beforeAll(async () => {
    w = await buildWorld(env.deps);
  });
  const as = (user: World['member']) => env.as(user, transport);

  it('a member enters themself while open: 201 with the Entry shape, into the first division that fits', async () => {
    const t = await tournamentIn(w, 'open');
    const out = await (await as(w.member)).call('tournaments.enter', { organizationId: w.orgId, tournamentId: t.id });
    expect(out.status).toBe(transport === 'rest' ? 201 : 200);
    expect(out.body).toEqual({
      id: expect.any(String),
      division: { id: t.divisions[0]!.id, name: 'Herrer' },
      player: { userId: w.member.id, name: 'Mona Medlem' },
      handicapIndex: 18.4,
      courseHandicap: expect.any(Number),
      playingHandicap: expect.any(Number),
      groups: [],
    });
    const { body } = await (await as(w.member2)).call('tournaments.entries', {
      organizationId: w.orgId,
      tournamentId: t.id,
    });
    expect(body.entries.map((e: { id: string }) => e.id)).toEqual([out.body.id]);
    expect(
      (await (await as(w.member)).call('tournaments.get', { organizationId: w.orgId, tournamentId: t.id })).body
        .entryCount,
    ).toBe(1);
  });

  it('the default division is the one whose range holds the index; a chosen one must hold it too', async () => {
    const t = await tournamentIn(w, 'open', {
      divisions: [
        { name: 'A-klasse', teeId: w.bogstad.tees['Gul/male']!.id, maxHandicapIndex: 15 },
        { name: 'B-klasse', teeId: w.bogstad.tees['Rød/male']!.id, minHandicapIndex: 15.1, maxHandicapIndex: 36 },
      ],
    });
    const base = { organizationId: w.orgId, tournamentId: t.id };
    const mona = await (await as(w.member)).call('tournaments.enter', base);
    expect(mona.body.division.name).toBe('B-klasse');
    const per = await (await as(w.member2)).call('tournaments.enter', { ...base, divisionId: t.divisions[1]!.id });
    expect(per.error?.code).toBe('CONFLICT');
    const noneFits = await (await as(w.admin)).call('tournaments.enter', {
      ...base,
      guest: { name: 'Høy Hansen', handicapIndex: 40 },
    });
    expect(noneFits.error?.code).toBe('CONFLICT');
    const foreignDivision = await (await as(w.admin)).call('tournaments.enter', {
      ...base,
      guest: { name: 'Gjest', handicapIndex: 10 },
      divisionId: crypto.randomUUID(),
    });
    expect(foreignDivision.error).toMatchObject({
      code: 'INVALID_INPUT',
      issues: [{ path: 'divisionId', message: expect.any(String) }],
    });
  });

  it('409 when not open for members: draft, closed, past the closing time; organizers until play starts', async () => {
    for (const status of ['draft', 'closed'] as const) {
      const t = await tournamentIn(w, status);
      const base = { organizationId: w.orgId, tournamentId: t.id };
      expect((await (await as(w.member)).call('tournaments.enter', base)).error?.code).toBe('CONFLICT');
      expect((await (await as(w.admin)).call('tournaments.enter', { ...base, userId: w.member.id })).error).toBeNull();
    }
    for (const status of ['in_progress', 'finished', 'cancelled'] as const) {
      const t = await tournamentIn(w, status);
      const out = await (await as(w.admin)).call('tournaments.enter', {
        organizationId: w.orgId,
        tournamentId: t.id,
        guest: { name: 'For sent', handicapIndex: 10 },
      });
      expect(out.error?.code).toBe('CONFLICT');
    }
    const closing = new Date(env.deps.now().getTime() + 3600_000);
    const t = await tournamentIn(w, 'open', { entriesCloseAt: closing.toISOString() });
    const base = { organizationId: w.orgId, tournamentId: t.id };
    expect((await (await as(w.member)).call('tournaments.enter', base)).error).toBeNull();
    env.deps.clock.advance(3600);
    expect((await (await as(w.member2)).call('tournaments.enter', base)).error?.code).toBe('CONFLICT');
    expect((await (await as(w.admin)).call('tournaments.enter', { ...base, userId: w.member2.id })).error).toBeNull();
  });

  it('409 when already entered, over the maximum index, and for a user who is not a member; past the limit, a wait', async () => {
    const t = await tournamentIn(w, 'open', { entryLimit: 3, maxHandicapIndex: 36 });
    const base = { organizationId: w.orgId, tournamentId: t.id };
    const admin = await as(w.admin);
    expect((await (await as(w.member)).call('tournaments.enter', base)).error).toBeNull();
    expect((await (await as(w.member)).call('tournaments.enter', base)).error?.code).toBe('CONFLICT');
    expect((await admin.call('tournaments.enter', { ...base, userId: w.member.id })).error?.code).toBe('CONFLICT');
    expect((await admin.call('tournaments.enter', { ...base, userId: w.outsider.id })).error?.code).toBe('CONFLICT');
    expect((await admin.call('tournaments.enter', { ...base, userId: crypto.randomUUID() })).error?.code).toBe(
      'CONFLICT',
    );
    expect(
      (await admin.call('tournaments.enter', { ...base, guest: { name: 'Nybegynner Nils', handicapIndex: 40.2 } }))
        .error?.code,
    ).toBe('CONFLICT');
    // A member without an index plays off 54: over the maximum.
    const noIndex = await createUser(env.deps.db, { name: 'Uten Indeks', handicapIndex: null });
    await addMember(env.deps.db, w.orgId, noIndex.id, 'member');
    expect((await admin.call('tournaments.enter', { ...base, userId: noIndex.id })).error?.code).toBe('CONFLICT');
    expect(
      (await admin.call('tournaments.enter', { ...base, guest: { name: 'Gjest Gro', handicapIndex: 22 } })).error,
    ).toBeNull();
    // The same guest twice is a double entry.
    expect(
      (await admin.call('tournaments.enter', { ...base, guest: { name: 'gjest gro', handicapIndex: 22 } })).error?.code,
    ).toBe('CONFLICT');
    expect((await admin.call('tournaments.enter', { ...base, userId: w.member2.id })).error).toBeNull();
    // The field is full: the next entry waits (docs/contract.md section 13).
    const full = await admin.call('tournaments.enter', { ...base, userId: w.owner.id });
    expect(full.error).toBeNull();
    expect(full.body).toMatchObject({ waitlisted: true, waitlistPosition: 1 });
    expect((await admin.call('tournaments.get', base)).body).toMatchObject({ entryCount: 3, waitlistCount: 1 });
  });

  it('a member may enter only themself', async () => {
    const t = await tournamentIn(w, 'open');
    const out = await (await as(w.member)).call('tournaments.enter', {
      organizationId: w.orgId,
      tournamentId: t.id,
      userId: w.member2.id,
    });
    expect(out.error?.code).toBe('NOT_ORG_ADMIN');
    const self = await (await as(w.member)).call('tournaments.enter', {
      organizationId: w.orgId,
      tournamentId: t.id,
      userId: w.member.id,
    });
    expect(self.error).toBeNull();
  });

  it('withdrawal: the entrant before play, organizers until finished, anyone else 403', async () => {
    const t = await tournamentIn(w, 'open');
    const base = { organizationId: w.orgId, tournamentId: t.id };
    const mine = (await (await as(w.member)).call('tournaments.enter', base)).body;
    const per = (await (await as(w.member2)).call('tournaments.enter', base)).body;
    const guest = (
      await (await as(w.admin)).call('tournaments.enter', { ...base, guest: { name: 'Gjest Gunn', handicapIndex: 12 } })
    ).body;
    expect((await (await as(w.member)).call('tournaments.withdraw', { ...base, entryId: per.id })).error?.code).toBe(
      'FORBIDDEN',
    );
    expect((await (await as(w.member)).call('tournaments.withdraw', { ...base, entryId: guest.id })).error?.code).toBe(
      'FORBIDDEN',
    );
    expect((await (await as(w.member)).call('tournaments.withdraw', { ...base, entryId: mine.id })).error).toBeNull();
    expect((await (await as(w.member)).call('tournaments.withdraw', { ...base, entryId: mine.id })).error?.code).toBe(
      'NOT_FOUND',
    );
    // An entry of another tournament of the same club is not this one's.
    const other = await tournamentIn(w, 'open');
    expect(
      (
        await (
          await as(w.admin)
        ).call('tournaments.withdraw', { organizationId: w.orgId, tournamentId: other.id, entryId: per.id })
      ).error?.code,
    ).toBe('NOT_FOUND');

    for (const status of ['closed', 'in_progress'] as const) {
      await (await as(w.admin)).call('tournaments.setStatus', { ...base, status });
    }
    expect((await (await as(w.member2)).call('tournaments.withdraw', { ...base, entryId: per.id })).error?.code).toBe(
      'CONFLICT',
    );
    expect((await (await as(w.admin)).call('tournaments.withdraw', { ...base, entryId: guest.id })).error).toBeNull();
    await (await as(w.admin)).call('tournaments.setStatus', { ...base, status: 'finished' });
    expect((await (await as(w.owner)).call('tournaments.withdraw', { ...base, entryId: per.id })).error?.code).toBe(
      'CONFLICT',
    );
    const { body } = await (await as(w.member)).call('tournaments.entries', base);
    expect(body.entries.map((e: { id: string }) => e.id)).toEqual([per.id]);
  });
});

describe.each(databaseKinds())('handicaps and parallel entries on %s', (kind) => {
  let deps: TestDeps;
  let w: World;
  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    w = await buildWorld(deps);
  });

  it('computes handicaps from the current index before the freeze, and keeps them frozen from in_progress on', async () => {
    const yellow = w.bogstad.tees['Gul/male']!;
    const red = w.bogstad.tees['Rød/female']!;
    // The demo file's ratings, by hand: Bogstad yellow (men) CR 71.6, slope 131, par 72; red (women) CR 72.8, slope 132, par 72.
    expect([yellow.courseRating, yellow.slope, yellow.par, red.courseRating, red.slope, red.par]).toEqual([
      71.6, 131, 72, 72.8, 132, 72,
    ]);
    const t = await tournamentIn(w, 'open');
    const base = { organizationId: w.orgId, tournamentId: t.id };
    const noIndex = await createUser(deps.db, { name: 'Uten Indeks', handicapIndex: null });
    await addMember(deps.db, w.orgId, noIndex.id, 'member');
    const per = await w.asAdmin.tournaments.enter({ ...base, userId: w.member2.id });
    const mona = await w.asAdmin.tournaments.enter({ ...base, userId: w.member.id });
    const none = await w.asAdmin.tournaments.enter({ ...base, userId: noIndex.id });
    const guest = playerEntry(
      await w.asAdmin.tournaments.enter({
        ...base,
        guest: { name: 'Gjest Grete', handicapIndex: 30 },
        divisionId: t.divisions[1]!.id,
      }),
    );

    // HI 8.6 yellow: CH = 8.6 × 131 / 113 + (71.6 − 72) = 9.5699…, shown 10; PH = round(9.5699 × 0.95 = 9.091) = 9
    // (rounding the CH first would give round(9.5) = 10: the allowance goes on the unrounded CH).
    expect(per).toMatchObject({ handicapIndex: 8.6, courseHandicap: 10, playingHandicap: 9 });
    // HI 18.4 yellow: CH = 20.9310 → 21; PH = round(19.884) = 20.
    expect(mona).toMatchObject({ handicapIndex: 18.4, courseHandicap: 21, playingHandicap: 20 });
    // No index: 54. CH = 54 × 131 / 113 − 0.4 = 62.2018 → 62; PH = round(59.092) = 59.
    expect(none).toMatchObject({ handicapIndex: 54, courseHandicap: 62, playingHandicap: 59 });
    // Guest HI 30 red: CH = 30 × 132 / 113 + 0.8 = 35.8442 → 36; PH = round(34.052) = 34.
    expect(guest).toMatchObject({
      handicapIndex: 30,
      player: { name: 'Gjest Grete' },
      courseHandicap: 36,
      playingHandicap: 34,
    });
    expect(guest.player.userId).toBeUndefined();

    // Before the freeze, a new index shows at once.
    await deps.db.update(appUser).set({ handicapIndex: 10.4 }).where(eq(appUser.id, w.member.id));
    const before = (await w.asAdmin.tournaments.entries(base)).entries.find((e) => e.id === mona.id)!;
    // HI 10.4: CH = 10.4 × 131 / 113 − 0.4 = 11.6566 → 12; PH = round(11.074) = 11.
    expect(before).toMatchObject({ handicapIndex: 10.4, courseHandicap: 12, playingHandicap: 11 });

    await w.asAdmin.tournaments.setStatus({ ...base, status: 'closed' });
    await w.asAdmin.tournaments.setStatus({ ...base, status: 'in_progress' });
    const [row] = await deps.db.select().from(tournamentEntry).where(eq(tournamentEntry.id, per.id));
    expect(row!.handicapIndex).toBe(8.6);
    expect(row!.courseHandicap).toBeCloseTo((8.6 * 131) / 113 - 0.4, 10);
    expect(row!.playingHandicap).toBe(9);

    await deps.db.update(appUser).set({ handicapIndex: 2.0 }).where(eq(appUser.id, w.member.id));
    await deps.db.update(appUser).set({ handicapIndex: 5.0 }).where(eq(appUser.id, noIndex.id));
    const after = (await w.asAdmin.tournaments.entries(base)).entries.map(playerEntry);
    const byId = (rows: unknown[][]) => [...rows].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(byId(after.map((e) => [e.id, e.handicapIndex, e.courseHandicap, e.playingHandicap]))).toEqual(
      byId([
        [per.id, 8.6, 10, 9],
        [mona.id, 10.4, 12, 11],
        [none.id, 54, 62, 59],
        [guest.id, 30, 36, 34],
      ]),
    );
    await deps.db.update(appUser).set({ handicapIndex: 18.4 }).where(eq(appUser.id, w.member.id));
  });

  it('freezes the calculated index of a player who plays off it, and a later record change leaves the entry alone', async () => {
    const player = await createUser(deps.db, { name: 'Rita Rekord', handicapIndex: 20.0 });
    await addMember(deps.db, w.orgId, player.id, 'member');
    // Her record says 10.4; she chose to play off it (decision 0419).
    await deps.db
      .update(appUser)
      .set({ calculatedIndex: 10.4, playsWith: 'calculated' })
      .where(eq(appUser.id, player.id));
    const t = await tournamentIn(w, 'open');
    const base = { organizationId: w.orgId, tournamentId: t.id };
    const entry = await w.asAdmin.tournaments.enter({ ...base, userId: player.id });
    // HI 10.4 yellow: CH = 10.4 × 131 / 113 − 0.4 = 11.6566 → 12; PH = round(11.074) = 11.
    expect(entry).toMatchObject({ handicapIndex: 10.4, courseHandicap: 12, playingHandicap: 11 });

    await w.asAdmin.tournaments.setStatus({ ...base, status: 'closed' });
    await w.asAdmin.tournaments.setStatus({ ...base, status: 'in_progress' });
    const [row] = await deps.db.select().from(tournamentEntry).where(eq(tournamentEntry.id, entry.id));
    expect(row).toMatchObject({ handicapIndex: 10.4, playingHandicap: 11 });

    // A new attested score moves her calculated index, and she switches back to the entered one: neither
    // changes the tournament she is playing.
    await deps.db.update(appUser).set({ calculatedIndex: 8.0, playsWith: 'entered' }).where(eq(appUser.id, player.id));
    const after = (await w.asAdmin.tournaments.entries(base)).entries.find((e) => e.id === entry.id)!;
    expect(after).toMatchObject({ handicapIndex: 10.4, courseHandicap: 12, playingHandicap: 11 });
  });

  it('writes an entries event for each entry and withdrawal', async () => {
    const t = await tournamentIn(w, 'open');
    const base = { organizationId: w.orgId, tournamentId: t.id };
    const e = await w.asAdmin.tournaments.enter({ ...base, userId: w.member.id });
    await w.asAdmin.tournaments.withdraw({ ...base, entryId: e.id });
    const events = await deps.db
      .select()
      .from(tournamentEvent)
      .where(eq(tournamentEvent.tournamentId, t.id))
      .orderBy(tournamentEvent.id);
    expect(events.map((x) => x.payload).slice(-2)).toEqual([{ type: 'entries' }, { type: 'entries' }]);
  });

  it('holds the entry limit (the rest wait) and "already entered" under a burst of parallel entries', async () => {
    const t = await tournamentIn(w, 'open', { entryLimit: 5 });
    const base = { organizationId: w.orgId, tournamentId: t.id };
    const players = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const user = await createUser(deps.db, { name: `Rask ${i}`, handicapIndex: 10 + i });
        await addMember(deps.db, w.orgId, user.id, 'member');
        return (await callerAs(deps, user)).caller;
      }),
    );
    const outcomes = await Promise.all(players.map((p) => p.tournaments.enter(base)));
    // Five in the field; the other seven wait, in seven places.
    expect(outcomes.filter((o) => !o.waitlisted)).toHaveLength(5);
    expect(outcomes.flatMap((o) => (o.waitlisted ? [o.waitlistPosition] : [])).sort((a, b) => a! - b!)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    const rows = await deps.db.select().from(tournamentEntry).where(eq(tournamentEntry.tournamentId, t.id));
    expect(rows.filter((r) => r.waitingNumber === null)).toHaveLength(5);

    // One member pressing "enter" many times at once: one entry.
    const other = await tournamentIn(w, 'open');
    const asMona = (await callerAs(deps, w.member)).caller;
    const twice = await Promise.allSettled(
      Array.from({ length: 6 }, () => asMona.tournaments.enter({ organizationId: w.orgId, tournamentId: other.id })),
    );
    expect(twice.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const mine = await deps.db
      .select()
      .from(tournamentEntry)
      .where(and(eq(tournamentEntry.tournamentId, other.id)));
    expect(mine).toHaveLength(1);
  });
});
