import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournament } from '../../server/db/schema';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { restClient } from '../helpers/transport';
import { buildWorld, failure, tournamentInput, type World } from './support';

/**
 * The tournament's tieBreak through the real server (decision 0423): chosen when the tournament is set up,
 * changed while it is open, applied to two tied cards played to the end as a spectator reads the public
 * leaderboard, and fixed once play has begun.
 */
describe.each(databaseKinds())('a tie decided by the tournament’s tieBreak, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let w: World;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    w = await buildWorld(deps);
  });
  afterAll(async () => {
    await server.close();
  });

  it('splits two equal rounds by the rule chosen, says which comparison did, and keeps the rule once play begins', async () => {
    const admin = w.asAdmin;
    const mona = (await callerAs(deps, w.member)).caller;
    const per = (await callerAs(deps, w.member2)).caller;
    const adminRest = restClient(server.url, { token: await sessionTokenFor(deps, w.admin) });

    // Set up with `shared`, then changed to `lowest_handicap` while entries are open; the default is countback.
    const created = await admin.tournaments.create(
      tournamentInput(w, { name: 'Likt resultat', format: 'stroke_gross', tieBreak: 'shared' }) as never,
    );
    expect(created.tieBreak).toBe('shared');
    expect((await admin.tournaments.create(tournamentInput(w) as never)).tieBreak).toBe('countback');
    const t = { organizationId: w.orgId, tournamentId: created.id };
    await admin.tournaments.setStatus({ ...t, status: 'open' });
    const changed = await adminRest.call('tournaments.update', { ...t, tieBreak: 'lowest_handicap' });
    expect(changed.status).toBe(200);
    expect(changed.body.tieBreak).toBe('lowest_handicap');

    const monaEntry = await mona.tournaments.enter(t);
    const perEntry = await per.tournaments.enter(t);
    expect(monaEntry.division.id).toBe(perEntry.division.id);
    await admin.tournaments.setStatus({ ...t, status: 'closed' });
    await admin.tournaments.setGroups({
      ...t,
      round: 1,
      generate: { firstStartsAt: '2026-06-13T07:00:00Z', intervalMinutes: 10, groupSize: 4 },
    });
    await admin.tournaments.setStatus({ ...t, status: 'in_progress' });
    const frozen = (await admin.tournaments.entries(t)).entries;
    const handicapOf = (id: string) => frozen.find((e) => e.id === id)!.playingHandicap;
    // Per (index 8.6) plays off fewer strokes than Mona (18.4).
    expect(handicapOf(perEntry.id)).toBeLessThan(handicapOf(monaEntry.id));

    // Both go round in par gross. Mona has a birdie on 12 and a bogey on 3: countback would put her first
    // on the last nine; the lower playing handicap puts Per first.
    const holes = w.bogstad.holes;
    const strokesOf = (changes: Record<number, number>) =>
      holes.map((h) => ({ hole: h.number, strokes: h.par + (changes[h.number] ?? 0) }));
    for (const { hole, strokes } of strokesOf({ 12: -1, 3: 1 }))
      await per.tournaments.setScore({ ...t, entryId: monaEntry.id, round: 1, hole, strokes });
    const spectator = restClient(server.url);
    const board = async () => {
      const res = await spectator.call('public.leaderboard', { slug: created.slug });
      expect(res.status).toBe(200);
      return (res.body.divisions as { rows: Record<string, unknown>[] }[]).find((d) => d.rows.length > 0)!.rows;
    };
    // Mona is in, Per has not started: nobody tied, nobody decided.
    expect((await board()).map((r) => [r.position, r.name, r.decidedBy])).toEqual([
      ['T1', 'Mona Medlem', undefined],
      ['T1', 'Per Medlem', undefined],
    ]);
    for (const { hole, strokes } of strokesOf({}))
      await mona.tournaments.setScore({ ...t, entryId: perEntry.id, round: 1, hole, strokes });

    const rows = await board();
    expect(rows.map((r) => [r.position, r.name, r.thru, r.strokes, r.decidedBy])).toEqual([
      ['1', 'Per Medlem', 'F', 72, 'lowest_handicap'],
      ['2', 'Mona Medlem', 'F', 72, 'lowest_handicap'],
    ]);

    // Play has begun: the rule is fixed, even to the value it has, so positions already read stay.
    for (const tieBreak of ['shared', 'lowest_handicap']) {
      const refused = await adminRest.call('tournaments.update', { ...t, tieBreak });
      expect(refused.status).toBe(409);
      expect(refused.error).toMatchObject({
        code: 'CONFLICT',
        message:
          'Spilleform, handicapandel, avgjøring av delt plass, runder og klasser kan ikke endres etter at turneringen har startet.',
      });
    }
    expect((await failure(admin.tournaments.update({ ...t, tieBreak: 'countback' }))).code).toBe('CONFLICT');
    const page = await spectator.call('public.tournament', { slug: created.slug });
    expect(page.body.tournament.tieBreak).toBe('lowest_handicap');
    expect((await board()).map((r) => [r.position, r.name])).toEqual([
      ['1', 'Per Medlem'],
      ['2', 'Mona Medlem'],
    ]);
  });

  it('refuses a tie-break it does not know, naming the ones it does; so does the database', async () => {
    const out = await failure(w.asAdmin.tournaments.create(tournamentInput(w, { tieBreak: 'coin_toss' }) as never));
    expect(out.code).toBe('INVALID_INPUT');
    expect(out.issues).toEqual([
      {
        path: 'tieBreak',
        message: 'Avgjøring av delt plass er countback, lowest_handicap eller shared.',
      },
    ]);
    const made = await w.asAdmin.tournaments.create(tournamentInput(w) as never);
    const write = deps.db
      .update(tournament)
      .set({ tieBreak: 'coin_toss' as never })
      .where(eq(tournament.id, made.id));
    const refusal = await write.then(
      () => 'written',
      (e: { cause?: { message?: string }; message?: string }) => e.cause?.message ?? e.message ?? '',
    );
    expect(refusal).toContain('tournament_tie_break_valid');
  });
});
