import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handicapScore, tournamentEntry, tournamentEntryPlayer } from '../../server/db/schema';
import type { TeamEntryView } from '../../shared/schemas/tournaments';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { restClient } from '../helpers/transport';
import { buildWorld, failure, tournamentInput, type World } from './support';

/**
 * Team formats in tournaments through the real server (docs/contract.md section 12, decision 0426): teams
 * entered by an organizer and by a member with a partner, their handicaps, start lists of teams, the ball a
 * score is for, one signature a team, and the leaderboard a spectator reads.
 */

/** GOLF.md: CH = HI × slope / 113 + (CR − par), unrounded. */
function courseHandicapOf(index: number, tee: { slope: number; courseRating: number; par: number }): number {
  return (index * tee.slope) / 113 + (tee.courseRating - tee.par);
}

/** ".5 rounded upwards": toward the higher number. */
function roundUp(value: number): number {
  return Math.floor(Number(value.toPrecision(12)) + 0.5);
}

function team(entry: unknown): TeamEntryView {
  if (!entry || typeof entry !== 'object' || !('players' in entry)) throw new Error('expected a team entry');
  return entry as TeamEntryView;
}

describe.each(databaseKinds())('team formats in a tournament, on %s', (kind) => {
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

  it('keeps team sizes and allowances to the formats that have them', async () => {
    const create = (overrides: Record<string, unknown>) =>
      failure(w.asAdmin.tournaments.create(tournamentInput(w, overrides) as never));
    expect((await create({ format: 'foursomes', teamSize: 4 })).issues).toEqual([
      { path: 'teamSize', message: 'Denne spilleformen spilles med lag på 2 spillere.' },
    ]);
    expect((await create({ format: 'scramble', teamSize: 3 })).issues).toEqual([
      { path: 'teamSize', message: 'Denne spilleformen spilles med lag på 2 eller 4 spillere.' },
    ]);
    expect((await create({ format: 'stroke_net', teamSize: 2 })).issues).toEqual([
      { path: 'teamSize', message: 'Denne spilleformen spilles individuelt: teamSize er 1.' },
    ]);
    expect((await create({ format: 'greensomes', allowancePercent: 90 })).issues?.[0]?.path).toBe('allowancePercent');

    const fourBall = await w.asAdmin.tournaments.create(tournamentInput(w, { format: 'fourball_stroke' }) as never);
    expect([fourBall.teamSize, fourBall.allowancePercent]).toEqual([2, 85]);
    const scramble = await w.asAdmin.tournaments.create(
      tournamentInput(w, { format: 'scramble', teamSize: 4 }) as never,
    );
    expect([scramble.teamSize, scramble.allowancePercent]).toEqual([4, 100]);
    const individual = await w.asAdmin.tournaments.create(tournamentInput(w) as never);
    expect(individual.teamSize).toBe(1);

    // An individual tournament takes no team, and a team tournament no lone player.
    const single = { organizationId: w.orgId, tournamentId: individual.id };
    await w.asAdmin.tournaments.setStatus({ ...single, status: 'open' });
    expect(
      (await failure(w.asAdmin.tournaments.enter({ ...single, partnerUserId: w.member.id }))).issues?.[0]?.message,
    ).toBe('Turneringen spilles individuelt: meld på én spiller.');
    const pairs = { organizationId: w.orgId, tournamentId: fourBall.id };
    await w.asAdmin.tournaments.setStatus({ ...pairs, status: 'open' });
    expect((await failure(w.asAdmin.tournaments.enter(pairs))).issues?.[0]?.message).toBe(
      'Turneringen spilles i lag på 2: meld på laget med players, eller deg selv med partnerUserId.',
    );
    // The size changes only while nobody has entered.
    await w.asAdmin.tournaments.enter({ ...pairs, players: [{ userId: w.owner.id }, { userId: w.admin.id }] });
    expect((await failure(w.asAdmin.tournaments.update({ ...pairs, format: 'stroke_net' }))).code).toBe('CONFLICT');
  });

  it('plays four-ball Stableford: each player’s own ball, the better one counting, one signature a team', async () => {
    const mona = (await callerAs(deps, w.member)).caller;
    const per = (await callerAs(deps, w.member2)).caller;
    const olga = (await callerAs(deps, w.owner)).caller;
    const created = await w.asAdmin.tournaments.create(
      tournamentInput(w, { name: 'Bestball', format: 'fourball_stableford' }) as never,
    );
    const t = { organizationId: w.orgId, tournamentId: created.id };
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'open' });

    // Mona enters with Per; Per withdraws the team they are both on, and Mona enters it again.
    const first = team(await mona.tournaments.enter({ ...t, partnerUserId: w.member2.id }));
    expect(first.name).toBe('Medlem / Medlem');
    expect((await failure(per.tournaments.enter({ ...t, partnerUserId: w.member.id }))).code).toBe('CONFLICT');
    await per.tournaments.withdraw({ ...t, entryId: first.id });
    // A partner from another club is no member here.
    expect(await failure(mona.tournaments.enter({ ...t, partnerUserId: w.outsider.id }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Bare medlemmer av klubben kan meldes på med konto. Meld på som gjest i stedet.',
    });
    const pair = team(await mona.tournaments.enter({ ...t, partnerUserId: w.member2.id, name: 'Mona og Per' }));
    // An organizer enters a member with a guest, over REST; the name is their surnames.
    const adminRest = restClient(server.url, { token: await sessionTokenFor(deps, w.admin) });
    const answer = await adminRest.call('tournaments.enter', {
      ...t,
      players: [{ userId: w.owner.id }, { guest: { name: 'Gunnar Gjest', handicapIndex: 24.3 } }],
    });
    expect(answer.status).toBe(201);
    const guests = team(answer.body);
    expect(guests.name).toBe('Eier / Gjest');
    expect(guests.players.map((p) => [p.name, 'userId' in p])).toEqual([
      ['Olga Eier', true],
      ['Gunnar Gjest', false],
    ]);

    // Each player plays off 85 % of their own course handicap; the team's is the sum.
    const yellow = w.bogstad.tees['Gul/male']!;
    const own = (index: number) => roundUp((courseHandicapOf(index, yellow) * 85) / 100);
    expect(pair.players.map((p) => [p.name, p.playingHandicap])).toEqual([
      ['Mona Medlem', own(18.4)],
      ['Per Medlem', own(8.6)],
    ]);
    expect(pair.playingHandicap).toBe(own(18.4) + own(8.6));

    // A group holds four players: two teams, not three.
    const generate = { firstStartsAt: '2026-06-13T07:00:00Z', intervalMinutes: 10 };
    expect(
      (await failure(w.asAdmin.tournaments.setGroups({ ...t, round: 1, generate: { ...generate, groupSize: 3 } })))
        .issues?.[0]?.message,
    ).toBe('En gruppe har høyst fire spillere: høyst 2 lag.');
    await w.asAdmin.tournaments.setGroups({ ...t, round: 1, generate: { ...generate, groupSize: 2 } });
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'closed' });
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'in_progress' });

    const [monaBall, perBall] = pair.players;
    const score = { ...t, entryId: pair.id, round: 1 };
    expect((await failure(mona.tournaments.setScore({ ...score, hole: 1, strokes: 5 }))).issues?.[0]?.message).toBe(
      'I bestball fører hver spiller sin egen ball: oppgi playerId.',
    );
    expect(
      (await failure(mona.tournaments.setScore({ ...score, hole: 1, strokes: 5, playerId: guests.players[0]!.id })))
        .issues?.[0]?.path,
    ).toBe('playerId');

    // Mona plays every hole in par; Per makes a birdie on the 18th and a double bogey everywhere else.
    // The other team plays bogeys with the owner and pars with the guest, entered by the owner as its marker.
    const holes = w.bogstad.holes;
    for (const h of holes) {
      await mona.tournaments.setScore({ ...score, hole: h.number, strokes: h.par, playerId: monaBall!.id });
      await olga.tournaments.setScore({
        ...score,
        hole: h.number,
        strokes: h.number === 18 ? h.par - 1 : h.par + 2,
        playerId: perBall!.id,
      });
      await olga.tournaments.setScore({
        ...t,
        entryId: guests.id,
        round: 1,
        hole: h.number,
        strokes: h.par + 1,
        playerId: guests.players[0]!.id,
      });
      await olga.tournaments.setScore({
        ...t,
        entryId: guests.id,
        round: 1,
        hole: h.number,
        strokes: h.par,
        playerId: guests.players[1]!.id,
      });
    }

    // Mona's phone shows both balls and, hole by hole, the one that counts: her par on the 1st, Per's birdie on the 18th.
    const card = (await mona.tournaments.cards({ ...t, round: 1 })).cards.find((c) => c.entryId === pair.id)!;
    const [opening, closing] = [holes[0]!, holes[17]!];
    expect(card.balls!.map((b) => [b.name, b.strokes[0], b.strokes[17]])).toEqual([
      ['Mona Medlem', opening.par, closing.par],
      ['Per Medlem', opening.par + 2, closing.par - 1],
    ]);
    expect([card.strokes[0], card.strokes[17]]).toEqual([opening.par, closing.par - 1]);
    expect(card.players).toEqual(['Mona Medlem', 'Per Medlem']);

    // Stableford points of a ball on a hole: 2 + par + received − strokes; the better ball counts.
    const received = (ph: number, si: number) => Math.floor(ph / 18) + (si <= ph % 18 ? 1 : 0);
    const frozen = (await w.asAdmin.tournaments.entries(t)).entries.map(team);
    const ph = (entryId: string, ball: number) => frozen.find((e) => e.id === entryId)!.players[ball]!.playingHandicap!;
    const pointsOf = (entryId: string, strokesOf: ((par: number, hole: number) => number)[]) =>
      holes.reduce(
        (total, h) =>
          total +
          Math.max(
            ...strokesOf.map((strokes, ball) =>
              Math.max(0, 2 + h.par + received(ph(entryId, ball), h.strokeIndex) - strokes(h.par, h.number)),
            ),
          ),
        0,
      );
    const pairPoints = pointsOf(pair.id, [(par) => par, (par, hole) => (hole === 18 ? par - 1 : par + 2)]);
    const guestPoints = pointsOf(guests.id, [(par) => par + 1, (par) => par]);

    const spectator = restClient(server.url);
    const board = await spectator.call('public.leaderboard', { slug: created.slug });
    const rows = (board.body.divisions as { rows: Record<string, unknown>[] }[]).flatMap((d) => d.rows);
    expect(rows.map((r) => [r.name, r.players, r.thru, r.points])).toEqual(
      [
        ['Mona og Per', ['Mona Medlem', 'Per Medlem'], 'F', pairPoints],
        ['Eier / Gjest', ['Olga Eier', 'Gunnar Gjest'], 'F', guestPoints],
      ].sort((a, b) => Number(b[3]) - Number(a[3])),
    );

    // One signature a team (either player), and the marker from the other team: the card locks, and a team's
    // score enters nobody's handicap record.
    const sign = { ...t, entryId: pair.id, round: 1 };
    expect(await per.tournaments.signCard(sign)).toMatchObject({ signedByPlayer: true, signedByMarker: false });
    expect(await olga.tournaments.signCard(sign)).toMatchObject({ signedByPlayer: true, locked: true });
    const record = await deps.db.select().from(handicapScore).where(eq(handicapScore.tournamentEntryId, pair.id));
    expect(record).toEqual([]);
  });

  it('plays a scramble of four: one ball, entered by any player, the team’s handicap from GOLF.md’s shares', async () => {
    const mona = (await callerAs(deps, w.member)).caller;
    const per = (await callerAs(deps, w.member2)).caller;
    const olga = (await callerAs(deps, w.owner)).caller;
    const created = await w.asAdmin.tournaments.create(
      tournamentInput(w, { name: 'Scramble', format: 'scramble', teamSize: 4 }) as never,
    );
    const t = { organizationId: w.orgId, tournamentId: created.id };
    const four = team(
      await w.asAdmin.tournaments.enter({
        ...t,
        players: [
          { userId: w.member.id },
          { userId: w.admin.id },
          { guest: { name: 'Gunnar Gjest', handicapIndex: 30 } },
          { userId: w.member2.id },
        ],
      }),
    );
    expect(four.players.map((p) => p.name)).toEqual(['Mona Medlem', 'Arne Admin', 'Gunnar Gjest', 'Per Medlem']);
    expect(
      (await failure(w.asAdmin.tournaments.enter({ ...t, players: [{ userId: w.owner.id }, { userId: w.owner.id }] })))
        .issues?.[0]?.message,
    ).toBe('Et lag i denne turneringen har 4 spillere.');
    await w.asAdmin.tournaments.setGroups({
      ...t,
      round: 1,
      groups: [{ startsAt: '2026-06-13T07:00:00Z', tee: 1, entryIds: [four.id] }],
    });
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'open' });
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'closed' });
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'in_progress' });

    // 25 / 20 / 15 / 10 % of the unrounded course handicaps from the lowest up, the sum rounded once.
    const stored = await deps.db
      .select({ ch: tournamentEntryPlayer.courseHandicap })
      .from(tournamentEntryPlayer)
      .where(eq(tournamentEntryPlayer.entryId, four.id));
    const yellow = w.bogstad.tees['Gul/male']!;
    const chs = [8.6, 18.4, 20.0, 30].map((index) => courseHandicapOf(index, yellow));
    expect(stored.map((r) => r.ch).sort((a, b) => a! - b!)).toEqual(chs);
    const expected = roundUp((chs[0]! * 25 + chs[1]! * 20 + chs[2]! * 15 + chs[3]! * 10) / 100);
    const [entryRow] = await deps.db.select().from(tournamentEntry).where(eq(tournamentEntry.id, four.id));
    expect(entryRow!.playingHandicap).toBe(expected);

    // One ball: any player writes it, a later write replaces it, and naming a player is refused.
    const score = { ...t, entryId: four.id, round: 1, hole: 1 };
    await mona.tournaments.setScore({ ...score, strokes: 4 });
    await per.tournaments.setScore({ ...score, strokes: 3 });
    expect(
      (await failure(per.tournaments.setScore({ ...score, strokes: 3, playerId: four.players[0]!.id }))).issues,
    ).toEqual([{ path: 'playerId', message: 'I denne spilleformen har laget én ball: oppgi ikke playerId.' }]);
    for (const h of w.bogstad.holes.slice(1))
      await mona.tournaments.setScore({ ...score, hole: h.number, strokes: h.par });
    const cards = await mona.tournaments.cards({ ...t, round: 1 });
    expect(cards.cards.map((c) => [c.name, c.strokes[0], c.playingHandicap])).toEqual([[four.name, 3, expected]]);

    // Alone in its group, the team has no other team to mark it: the owner, who does not play, marks it.
    expect(await per.tournaments.signCard({ ...t, entryId: four.id, round: 1 })).toMatchObject({
      signedByPlayer: true,
      locked: false,
    });
    expect(await olga.tournaments.signCard({ ...t, entryId: four.id, round: 1 })).toMatchObject({ locked: true });
  });
});
