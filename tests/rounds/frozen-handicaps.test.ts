import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalCourseCreate } from '../../shared/schemas/courses';
import type { RoundView } from '../../shared/schemas/rounds';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { demoCourse } from './helpers';

const PARS_18 = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
const SI_18 = [7, 11, 15, 1, 5, 13, 17, 3, 9, 8, 16, 4, 2, 12, 10, 18, 6, 14];

/**
 * CR 71.5, slope 139, par 72 and no nine-hole rating: the front nine (par 36) with HI 12.5 gives
 * 6.3 × 139 / 113 + (35.75 − 36) = 7.49956…, a course handicap a hair under a half. Kept to three
 * decimals it would become 7.500 and round to 8.
 */
const COURSE: PersonalCourseCreate = {
  name: 'Halvveis GK',
  country: 'NO',
  shared: false,
  holes: PARS_18.map((par, i) => ({ number: i + 1, par, strokeIndex: SI_18[i]! })),
  tees: [{ name: 'Gul', color: 'yellow', gender: 'male', courseRating: 71.5, slope: 139, par: 72 }],
};

type Handicaps = {
  name: string;
  courseHandicap: number;
  playingHandicap: number;
  matchHandicap: number | null;
  received: number[];
};

function handicapsOf(view: RoundView): Handicaps[] {
  return view.sides.flatMap((s) =>
    s.participants.map((p) => ({
      name: p.name,
      courseHandicap: p.courseHandicap,
      playingHandicap: p.playingHandicap,
      matchHandicap: p.matchHandicap,
      received: p.holes.map((h) => h.strokesReceived),
    })),
  );
}

describe.each(databaseKinds())('a nine-hole round’s handicaps when the first score is entered, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let ownerCookie: string;
  let asOwner: Awaited<ReturnType<typeof callerAs>>['caller'];
  let ownerId: string;
  let courseId: string;
  let teeId: string;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    const owner = await createUser(deps.db, { name: 'Halvor Halv', handicapIndex: 12.5 });
    ownerId = owner.id;
    asOwner = (await callerAs(deps, owner)).caller;
    ownerCookie = `service_session=${await sessionTokenFor(deps, owner)}`;
    const course = await asOwner.personalCourses.create(COURSE);
    courseId = course.id;
    teeId = course.tees[0]!.id;
  });
  afterAll(() => server.close());

  /** Match play: 100 % allowance, so the playing handicap is the course handicap rounded and shows it too. */
  async function newMatch(): Promise<{ roundId: string; ownerParticipantId: string }> {
    const round = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-08-01',
      format: 'match',
      holes: 'front9',
    });
    const me = await asOwner.rounds.addSide({ roundId: round.id, name: 'Halvor' });
    const them = await asOwner.rounds.addSide({ roundId: round.id, name: 'Gjesten' });
    const p = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: me.id, userId: ownerId });
    await asOwner.rounds.addParticipant({
      roundId: round.id,
      sideId: them.id,
      guest: { name: 'Gjest Null', handicapIndex: 0 },
    });
    return { roundId: round.id, ownerParticipantId: p.id };
  }

  it('stays what the players saw before the first score, through tRPC', async () => {
    const { roundId, ownerParticipantId } = await newMatch();
    const before = await asOwner.rounds.get({ roundId });
    expect(handicapsOf(before)[0]).toMatchObject({ courseHandicap: 7, playingHandicap: 7 });

    const scored = await asOwner.rounds.setScore({ roundId, participantId: ownerParticipantId, hole: 1, strokes: 5 });
    expect(scored.handicapsFrozen).toBe(true);
    expect(handicapsOf(scored)).toEqual(handicapsOf(before));
    expect(handicapsOf(await asOwner.rounds.get({ roundId }))).toEqual(handicapsOf(before));
  });

  it('stays what the players saw on an official tee without nine-hole ratings', async () => {
    // Ullensaker, white, men: no front-nine rating, so half the 18-hole one; HI 9.5 gives CH 5.49956….
    const official = await demoCourse(deps, 'ullensaker-gk', 'Ullensaker', 'Hvit', 'male');
    expect(official.ratings.front9).toBeUndefined();
    const player = await createUser(deps.db, { name: 'Ulla Ullensaker', handicapIndex: 9.5 });
    const asPlayer = (await callerAs(deps, player)).caller;
    const round = await asPlayer.rounds.create({
      courseId: official.course.id,
      teeId: official.teeId,
      playedOn: '2026-08-02',
      format: 'stroke',
      holes: 'front9',
    });
    const side = await asPlayer.rounds.addSide({ roundId: round.id, name: 'Ulla' });
    const p = await asPlayer.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: player.id });
    const before = await asPlayer.rounds.get({ roundId: round.id });
    expect(handicapsOf(before)[0]).toMatchObject({ courseHandicap: 5, playingHandicap: 5 });
    const scored = await asPlayer.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 1, strokes: 5 });
    expect(handicapsOf(scored)).toEqual(handicapsOf(before));
    // The whole CH caps the hole at net double bogey: it must not move either.
    expect(scored.sides[0]!.participants[0]!.holes.map((h) => h.adjustedStrokes)).toEqual(
      before.sides[0]!.participants[0]!.holes.map((h) =>
        h.hole === 1 ? Math.min(5, h.par + 2 + h.strokesReceived) : null,
      ),
    );
  });

  it('stays what the players saw before the first score, over REST', async () => {
    const { roundId, ownerParticipantId } = await newMatch();
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { cookie: ownerCookie, ...(method !== 'GET' ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as RoundView;
    };
    const before = await call('GET', `/rounds/${roundId}`);
    expect(handicapsOf(before)[0]).toMatchObject({ courseHandicap: 7, playingHandicap: 7 });
    await call('PUT', `/rounds/${roundId}/scores`, { participantId: ownerParticipantId, hole: 1, strokes: 5 });
    expect(handicapsOf(await call('GET', `/rounds/${roundId}`))).toEqual(handicapsOf(before));
  });
});
