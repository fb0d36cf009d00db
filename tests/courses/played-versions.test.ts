import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course as courseTable, round as roundTable, tee as teeTable } from '../../server/db/schema';
import { courseHandicap } from '../../server/golf';
import type { PersonalCourseCreate } from '../../shared/schemas/courses';
import type { RoundView } from '../../shared/schemas/rounds';
import { callerAs, callerWithToken, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { writeScores } from '../helpers/tournaments';

/**
 * A round or tournament plays the holes and tee of its course as they were when its play began; an edit
 * of the course, its deletion or its being made private changes future play only (decision 0417). Each
 * case plays the same golf on two identical courses, edits one of them, and compares: what was played on
 * the edited course must read exactly as what was played on the untouched one.
 */

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
const SI = [7, 11, 15, 1, 5, 13, 17, 3, 9, 8, 16, 4, 2, 12, 10, 18, 6, 14];

function courseInput(name: string): PersonalCourseCreate {
  return {
    name,
    country: 'ES',
    shared: true,
    holes: PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i]! })),
    tees: [
      { name: 'Gul', gender: 'male', courseRating: 71.3, slope: 128, par: 72, lengths: PARS.map((p) => p * 90) },
      { name: 'Rød', gender: 'female', courseRating: 72.9, slope: 131, par: 72 },
    ],
  };
}

/** The owner's edit: holes 1 and 2 change par and stroke index, the yellow tee's rating and slope change. */
function rewrite(c: { holes: { number: number; par: number; strokeIndex: number }[]; tees: { id: string }[] }) {
  return {
    holes: c.holes.map((h) =>
      h.number === 1 ? { ...h, par: 5, strokeIndex: 11 } : h.number === 2 ? { ...h, par: 3, strokeIndex: 7 } : h,
    ),
    tees: [
      { id: c.tees[0]!.id, name: 'Gul', gender: 'male' as const, courseRating: 74.8, slope: 141, par: 72 },
      { id: c.tees[1]!.id, name: 'Rød', gender: 'female' as const, par: 72 },
    ],
  };
}

/** A round view without what differs between two identical rounds on two courses (ids and names). */
function golfOf(view: RoundView) {
  return {
    card: view.card,
    tee: { ...view.tee, id: undefined },
    allowancePercent: view.allowancePercent,
    sides: view.sides.map((s) => ({
      standing: s.standing,
      players: s.participants.map(({ id: _id, sideId: _side, ...golf }) => golf),
    })),
  };
}

type Caller = Awaited<ReturnType<typeof callerAs>>['caller'];

describe.each(databaseKinds())('played versions of a course, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let asOwner: Caller;
  let asPlayer: Caller;
  let asLatecomer: Caller;
  let ownerCookie: string;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    const owner = await createUser(deps.db, { name: 'Anna Eier', handicapIndex: 15 });
    asOwner = (await callerAs(deps, owner)).caller;
    asPlayer = (await callerAs(deps, await createUser(deps.db, { name: 'Bjørn Spiller', handicapIndex: 8.4 }))).caller;
    asLatecomer = (await callerAs(deps, await createUser(deps.db, { name: 'Cato Sen', handicapIndex: 20 }))).caller;
    ownerCookie = `service_session=${await sessionTokenFor(deps, owner)}`;
  });
  afterAll(() => server.close());

  const patch = (courseId: string, body: unknown) =>
    fetch(`${server.url}/personal-courses/${courseId}`, {
      method: 'PATCH',
      headers: { cookie: ownerCookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const remove = (courseId: string) =>
    fetch(`${server.url}/personal-courses/${courseId}`, {
      method: 'DELETE',
      headers: { cookie: ownerCookie, 'content-type': 'application/json' },
    });

  /** A round of `caller` on the course's yellow tee with one guest, and `scores` written (none: not begun). */
  async function roundOn(caller: Caller, c: { id: string; tees: { id: string }[] }, scores: number[]) {
    const r = await caller.rounds.create({
      courseId: c.id,
      teeId: c.tees[0]!.id,
      playedOn: '2026-06-01',
      format: 'stableford',
      holes: '18',
    });
    const side = await caller.rounds.addSide({ roundId: r.id, name: 'Lag' });
    const p = await caller.rounds.addParticipant({
      roundId: r.id,
      sideId: side.id,
      guest: { name: 'Gjest', handicapIndex: 12.3 },
    });
    for (const [i, strokes] of scores.entries()) {
      await caller.rounds.setScore({ roundId: r.id, participantId: p.id, hole: i + 1, strokes });
    }
    return { roundId: r.id, participantId: p.id };
  }

  it('a begun round reads as it was played; a round not begun and a new one play the edited course', async () => {
    const edited = await asOwner.personalCourses.create(courseInput('Redigert bane'));
    const untouched = await asOwner.personalCourses.create(courseInput('Urørt bane'));
    const played = [5, 3, 4, 6, 4];
    const begun = await roundOn(asPlayer, edited, played);
    const twin = await roundOn(asPlayer, untouched, played);
    const notBegun = await roundOn(asLatecomer, edited, []);
    const before = golfOf(await asPlayer.rounds.get({ roundId: begun.roundId }));
    expect(before).toEqual(golfOf(await asPlayer.rounds.get({ roundId: twin.roundId })));

    const res = await patch(edited.id, rewrite(edited));
    expect(res.status).toBe(200);

    // What the player sees of the begun round: the holes, handicaps and points as they were.
    const afterEdit = await asPlayer.rounds.get({ roundId: begun.roundId });
    expect(golfOf(afterEdit)).toEqual(before);
    expect(afterEdit.course.name).toBe('Redigert bane');
    // Scoring goes on with the holes played: hole 6 on the version, as on the twin.
    await asPlayer.rounds.setScore({ roundId: begun.roundId, participantId: begun.participantId, hole: 6, strokes: 4 });
    await asPlayer.rounds.setScore({ roundId: twin.roundId, participantId: twin.participantId, hole: 6, strokes: 4 });
    expect(golfOf(await asPlayer.rounds.get({ roundId: begun.roundId }))).toEqual(
      golfOf(await asPlayer.rounds.get({ roundId: twin.roundId })),
    );
    // The round list's result too.
    const mine = await asPlayer.rounds.mine();
    const resultOf = (id: string) => mine.rounds.find((r) => r.id === id)!.result;
    expect(resultOf(begun.roundId)).toEqual(resultOf(twin.roundId));

    // Future play follows the edit: the round not begun, and a new one.
    const later = await asLatecomer.rounds.get({ roundId: notBegun.roundId });
    expect(later.card[0]).toMatchObject({ hole: 1, par: 5, strokeIndex: 11 });
    const fresh = await roundOn(asLatecomer, edited, []);
    expect((await asLatecomer.rounds.get({ roundId: fresh.roundId })).card[1]).toMatchObject({ par: 3 });
    // The course itself is the edited one, and the played version is nobody's to find.
    const live = await asOwner.personalCourses.get({ personalCourseId: edited.id });
    expect(live.holes[0]).toMatchObject({ par: 5 });
    const search = await asLatecomer.personalCourses.internationalSearch({ q: 'Redigert' });
    expect(search.courses.map((c) => c.id)).toEqual([edited.id]);
    const versionId = afterEdit.course.id;
    expect(versionId).not.toBe(edited.id);
    await expect(asPlayer.courses.get({ courseId: versionId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      asPlayer.rounds.create({
        courseId: versionId,
        teeId: afterEdit.tee.id,
        playedOn: '2026-06-02',
        format: 'stroke',
        holes: '18',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an edit that changes nothing a round reads (the name, sharing) keeps no version', async () => {
    const c = await asOwner.personalCourses.create(courseInput('Navnebytte'));
    const r = await roundOn(asPlayer, c, [4]);
    const versions = async () =>
      (await deps.db.select({ n: count() }).from(courseTable).where(isNotNull(courseTable.retiredAt)))[0]!.n;
    const before = await versions();
    expect((await patch(c.id, { name: 'Nytt navn', shared: false })).status).toBe(200);
    expect((await patch(c.id, { holes: c.holes })).status).toBe(200);
    expect(await versions()).toBe(before);
    const view = await asPlayer.rounds.get({ roundId: r.roundId });
    expect(view.course).toMatchObject({ id: c.id, name: 'Nytt navn' });
  });

  it('made private or deleted after play, the course stays its rounds’ course as played', async () => {
    const c = await asOwner.personalCourses.create(courseInput('Snart borte'));
    const twinCourse = await asOwner.personalCourses.create(courseInput('Tvilling'));
    const r = await roundOn(asPlayer, c, [4, 4, 4]);
    const twin = await roundOn(asPlayer, twinCourse, [4, 4, 4]);
    const expected = golfOf(await asPlayer.rounds.get({ roundId: twin.roundId }));

    expect((await patch(c.id, { shared: false })).status).toBe(200);
    expect(golfOf(await asPlayer.rounds.get({ roundId: r.roundId }))).toEqual(expected);
    await asPlayer.rounds.setScore({ roundId: r.roundId, participantId: r.participantId, hole: 4, strokes: 5 });
    await asPlayer.rounds.setScore({ roundId: twin.roundId, participantId: twin.participantId, hole: 4, strokes: 5 });

    // A round chosen on it that has not begun would lose its course: refused, and nothing changes.
    const waiting = await roundOn(asOwner, c, []);
    const refused = await remove(c.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
    await asOwner.rounds.setScore({
      roundId: waiting.roundId,
      participantId: waiting.participantId,
      hole: 1,
      strokes: 4,
    });

    // Once every round on it has begun, it can go: each keeps the course as played.
    const deleted = await remove(c.id);
    expect(deleted.status).toBe(200);
    await expect(asOwner.personalCourses.get({ personalCourseId: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const after = await asPlayer.rounds.get({ roundId: r.roundId });
    expect(golfOf(after)).toEqual(golfOf(await asPlayer.rounds.get({ roundId: twin.roundId })));
    expect(after.course.name).toBe('Snart borte');
    expect((await asOwner.rounds.get({ roundId: waiting.roundId })).card).toHaveLength(18);
  });

  it('a tee removed after play stays the tee of the rounds that played it', async () => {
    const c = await asOwner.personalCourses.create(courseInput('Teebytte'));
    const r = await roundOn(asPlayer, c, [4]);
    const before = golfOf(await asPlayer.rounds.get({ roundId: r.roundId }));
    const res = await patch(c.id, {
      tees: [{ id: c.tees[1]!.id, name: 'Rød', gender: 'female', par: 72 }],
    });
    expect(res.status).toBe(200);
    const view = await asPlayer.rounds.get({ roundId: r.roundId });
    expect(golfOf(view)).toEqual(before);
    expect(view.tee).toMatchObject({ name: 'Gul', gender: 'male' });
  });

  describe('a club’s tournament on an outsider’s shared course', () => {
    let orgId: string;
    let asAdmin: Caller;

    beforeAll(async () => {
      orgId = (await createOrganization(deps.db, 'Klubben som låner GK')).id;
      const admin = await createUser(deps.db, { name: 'Arne Admin', handicapIndex: 20 });
      await addMember(deps.db, orgId, admin.id, 'admin');
      asAdmin = (await callerAs(deps, admin)).caller;
    });

    /** A public Stableford tournament on `c`, two guests entered, started, with the given cards written. */
    async function tournamentOn(c: { id: string; tees: { id: string }[] }, name: string, cards: (number | null)[][]) {
      let t = await asAdmin.tournaments.create({
        organizationId: orgId,
        name,
        visibility: 'public',
        format: 'stableford',
        rounds: [{ number: 1, courseId: c.id, playedOn: '2026-06-13' }],
        divisions: [{ name: 'Herrer', teeId: c.tees[0]!.id }],
      });
      const ids = { organizationId: orgId, tournamentId: t.id };
      const entries = [];
      for (const [i, handicapIndex] of [4.2, 17.9].entries()) {
        entries.push(await asAdmin.tournaments.enter({ ...ids, guest: { name: `Gjest ${i + 1}`, handicapIndex } }));
      }
      for (const status of ['open', 'closed', 'in_progress'] as const)
        t = await asAdmin.tournaments.setStatus({ ...ids, status });
      for (const [i, card] of cards.entries()) {
        await writeScores(deps.db, { tournamentId: t.id, organizationId: orgId }, entries[i]!.id, 1, card);
      }
      return { ids, slug: t.slug, entryIds: entries.map((e) => e.id) };
    }

    const board = async (slug: string) => {
      const view = await callerWithToken(deps, null).caller.public.leaderboard({ slug });
      return view.divisions.map((d) => d.rows.map(({ entryId: _id, ...row }) => ({ ...row })));
    };
    const csvBody = async (ids: { organizationId: string; tournamentId: string }) =>
      (await asAdmin.tournaments.resultsCsv(ids)).csv.split('\r\n').slice(1).join('\n');

    it('the leaderboard, results.csv, cards and public page stay as played, during play and after', async () => {
      const edited = await asOwner.personalCourses.create(courseInput('Lånt bane'));
      const untouched = await asOwner.personalCourses.create(courseInput('Lånt tvilling'));
      const cards: (number | null)[][] = [
        [7, 5, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4],
        [4, 5, 4, 6, 5, 4, 3, 5, 6, 4, 4, 5, 5, 4, 5, 3, 6, null],
      ];
      const t1 = await tournamentOn(edited, 'Vårpokalen A', cards);
      const t2 = await tournamentOn(untouched, 'Vårpokalen B', cards);
      expect(await board(t1.slug)).toEqual(await board(t2.slug));
      const cardsBefore = await asAdmin.tournaments.cards({ ...t1.ids, round: 1 });

      expect((await patch(edited.id, rewrite(edited))).status).toBe(200);

      // The next score is an event: the leaderboard read for it is the one of the holes as played.
      for (const t of [t1, t2])
        await asAdmin.tournaments.setScore({ ...t.ids, entryId: t.entryIds[1]!, round: 1, hole: 18, strokes: 5 });
      expect(await board(t1.slug)).toEqual(await board(t2.slug));
      const cardsAfter = await asAdmin.tournaments.cards({ ...t1.ids, round: 1 });
      expect(cardsAfter.holes).toEqual(cardsBefore.holes);
      expect(cardsAfter.cards.map((c) => c.strokesReceived)).toEqual(cardsBefore.cards.map((c) => c.strokesReceived));

      for (const t of [t1, t2]) await asAdmin.tournaments.setStatus({ ...t.ids, status: 'finished' });
      expect(await csvBody(t1.ids)).toBe(await csvBody(t2.ids));
      // A second edit after the finish changes nothing either, over REST's cached public page too.
      expect((await patch(edited.id, { holes: rewrite(edited).holes.map((h) => ({ ...h, par: h.par })) })).status).toBe(
        200,
      );
      const page = async (slug: string) => {
        const res = await fetch(`${server.url}/public/tournaments/${slug}/leaderboard`);
        return ((await res.json()) as { divisions: { rows: { entryId: string }[] }[] }).divisions.map((d) =>
          d.rows.map(({ entryId: _id, ...row }) => row),
        );
      };
      expect(await page(t1.slug)).toEqual(await page(t2.slug));
      expect(await csvBody(t1.ids)).toBe(await csvBody(t2.ids));
      // The club still reads its tournament's course, though the course is the owner's to change.
      const detail = await asAdmin.tournaments.get(t1.ids);
      expect(detail.course.holes[0]).toMatchObject({ number: 1, par: PARS[0], strokeIndex: SI[0] });
    });

    it('a tournament not yet begun plays the edited course; unshared, the club still reads it', async () => {
      const c = await asOwner.personalCourses.create(courseInput('Planlagt bane'));
      const t = await asAdmin.tournaments.create({
        organizationId: orgId,
        name: 'Høstpokalen',
        visibility: 'members',
        format: 'stableford',
        rounds: [{ number: 1, courseId: c.id, playedOn: '2026-09-13' }],
        divisions: [{ name: 'Herrer', teeId: c.tees[0]!.id }],
      });
      expect((await patch(c.id, { ...rewrite(c), shared: false })).status).toBe(200);
      const detail = await asAdmin.tournaments.get({ organizationId: orgId, tournamentId: t.id });
      expect(detail.course).toMatchObject({ id: c.id, name: 'Planlagt bane' });
      expect(detail.course.holes[0]).toMatchObject({ par: 5, strokeIndex: 11 });
    });
  });

  it('a first score and an edit at once: every round’s frozen handicap is of the tee it now plays', async () => {
    const c = await asOwner.personalCourses.create(courseInput('Samtidig bane'));
    const players = await Promise.all(
      Array.from(
        { length: 8 },
        async (_, i) =>
          (await callerAs(deps, await createUser(deps.db, { name: `Løper ${i}`, handicapIndex: 10 + i }))).caller,
      ),
    );
    const rounds = await Promise.all(players.map((p) => roundOn(p, c, [])));
    const edits = [130, 136, 142].map((slope) => ({
      tees: [
        { id: c.tees[0]!.id, name: 'Gul', gender: 'male', courseRating: 71.3, slope, par: 72 },
        { id: c.tees[1]!.id, name: 'Rød', gender: 'female', par: 72 },
      ],
    }));
    const outcomes = await Promise.allSettled([
      ...rounds.map((r, i) =>
        players[i]!.rounds.setScore({ roundId: r.roundId, participantId: r.participantId, hole: 1, strokes: 4 }),
      ),
      ...edits.map((body) => patch(c.id, body).then((res) => expect(res.status).toBe(200))),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    for (const r of rounds) {
      const [row] = await deps.db
        .select({ teeId: roundTable.teeId, slope: teeTable.slope, rating: teeTable.courseRating, par: teeTable.par })
        .from(roundTable)
        .innerJoin(teeTable, eq(teeTable.id, roundTable.teeId))
        .where(eq(roundTable.id, r.roundId));
      const view = await players[rounds.indexOf(r)]!.rounds.get({ roundId: r.roundId });
      const guest = view.sides[0]!.participants[0]!;
      expect(guest.courseHandicap).toBe(
        Math.round(courseHandicap(12.3, { slope: row!.slope, courseRating: row!.rating, par: row!.par })),
      );
    }
  });
});
