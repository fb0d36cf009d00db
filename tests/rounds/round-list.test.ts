import { beforeAll, describe, expect, it } from 'vitest';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { demoCourse } from './helpers';

type Caller = Awaited<ReturnType<typeof callerAs>>['caller'];

/**
 * The round list's result (rounds.mine: the caller's own totals and their side's standing), and the
 * standings' rule for sides that have not played every hole (decision 0415).
 */
describe.each(databaseKinds())('round results and standings, through tRPC, on %s', (kind) => {
  let deps: TestDeps;
  let asOwner: Caller;
  let asFriend: Caller;
  let friendId: string;
  let ownerId: string;
  let courseId: string;
  let teeId: string;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    ({
      course: { id: courseId },
      teeId,
    } = await demoCourse(deps, 'oslo-gk', 'Bogstad'));
    const owner = await createUser(deps.db, { name: 'Liv Liste', handicapIndex: 12.3 });
    const friend = await createUser(deps.db, { name: 'Per Partner', handicapIndex: 20.1 });
    ownerId = owner.id;
    friendId = friend.id;
    asOwner = (await callerAs(deps, owner)).caller;
    asFriend = (await callerAs(deps, friend)).caller;
  });

  /** A round of two sides (the owner, the friend), each of one player. */
  async function twoSides(format: 'stroke' | 'stableford', playedOn: string, holes: '18' | 'front9' = '18') {
    const round = await asOwner.rounds.create({ courseId, teeId, playedOn, format, holes });
    const a = await asOwner.rounds.addSide({ roundId: round.id, name: 'Liv' });
    const b = await asOwner.rounds.addSide({ roundId: round.id, name: 'Per' });
    const me = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: a.id, userId: ownerId });
    const friend = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: b.id, userId: friendId });
    return { round, me, friend };
  }

  it("lists each round with the caller's own strokes, to par, points and standing", async () => {
    const { round, me, friend } = await twoSides('stableford', '2026-06-01');
    for (const [hole, strokes] of [5, 4, 6].entries()) {
      await asOwner.rounds.setScore({ roundId: round.id, participantId: me.id, hole: hole + 1, strokes });
      await asOwner.rounds.setScore({ roundId: round.id, participantId: friend.id, hole: hole + 1, strokes: 7 });
    }
    const notStarted = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-02',
      format: 'stroke',
      holes: '18',
    });

    const view = await asOwner.rounds.get({ roundId: round.id });
    const myCard = view.sides[0]!.participants[0]!;
    const listed = (await asOwner.rounds.mine()).rounds;
    const entry = listed.find((r) => r.id === round.id)!;
    expect(entry.result).toEqual({ holeCount: 18, totals: myCard.totals, standing: view.sides[0]!.standing });
    expect(entry.result!.totals).toMatchObject({ holesPlayed: 3, gross: 15 });
    expect(entry.result!.standing).toMatchObject({ format: 'stableford', holesPlayed: 3, position: 1 });
    expect(listed.find((r) => r.id === notStarted.id)!.result).toBeNull();

    // The friend's list shows the friend's own result.
    const forFriend = (await asFriend.rounds.mine()).rounds.find((r) => r.id === round.id)!;
    expect(forFriend.result!.totals).toMatchObject({ holesPlayed: 3, gross: 21 });
    expect(forFriend.result!.standing).toMatchObject({ position: 2 });
  });

  it('gives no result in a round the caller runs without playing in it', async () => {
    const round = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-05',
      format: 'stroke',
      holes: '18',
    });
    const side = await asOwner.rounds.addSide({ roundId: round.id, name: 'Per' });
    const friend = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: friendId });
    await asOwner.rounds.setScore({ roundId: round.id, participantId: friend.id, hole: 1, strokes: 5 });
    expect((await asOwner.rounds.mine()).rounds.find((r) => r.id === round.id)!.result).toBeNull();
    expect((await asFriend.rounds.mine()).rounds.find((r) => r.id === round.id)!.result).toMatchObject({
      totals: { gross: 5 },
    });
  });

  it('gives a nine-hole round its own hole count', async () => {
    const { round, me } = await twoSides('stroke', '2026-06-03', 'front9');
    await asOwner.rounds.setScore({ roundId: round.id, participantId: me.id, hole: 1, strokes: 4 });
    const entry = (await asOwner.rounds.mine()).rounds.find((r) => r.id === round.id)!;
    expect(entry.result).toMatchObject({ holeCount: 9, totals: { holesPlayed: 1, gross: 4 } });
  });

  it('ranks by net to par over the holes played, and after the finish puts a side with holes missing last', async () => {
    const { round, me, friend } = await twoSides('stroke', '2026-06-04', 'front9');
    const pars = (await asOwner.rounds.get({ roundId: round.id })).card.map((c) => c.par);
    // The owner plays all nine at two over par each; the friend stops after two holes at par.
    for (const [i, par] of pars.entries()) {
      await asOwner.rounds.setScore({ roundId: round.id, participantId: me.id, hole: i + 1, strokes: par + 2 });
    }
    for (const i of [0, 1]) {
      await asOwner.rounds.setScore({ roundId: round.id, participantId: friend.id, hole: i + 1, strokes: pars[i]! });
    }
    const playing = await asOwner.rounds.get({ roundId: round.id });
    expect(playing.sides.map((s) => [s.standing!.holesPlayed, s.standing!.position])).toEqual([
      [9, 2],
      [2, 1],
    ]);

    const finished = await asOwner.rounds.finish({ roundId: round.id });
    expect(finished.sides.map((s) => [s.standing!.holesPlayed, s.standing!.position])).toEqual([
      [9, 1],
      [2, 2],
    ]);
    const listed = (await asOwner.rounds.mine()).rounds.find((r) => r.id === round.id)!;
    expect(listed.result!.standing).toMatchObject({ position: 1, holesPlayed: 9 });
  });
});
