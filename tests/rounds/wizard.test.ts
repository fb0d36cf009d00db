import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appUser } from '../../server/db/schema';
import { courseHandicap, playingHandicap, wholeCourseHandicap, allocateStrokes } from '../../server/golf';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { demoCourse, type DemoTee } from './helpers';

type Caller = Awaited<ReturnType<typeof callerAs>>['caller'];
const JSON_HEADERS = { 'content-type': 'application/json' };

describe.each(databaseKinds())('the round wizard, through tRPC, on %s', (kind) => {
  let deps: TestDeps;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let friend: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  let asOwner: Caller;
  let asFriend: Caller;
  let asStranger: Caller;
  let courseId: string;
  let teeId: string;
  let ratings: DemoTee;
  let holes: { number: number; par: number; strokeIndex: number }[];

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    ({
      course: { id: courseId, holes },
      teeId,
      ratings,
    } = await demoCourse(deps, 'oslo-gk', 'Bogstad'));
    owner = await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 18.4 });
    friend = await createUser(deps.db, { name: 'Frode Venn', handicapIndex: 9.2, email: 'frode@example.no' });
    stranger = await createUser(deps.db, { name: 'Sara Fremmed', handicapIndex: 5 });
    asOwner = (await callerAs(deps, owner)).caller;
    asFriend = (await callerAs(deps, friend)).caller;
    asStranger = (await callerAs(deps, stranger)).caller;
  });

  const rating = () => ({ courseRating: ratings.courseRating, slope: ratings.slope, par: ratings.par });
  const expectedHandicaps = (index: number, allowance: number) => {
    const ch = courseHandicap(index, rating());
    return { courseHandicap: wholeCourseHandicap(ch), playingHandicap: playingHandicap(ch, allowance) };
  };

  it('creates a round, then sides, then participants (an account found by e-mail, the owner, a guest)', async () => {
    const round = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-01',
      format: 'stroke',
      holes: '18',
    });
    expect(round).toMatchObject({
      ownerUserId: owner.id,
      format: 'stroke',
      holes: '18',
      status: 'open',
      handicapsFrozen: false,
      course: { id: courseId, kind: 'official', name: 'Bogstad', club: { slug: 'oslo-gk', name: 'Oslo Golfklubb' } },
      tee: { id: teeId, name: 'Gul' },
      sides: [],
    });
    expect(round.card).toHaveLength(18);

    const eva = await asOwner.rounds.addSide({ roundId: round.id, name: 'Eva' });
    const frode = await asOwner.rounds.addSide({ roundId: round.id, name: 'Frode' });
    const ola = await asOwner.rounds.addSide({ roundId: round.id, name: 'Ola' });
    expect(eva).toMatchObject({ name: 'Eva', participants: [] });

    // The friend shares nothing with the owner yet: only the exact address finds them.
    expect((await asOwner.participants.search({ q: 'Frode' })).accounts).toEqual([]);
    const found = await asOwner.participants.search({ q: 'Frode@Example.no' });
    expect(found.accounts).toEqual([
      { userId: friend.id, name: 'Frode Venn', handicapIndex: 9.2, email: 'frode@example.no' },
    ]);

    const me = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: eva.id, userId: owner.id });
    const him = await asOwner.rounds.addParticipant({
      roundId: round.id,
      sideId: frode.id,
      userId: found.accounts[0]!.userId,
    });
    const guest = await asOwner.rounds.addParticipant({
      roundId: round.id,
      sideId: ola.id,
      guest: { name: 'Ola Gjest', handicapIndex: 27.7 },
    });

    expect(me).toMatchObject({ name: 'Eva Eier', isGuest: false, handicapIndex: 18.4, ...expectedHandicaps(18.4, 95) });
    expect(him).toMatchObject({
      name: 'Frode Venn',
      userId: friend.id,
      handicapIndex: 9.2,
      ...expectedHandicaps(9.2, 95),
    });
    expect(guest).toMatchObject({
      name: 'Ola Gjest',
      userId: null,
      isGuest: true,
      handicapIndex: 27.7,
      ...expectedHandicaps(27.7, 95),
    });
    // Strokes received follow the stroke indexes of the card.
    const ph = expectedHandicaps(27.7, 95).playingHandicap;
    expect(guest.holes.map((h) => h.strokesReceived)).toEqual(
      allocateStrokes(
        ph,
        holes.map((h) => h.strokeIndex),
      ),
    );

    // Now they share a round: the name finds him, and the owner's guest is remembered.
    const again = await asOwner.participants.search({ q: 'frode' });
    expect(again.accounts).toEqual([{ userId: friend.id, name: 'Frode Venn', handicapIndex: 9.2 }]);
    expect((await asOwner.participants.search({ q: 'ola' })).guests).toEqual([
      { name: 'Ola Gjest', handicapIndex: 27.7 },
    ]);
    expect((await asFriend.participants.search({ q: 'eva' })).accounts.map((a) => a.userId)).toEqual([owner.id]);
    expect((await asFriend.participants.search({ q: 'ola' })).guests).toEqual([]);

    const full = await asOwner.rounds.get({ roundId: round.id });
    expect(full.sides.map((s) => [s.name, s.participants.map((p) => p.name)])).toEqual([
      ['Eva', ['Eva Eier']],
      ['Frode', ['Frode Venn']],
      ['Ola', ['Ola Gjest']],
    ]);
    expect(full.allowancePercent).toBe(95);
    expect(await asFriend.rounds.get({ roundId: round.id })).toEqual(full);
  });

  it('recomputes handicaps from the current index until the first score, then freezes them', async () => {
    const round = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-02',
      format: 'stableford',
      holes: '18',
    });
    const side = await asOwner.rounds.addSide({ roundId: round.id, name: 'Frode' });
    const p = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: friend.id });
    expect(p.playingHandicap).toBe(expectedHandicaps(9.2, 95).playingHandicap);

    await deps.db.update(appUser).set({ handicapIndex: 12.1 }).where(eq(appUser.id, friend.id));
    let view = await asFriend.rounds.get({ roundId: round.id });
    expect(view.sides[0]!.participants[0]).toMatchObject({ handicapIndex: 12.1, ...expectedHandicaps(12.1, 95) });

    view = await asFriend.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 1, strokes: 5 });
    expect(view.handicapsFrozen).toBe(true);
    expect(view.startedAt).not.toBeNull();

    // A later index change does not rewrite the round.
    await deps.db.update(appUser).set({ handicapIndex: 3.0 }).where(eq(appUser.id, friend.id));
    view = await asFriend.rounds.get({ roundId: round.id });
    expect(view.sides[0]!.participants[0]).toMatchObject({ handicapIndex: 12.1, ...expectedHandicaps(12.1, 95) });
    await deps.db.update(appUser).set({ handicapIndex: 9.2 }).where(eq(appUser.id, friend.id));

    // Sides and players are set before play.
    await expect(asOwner.rounds.addSide({ roundId: round.id, name: 'Sent' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, guest: { name: 'Sent', handicapIndex: 10 } }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('scores hole by hole: gross, net, Stableford, net double bogey, and standings', async () => {
    const round = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-03',
      format: 'stroke',
      holes: '18',
    });
    const a = await asOwner.rounds.addSide({ roundId: round.id, name: 'A' });
    const b = await asOwner.rounds.addSide({ roundId: round.id, name: 'B' });
    const pa = await asOwner.rounds.addParticipant({
      roundId: round.id,
      sideId: a.id,
      guest: { name: 'Høy', handicapIndex: 36 },
    });
    const pb = await asOwner.rounds.addParticipant({
      roundId: round.id,
      sideId: b.id,
      guest: { name: 'Lav', handicapIndex: 2 },
    });
    const hardest = holes.find((h) => h.strokeIndex === 1)!;
    const easiest = holes.find((h) => h.strokeIndex === 18)!;

    await asOwner.rounds.setScore({
      roundId: round.id,
      participantId: pa.id,
      hole: hardest.number,
      strokes: hardest.par + 6,
    });
    let view = await asOwner.rounds.setScore({
      roundId: round.id,
      participantId: pb.id,
      hole: hardest.number,
      strokes: hardest.par,
    });
    const high = view.sides[0]!.participants[0]!;
    const hole = high.holes.find((h) => h.hole === hardest.number)!;
    // CH ≈ 41.8: two strokes on SI 1, and a third for PH 40 (95 %) only past 36 on SI ≤ 4.
    const ch = wholeCourseHandicap(courseHandicap(36, rating()));
    const received = Math.floor(high.playingHandicap / 18) + (1 <= high.playingHandicap % 18 ? 1 : 0);
    expect(hole).toMatchObject({
      strokes: hardest.par + 6,
      strokesReceived: received,
      net: hardest.par + 6 - received,
    });
    expect(hole.stablefordPoints).toBe(Math.max(0, 2 + hardest.par + received - (hardest.par + 6)));
    const forHandicap = Math.floor(ch / 18) + (1 <= ch % 18 ? 1 : 0);
    expect(hole.adjustedStrokes).toBe(Math.min(hardest.par + 6, hardest.par + 2 + forHandicap));
    expect(high.totals).toMatchObject({ holesPlayed: 1, gross: hardest.par + 6, adjustedGross: hole.adjustedStrokes });

    view = await asOwner.rounds.setScore({
      roundId: round.id,
      participantId: pb.id,
      hole: easiest.number,
      strokes: easiest.par,
    });
    const low = view.sides[1]!.participants[0]!;
    expect(low.totals).toMatchObject({ holesPlayed: 2, gross: hardest.par + easiest.par });
    expect(view.sides.map((s) => s.standing)).toEqual([
      { format: 'stroke', holesPlayed: 1, net: high.totals.net, netToPar: high.totals.netToPar, position: 2 },
      { format: 'stroke', holesPlayed: 2, net: low.totals.net, netToPar: low.totals.netToPar, position: 1 },
    ]);

    // Clearing a score takes it out of every total.
    view = await asOwner.rounds.setScore({
      roundId: round.id,
      participantId: pb.id,
      hole: easiest.number,
      strokes: null,
    });
    expect(view.sides[1]!.participants[0]!.totals.holesPlayed).toBe(1);
  });

  it('refuses scores out of range or off the round, and only the owner finishes', async () => {
    const round = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-04',
      format: 'stroke',
      holes: 'back9',
    });
    const side = await asOwner.rounds.addSide({ roundId: round.id, name: 'Frode' });
    const p = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: friend.id });
    expect(round.card.map((h) => h.hole)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    await expect(
      asFriend.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 3, strokes: 4 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      asFriend.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 10, strokes: 21 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      asFriend.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 10, strokes: 0 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await asFriend.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 10, strokes: 20 });

    await expect(asFriend.rounds.finish({ roundId: round.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asFriend.rounds.addSide({ roundId: round.id, name: 'X' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const done = await asOwner.rounds.finish({ roundId: round.id });
    expect(done.status).toBe('finished');
    expect(done.finishedAt).not.toBeNull();
    await expect(
      asFriend.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 11, strokes: 4 }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      asOwner.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 10, strokes: null }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(asOwner.rounds.finish({ roundId: round.id })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it("hides someone else's round: 404 to read, score or change it", async () => {
    const round = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-05',
      format: 'stroke',
      holes: '18',
    });
    const side = await asOwner.rounds.addSide({ roundId: round.id, name: 'Eva' });
    const p = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: owner.id });
    for (const attempt of [
      () => asStranger.rounds.get({ roundId: round.id }),
      () => asStranger.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 1, strokes: 4 }),
      () => asStranger.rounds.addSide({ roundId: round.id, name: 'Inntrenger' }),
      () => asStranger.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: stranger.id }),
      () => asStranger.rounds.finish({ roundId: round.id }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await asStranger.rounds.mine()).rounds.map((r) => r.id)).not.toContain(round.id);
    await expect(asOwner.rounds.get({ roundId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(asOwner.rounds.get({ roundId: 'not-a-uuid' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses a tee of another course, a second copy of a player, and a third side in a match', async () => {
    const other = await demoCourse(deps, 'ullensaker-gk', 'Ullensaker');
    await expect(
      asOwner.rounds.create({ courseId, teeId: other.teeId, playedOn: '2026-06-06', format: 'stroke', holes: '18' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      asOwner.rounds.create({
        courseId: '00000000-0000-4000-8000-000000000000',
        teeId,
        playedOn: '2026-06-06',
        format: 'stroke',
        holes: '18',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      asOwner.rounds.create({ courseId, teeId, playedOn: '6.6.2026', format: 'stroke', holes: '18' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const match = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-06',
      format: 'match',
      holes: '18',
    });
    const s1 = await asOwner.rounds.addSide({ roundId: match.id, name: 'Eva' });
    await asOwner.rounds.addSide({ roundId: match.id, name: 'Frode' });
    await expect(asOwner.rounds.addSide({ roundId: match.id, name: 'Tredje' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await asOwner.rounds.addParticipant({ roundId: match.id, sideId: s1.id, userId: friend.id });
    await expect(
      asOwner.rounds.addParticipant({ roundId: match.id, sideId: s1.id, userId: friend.id }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      asOwner.rounds.addParticipant({
        roundId: match.id,
        sideId: s1.id,
        userId: friend.id,
        guest: { name: 'Begge', handicapIndex: 1 },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      asOwner.rounds.addParticipant({
        roundId: match.id,
        sideId: s1.id,
        guest: { name: 'Altfor høy', handicapIndex: 60 },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('lists my rounds newest first, as owner or participant', async () => {
    const mine = (await asFriend.rounds.mine()).rounds;
    expect(mine.length).toBeGreaterThanOrEqual(4);
    const dates = mine.map((r) => r.playedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(mine.every((r) => r.isOwner === false)).toBe(true);
    expect(mine[0]).toMatchObject({
      course: { id: courseId, name: 'Bogstad', club: { slug: 'oslo-gk' } },
      tee: { id: teeId, name: 'Gul' },
    });
    const ownerRounds = (await asOwner.rounds.mine()).rounds;
    expect(ownerRounds.length).toBeGreaterThan(mine.length);
    expect(ownerRounds.every((r) => r.isOwner)).toBe(true);
  });
});

describe('the round wizard, over REST', () => {
  let deps: TestDeps;
  let server: TestServer;
  let ownerCookie: string;
  let friendCookie: string;
  let strangerCookie: string;
  let friendId: string;
  let courseId: string;
  let teeId: string;

  beforeAll(async () => {
    deps = await createTestDeps();
    ({
      course: { id: courseId },
      teeId,
    } = await demoCourse(deps, 'losby-gk', 'Østmarka 9 hull'));
    const owner = await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 20 });
    const friend = await createUser(deps.db, { name: 'Frode Venn', handicapIndex: 30 });
    const stranger = await createUser(deps.db);
    friendId = friend.id;
    ownerCookie = `service_session=${await sessionTokenFor(deps, owner)}`;
    friendCookie = `service_session=${await sessionTokenFor(deps, friend)}`;
    strangerCookie = `service_session=${await sessionTokenFor(deps, stranger)}`;
    server = await startTestServer(deps);
  });
  afterAll(() => server.close());

  const call = async (method: string, path: string, cookie: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(body !== undefined || method !== 'GET' ? JSON_HEADERS : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await res.json() };
  };

  it('runs the sequence with 201s, scores with PUT, and finishes', async () => {
    // A nine-hole course: only its nine holes can be played.
    const wrong = await call('POST', '/rounds', ownerCookie, {
      courseId,
      teeId,
      playedOn: '2026-07-01',
      format: 'stableford',
      holes: '18',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.issues[0].path).toBe('holes');

    const created = await call('POST', '/rounds', ownerCookie, {
      courseId,
      teeId,
      playedOn: '2026-07-01',
      format: 'stableford',
      holes: 'front9',
    });
    expect(created.status).toBe(201);
    const roundId = created.body.id;
    const side = await call('POST', `/rounds/${roundId}/sides`, ownerCookie, { name: 'Lag 1' });
    expect(side.status).toBe(201);
    const friend = await call('POST', `/rounds/${roundId}/participants`, ownerCookie, {
      sideId: side.body.id,
      userId: friendId,
    });
    expect(friend.status).toBe(201);
    expect(friend.body).toMatchObject({ userId: friendId, name: 'Frode Venn', handicapIndex: 30 });
    const guest = await call('POST', `/rounds/${roundId}/participants`, ownerCookie, {
      sideId: side.body.id,
      guest: { name: 'Gjest', handicapIndex: 12.3 },
    });
    expect(guest.status).toBe(201);
    expect(guest.body.isGuest).toBe(true);

    const unknownField = await call('PUT', `/rounds/${roundId}/scores`, friendCookie, {
      participantId: friend.body.id,
      hole: 1,
      strokes: 4,
      extra: 1,
    });
    expect(unknownField.status).toBe(400);
    const pathInBody = await call('PUT', `/rounds/${roundId}/scores`, friendCookie, {
      roundId,
      participantId: friend.body.id,
      hole: 1,
      strokes: 4,
    });
    expect(pathInBody.status).toBe(400);

    const scored = await call('PUT', `/rounds/${roundId}/scores`, friendCookie, {
      participantId: guest.body.id,
      hole: 1,
      strokes: 4,
    });
    expect(scored.status).toBe(200);
    const guestView = scored.body.sides[0].participants.find((p: { id: string }) => p.id === guest.body.id);
    expect(guestView.holes[0]).toMatchObject({ hole: 1, strokes: 4 });
    expect(scored.body.handicapsFrozen).toBe(true);
    // Two players on one side: a better-ball Stableford game at 85 %.
    expect(scored.body.allowancePercent).toBe(85);

    const read = await call('GET', `/rounds/${roundId}`, friendCookie);
    expect(read.status).toBe(200);
    expect(read.body.sides[0].standing).toMatchObject({ format: 'stableford', holesPlayed: 1 });

    const list = await call('GET', '/rounds', friendCookie);
    expect(list.body.rounds.map((r: { id: string }) => r.id)).toEqual([roundId]);

    expect((await call('POST', `/rounds/${roundId}/finish`, friendCookie)).status).toBe(403);
    const finished = await call('POST', `/rounds/${roundId}/finish`, ownerCookie);
    expect(finished.status).toBe(200);
    expect(finished.body.status).toBe('finished');
    const late = await call('PUT', `/rounds/${roundId}/scores`, ownerCookie, {
      participantId: guest.body.id,
      hole: 2,
      strokes: 4,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('CONFLICT');
  });

  it('answers 404 to others, 400 to a malformed id, 401 without a session, 403 without JSON', async () => {
    const created = await call('POST', '/rounds', ownerCookie, {
      courseId,
      teeId,
      playedOn: '2026-07-02',
      format: 'stroke',
      holes: 'front9',
    });
    const roundId = created.body.id;
    expect((await call('GET', `/rounds/${roundId}`, strangerCookie)).status).toBe(404);
    expect((await call('POST', `/rounds/${roundId}/sides`, strangerCookie, { name: 'X' })).status).toBe(404);
    const malformed = await call('GET', '/rounds/abc', ownerCookie);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('INVALID_INPUT');
    expect(
      (await call('PUT', '/rounds/abc/scores', ownerCookie, { participantId: roundId, hole: 1, strokes: 3 })).status,
    ).toBe(400);
    expect((await call('GET', '/rounds', '')).status).toBe(401);
    const notJson = await fetch(`${server.url}/rounds`, {
      method: 'POST',
      headers: { cookie: ownerCookie, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(notJson.status).toBe(403);
  });

  it('searches participants over REST without leaking addresses', async () => {
    const res = await call('GET', `/participants/search?q=frode`, ownerCookie);
    expect(res.status).toBe(200);
    expect(res.body.accounts).toEqual([{ userId: friendId, name: 'Frode Venn', handicapIndex: 30 }]);
    expect(JSON.stringify(res.body)).not.toContain('@');
    const nobody = await call('GET', `/participants/search?q=frode`, strangerCookie);
    expect(nobody.body).toEqual({ accounts: [], guests: [] });
  });
});
