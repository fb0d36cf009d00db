import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundView, SideView } from '../../shared/schemas/rounds';
import type { RoundFormat } from '../../shared/values';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { restClient, TRANSPORTS, trpcClient, type Client, type Transport } from '../helpers/transport';
import { connect, watch } from '../helpers/live';
import { applyUpdate } from '../../client/src/features/rounds/live-update';

/**
 * Team formats in rounds (docs/contract.md section 12, decision 0424) through the real server. The course
 * is flat (rating 72 = par, slope 113), so each course handicap is the index itself and the team handicaps
 * read straight from GOLF.md's percentages.
 */
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
const SI = [7, 11, 15, 1, 5, 13, 17, 3, 9, 8, 16, 4, 2, 12, 10, 18, 6, 14];

type User = Awaited<ReturnType<typeof createUser>>;
type Caller = Awaited<ReturnType<typeof callerAs>>['caller'];

function side(view: RoundView, name: string): SideView {
  return view.sides.find((s) => s.name === name)!;
}

describe.each(databaseKinds())('team formats in rounds, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let owner: User;
  let partner: User;
  let rival: User;
  let asOwner: Caller;
  let asPartner: Caller;
  let courseId: string;
  let teeId: string;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    owner = await createUser(deps.db, { name: 'Ola Eier', handicapIndex: 20 });
    partner = await createUser(deps.db, { name: 'Pia Partner', handicapIndex: 10 });
    rival = await createUser(deps.db, { name: 'Rune Rival', handicapIndex: 4 });
    asOwner = (await callerAs(deps, owner)).caller;
    asPartner = (await callerAs(deps, partner)).caller;
    for (const user of [owner, partner]) tokens.set(user.id, await sessionTokenFor(deps, user));
    const course = await asOwner.personalCourses.create({
      name: 'Flatmark',
      country: 'NO',
      shared: false,
      holes: PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i]! })),
      tees: [{ name: 'Gul', courseRating: 72, slope: 113, par: 72 }],
    });
    courseId = course.id;
    teeId = course.tees[0]!.id;
  });
  afterAll(() => server.close());

  const client = (transport: Transport, userId: string): Client =>
    transport === 'rest'
      ? restClient(server.url, { token: tokens.get(userId)! })
      : trpcClient(deps, { token: tokens.get(userId)! });

  /** Answers the body, failing the test with the error the server gave. */
  async function ok(c: Client, procedure: Parameters<Client['call']>[0], input: unknown) {
    const outcome = await c.call(procedure, input);
    expect(outcome.error, `${procedure}: ${outcome.error?.message}`).toBeNull();
    return outcome.body;
  }

  async function newRound(format: RoundFormat, c: Client = trpcClient(deps, { token: tokens.get(owner.id)! })) {
    const round = await ok(c, 'rounds.create', { courseId, teeId, playedOn: '2026-07-01', format, holes: '18' });
    return round.id as string;
  }

  async function sideWith(
    roundId: string,
    name: string,
    players: ({ userId: string } | { guest: { name: string; handicapIndex: number } })[],
    c?: Client,
  ) {
    const caller = c ?? trpcClient(deps, { token: tokens.get(owner.id)! });
    const created = await ok(caller, 'rounds.addSide', { roundId, name });
    const ids: string[] = [];
    for (const p of players)
      ids.push((await ok(caller, 'rounds.addParticipant', { roundId, sideId: created.id, ...p })).id);
    return { sideId: created.id as string, ids };
  }

  describe.each(TRANSPORTS)('a scramble round of two sides, over %s', (transport) => {
    it('plays one ball per side off its team handicap; either player’s score replaces the other’s; attest is refused', async () => {
      const asOwnerC = client(transport, owner.id);
      const asPartnerC = client(transport, partner.id);
      const roundId = await newRound('scramble', asOwnerC);
      // Side A: 35 % × 10 + 15 % × 20 = 6.5 → 7. Side B: 35 % × 4 + 15 % × 30 = 5.9 → 6.
      const a = await sideWith(roundId, 'A', [{ userId: owner.id }, { userId: partner.id }], asOwnerC);
      await sideWith(
        roundId,
        'B',
        [{ userId: rival.id }, { guest: { name: 'Gunn Gjest', handicapIndex: 30 } }],
        asOwnerC,
      );

      let view: RoundView = await ok(asOwnerC, 'rounds.get', { roundId });
      expect(view.allowancePercent).toBeNull();
      // The side's first player in the view's order holds the ball; the other's card shows it too.
      const holder = side(view, 'A').participants[0]!.id;
      const other = a.ids.find((id) => id !== holder)!;
      expect(side(view, 'A').ball).toMatchObject({ participantId: holder, playingHandicap: 7 });
      expect(side(view, 'B').ball).toMatchObject({ playingHandicap: 6 });

      // Pia enters hole 1 naming the card that does not hold the ball: it is the side's ball all the same.
      view = await ok(asPartnerC, 'rounds.setScore', { roundId, participantId: other, hole: 1, strokes: 5 });
      const ballA = side(view, 'A').ball!;
      expect(ballA.participantId).toBe(holder);
      expect(ballA.holes[0]).toMatchObject({ hole: 1, strokes: 5, strokesReceived: 1, net: 4 });
      // Both players' cards show it, and play off the team handicap.
      for (const p of side(view, 'A').participants) {
        expect(p.holes[0]!.strokes).toBe(5);
        expect(p.playingHandicap).toBe(7);
      }
      // Ola corrects it naming the holder's card: the later write replaces Pia's; one score on the hole.
      view = await ok(asOwnerC, 'rounds.setScore', {
        roundId,
        participantId: holder,
        hole: 1,
        strokes: 4,
        previousStrokes: 5,
      });
      expect(side(view, 'A').ball!.holes[0]!.strokes).toBe(4);
      expect(side(view, 'A').participants.map((p) => p.holes[0]!.strokes)).toEqual([4, 4]);
      // Pia's phone re-sends its old edit from an empty hole: the ball has moved on, so 409, as for one card.
      const stale = await asPartnerC.call('rounds.setScore', {
        roundId,
        participantId: other,
        hole: 1,
        strokes: 5,
        previousStrokes: null,
      });
      expect(stale.status).toBe(409);

      // The ball plays holes 2 and 3 (no strokes there: SI 11 and 15 are above 7); side B plays 4, 4, 3.
      await ok(asPartnerC, 'rounds.setScore', { roundId, participantId: a.ids[1], hole: 2, strokes: 4 });
      await ok(asOwnerC, 'rounds.setScore', { roundId, participantId: a.ids[0], hole: 3, strokes: 3 });
      const b = side(view, 'B');
      for (const [i, strokes] of [4, 4, 3].entries()) {
        view = await ok(asOwnerC, 'rounds.setScore', {
          roundId,
          participantId: b.participants[1]!.id,
          hole: i + 1,
          strokes,
        });
      }
      expect(side(view, 'A').ball!.totals).toMatchObject({ holesPlayed: 3, gross: 11, net: 10, netToPar: -1 });
      expect(side(view, 'A').standing).toEqual({
        format: 'stroke',
        holesPlayed: 3,
        net: 10,
        netToPar: -1,
        position: 1,
      });
      // Side B's 6 strokes fall on SI 1–6: none on holes 1–3.
      expect(side(view, 'B').standing).toMatchObject({ net: 11, netToPar: 0, position: 2 });

      // A later course edit does not move the team handicap frozen at the first score (decision 0417).
      await asOwner.personalCourses.update({
        personalCourseId: courseId,
        tees: [{ id: teeId, name: 'Gul', courseRating: 74, slope: 140, par: 72 }],
      });
      view = await ok(asOwnerC, 'rounds.get', { roundId });
      expect(side(view, 'A').ball!.playingHandicap).toBe(7);
      expect(side(view, 'B').ball!.playingHandicap).toBe(6);
      await asOwner.personalCourses.update({
        personalCourseId: courseId,
        tees: [{ id: teeId, name: 'Gul', courseRating: 72, slope: 113, par: 72 }],
      });

      // Team formats never enter the handicap record.
      await ok(asOwnerC, 'rounds.finish', { roundId });
      const attest = await asPartnerC.call('rounds.attest', { roundId, participantId: a.ids[0] });
      expect(attest.status).toBe(409);
      expect(attest.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/Lagspill teller ikke/) });

      // Shared to the feed, the result has one line per ball: the sides, not their players twice over.
      if (transport === 'trpc') {
        const item = await asOwner.rounds.share({ roundId });
        expect(item.players).toEqual([
          { name: 'A', total: 11 },
          { name: 'B', total: 11 },
        ]);
      }
    });
  });

  it('a four-player scramble side plays off 25 / 20 / 15 / 10 % from the lowest CH up', async () => {
    const roundId = await newRound('scramble');
    // 25 % × 4.2 + 20 % × 12.8 + 15 % × 20.5 + 10 % × 30.1 = 9.695 → 10, the players named in any order.
    await sideWith(roundId, 'Fire', [
      { guest: { name: 'Tre', handicapIndex: 20.5 } },
      { guest: { name: 'En', handicapIndex: 4.2 } },
      { guest: { name: 'Fire', handicapIndex: 30.1 } },
      { guest: { name: 'To', handicapIndex: 12.8 } },
    ]);
    const view = await asOwner.rounds.get({ roundId });
    expect(side(view, 'Fire').ball!.playingHandicap).toBe(10);
    expect(side(view, 'Fire').ball!.holes.filter((h) => h.strokesReceived === 1)).toHaveLength(10);
  });

  it('foursomes: two a side, 50 % of the combined CH; a third player and a lone player are refused', async () => {
    const roundId = await newRound('foursomes');
    const pair = await sideWith(roundId, 'Par', [
      { guest: { name: 'Kari', handicapIndex: 10.6 } },
      { guest: { name: 'Knut', handicapIndex: 17.6 } },
    ]);
    await expect(
      asOwner.rounds.addParticipant({ roundId, sideId: pair.sideId, guest: { name: 'Tredje', handicapIndex: 5 } }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/høyst 2 spillere/) });
    const alone = await sideWith(roundId, 'Alene', [{ userId: partner.id }]);

    // (10.6 + 17.6) / 2 = 14.1 → 14.
    let view = await asOwner.rounds.get({ roundId });
    expect(side(view, 'Par').ball!.playingHandicap).toBe(14);
    expect(side(view, 'Alene').ball).toBeNull();
    // Scoring cannot start while a side has a size foursomes has no allowance for.
    await expect(
      asOwner.rounds.setScore({ roundId, participantId: pair.ids[1]!, hole: 4, strokes: 6 }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/Alene har feil antall spillere.*2 spillere/),
    });
    view = await asOwner.rounds.get({ roundId });
    expect(view.handicapsFrozen).toBe(false);
    expect(side(view, 'Par').ball!.holes[3]!.strokes).toBeNull();
    // The lone player is kept for another round; this one cannot start with them.
    expect(alone.ids).toHaveLength(1);
  });

  it('foursomes round played: the side’s ball on stroke index, net stroke play', async () => {
    const roundId = await newRound('foursomes');
    const pair = await sideWith(roundId, 'Par', [
      { userId: owner.id },
      { guest: { name: 'Knut', handicapIndex: 13.1 } },
    ]);
    // (20 + 13.1) / 2 = 16.55 → 17: a stroke on SI 1–17, so on every hole but the 16th (SI 18).
    const view = await asOwner.rounds.setScore({ roundId, participantId: pair.ids[1]!, hole: 16, strokes: 3 });
    const ball = side(view, 'Par').ball!;
    expect(ball.playingHandicap).toBe(17);
    expect(ball.holes.filter((h) => h.strokesReceived === 0).map((h) => h.hole)).toEqual([16]);
    expect(ball.holes[15]).toMatchObject({ strokes: 3, net: 3 });
    expect(side(view, 'Par').standing).toMatchObject({ format: 'stroke', netToPar: 0, position: 1 });
    expect(view.handicapsFrozen).toBe(true);
  });

  it('a scramble side of three is refused at the first score; adding a fifth is refused', async () => {
    const roundId = await newRound('scramble');
    const three = await sideWith(roundId, 'Tre', [
      { guest: { name: 'A', handicapIndex: 1 } },
      { guest: { name: 'B', handicapIndex: 2 } },
      { guest: { name: 'C', handicapIndex: 3 } },
    ]);
    await expect(
      asOwner.rounds.setScore({ roundId, participantId: three.ids[0]!, hole: 1, strokes: 4 }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/2 eller 4 spillere/) });
    await asOwner.rounds.addParticipant({ roundId, sideId: three.sideId, guest: { name: 'D', handicapIndex: 4 } });
    await expect(
      asOwner.rounds.addParticipant({ roundId, sideId: three.sideId, guest: { name: 'E', handicapIndex: 5 } }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const view = await asOwner.rounds.setScore({ roundId, participantId: three.ids[2]!, hole: 1, strokes: 4 });
    expect(side(view, 'Tre').ball!.holes[0]!.strokes).toBe(4);
  });

  it('four-ball Stableford: 85 % each, the better points per hole with strokes on different holes', async () => {
    const roundId = await newRound('fourball_stableford');
    // PH 18 × 85 % = 15.3 → 15 (strokes on SI 1–15) and 2 × 85 % = 1.7 → 2 (SI 1 and 2 only).
    const a = await sideWith(roundId, 'A', [
      { guest: { name: 'Høy', handicapIndex: 18 } },
      { guest: { name: 'Lav', handicapIndex: 2 } },
    ]);
    await expect(
      asOwner.rounds.addParticipant({ roundId, sideId: a.sideId, guest: { name: 'Tredje', handicapIndex: 5 } }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // A side of one: Pia's lone ball counts alone (PH 8.5 → 9).
    const b = await sideWith(roundId, 'B', [{ userId: partner.id }]);
    // Pia scores her own ball (the first score: the handicaps freeze).
    await asPartner.rounds.setScore({ roundId, participantId: b.ids[0]!, hole: 1, strokes: 4 });
    const scores: [string, number, number][] = [
      [a.ids[0]!, 1, 5],
      [a.ids[0]!, 2, 4],
      [a.ids[0]!, 3, 4],
      [a.ids[0]!, 4, 7],
      [a.ids[1]!, 1, 4],
      [a.ids[1]!, 2, 5],
      [a.ids[1]!, 4, 5],
      [b.ids[0]!, 2, 4],
      [b.ids[0]!, 3, 4],
      [b.ids[0]!, 4, 5],
    ];
    let view: RoundView | undefined;
    for (const [participantId, hole, strokes] of scores)
      view = await asOwner.rounds.setScore({ roundId, participantId, hole, strokes });
    expect(view!.allowancePercent).toBe(85);
    const handicaps = Object.fromEntries(side(view!, 'A').participants.map((p) => [p.name, p.playingHandicap]));
    expect(handicaps).toEqual({ Høy: 15, Lav: 2 });
    expect(side(view!, 'A').ball).toBeNull();
    // A: 2 (both), 3 (Høy's net 3), 2 (Høy alone on hole 3), 3 (Lav's net 4 on the par 5) = 10.
    expect(side(view!, 'A').standing).toEqual({
      format: 'stableford',
      holesPlayed: 4,
      points: 10,
      pointsToPar: 2,
      position: 1,
    });
    expect(side(view!, 'B').standing).toMatchObject({ points: 9, position: 2 });
    // Four-ball scores stay each player's own.
    const third = Object.fromEntries(side(view!, 'A').participants.map((p) => [p.name, p.holes[2]!.strokes]));
    expect(third).toEqual({ Høy: 4, Lav: null });
  });

  it('a live score on a side’s ball reaches every card of the side and the ball, as a patch', async () => {
    const roundId = await newRound('greensomes');
    const pair = await sideWith(roundId, 'Par', [{ userId: owner.id }, { userId: partner.id }]);
    const first = await asOwner.rounds.setScore({ roundId, participantId: pair.ids[0]!, hole: 1, strokes: 5 });
    const live = connect(server, `service_session=${tokens.get(partner.id)!}`);
    try {
      const updates = watch(live.client, { roundId });
      await updates.next(1);
      let held: RoundView | undefined = applyUpdate(undefined, updates.events[0]!.data);
      expect(held).toEqual(first);
      // The owner enters hole 2 naming Pia's card: a score on the side's ball.
      const after = await asOwner.rounds.setScore({ roundId, participantId: pair.ids[1]!, hole: 2, strokes: 4 });
      await updates.next(2);
      const update = updates.events[1]!.data;
      expect(update.patch).toBeDefined();
      expect(update.patch!.participants.map((p) => p.id).sort()).toEqual([...pair.ids].sort());
      held = applyUpdate(held, update);
      expect(held).toEqual(after);
      expect(side(held!, 'Par').ball!.holes[1]!.strokes).toBe(4);
      updates.subscription.unsubscribe();
      // The round list gives each player of the side the side's result.
      const listed = (await asPartner.rounds.mine({})).rounds.find((r) => r.id === roundId)!;
      expect(listed.result!.totals).toMatchObject({ holesPlayed: 2, gross: 9 });
    } finally {
      await live.wsClient.close();
    }
  });

  it('stroke play with a side of three keeps today’s four-ball rule and any side size', async () => {
    const roundId = await newRound('stroke');
    const big = await sideWith(roundId, 'Mange', [
      { guest: { name: 'En', handicapIndex: 10 } },
      { guest: { name: 'To', handicapIndex: 20 } },
      { guest: { name: 'Tre', handicapIndex: 30 } },
    ]);
    const view = await asOwner.rounds.setScore({ roundId, participantId: big.ids[0]!, hole: 1, strokes: 4 });
    expect(view.allowancePercent).toBe(85);
    expect(side(view, 'Mange').ball).toBeNull();
  });
});
