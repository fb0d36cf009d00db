import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalCourseCreate } from '../../shared/schemas/courses';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const JSON_HEADERS = { 'content-type': 'application/json' };
const PARS_18 = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
const SI_18 = [7, 11, 15, 1, 5, 13, 17, 3, 9, 8, 16, 4, 2, 12, 10, 18, 6, 14];

function course(overrides: Partial<PersonalCourseCreate> = {}): PersonalCourseCreate {
  return {
    name: 'La Manga Norte',
    country: 'ES',
    city: 'Cartagena',
    shared: true,
    holes: PARS_18.map((par, i) => ({ number: i + 1, par, strokeIndex: SI_18[i]! })),
    tees: [
      {
        name: 'Amarillo',
        color: 'yellow',
        gender: 'male',
        courseRating: 71.3,
        slope: 128,
        par: 72,
        lengths: PARS_18.map((p) => p * 90),
      },
      { name: 'Rojo', color: 'red', gender: 'female', courseRating: 72.9, slope: 131, par: 72 },
    ],
    ...overrides,
  };
}

type Caller = Awaited<ReturnType<typeof callerAs>>['caller'];

describe.each(databaseKinds())('personal courses, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let asAnna: Caller;
  let asBjorn: Caller;
  let annaCookie: string;
  let bjornCookie: string;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    const anna = await createUser(deps.db, { name: 'Anna', handicapIndex: 15 });
    const bjorn = await createUser(deps.db, { name: 'Bjørn', handicapIndex: 8 });
    asAnna = (await callerAs(deps, anna)).caller;
    asBjorn = (await callerAs(deps, bjorn)).caller;
    annaCookie = `service_session=${await sessionTokenFor(deps, anna)}`;
    bjornCookie = `service_session=${await sessionTokenFor(deps, bjorn)}`;
  });
  afterAll(() => server.close());

  const rest = async (method: string, path: string, cookie: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(method !== 'GET' ? JSON_HEADERS : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await res.json() };
  };

  it('creates a course (201 on REST) in the simplified form: no rating, no slope', async () => {
    const created = await rest('POST', '/personal-courses', annaCookie, course());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'personal',
      name: 'La Manga Norte',
      country: 'ES',
      city: 'Cartagena',
      shared: true,
      isMine: true,
    });
    expect(created.body.club).toBeUndefined();
    expect(created.body.holes).toHaveLength(18);
    expect(created.body.tees).toEqual([
      { id: expect.any(String), name: 'Amarillo', color: 'yellow', gender: 'male', par: 72, lengthMeters: 72 * 90 },
      { id: expect.any(String), name: 'Rojo', color: 'red', gender: 'female', par: 72, lengthMeters: null },
    ]);
    const mine = await asAnna.personalCourses.mine();
    expect(mine.courses.map((c) => c.id)).toContain(created.body.id);
  });

  it('validates: 9 or 18 holes, pars 3 to 6, stroke indexes a permutation, rating and slope in range', async () => {
    const invalid: [string, PersonalCourseCreate, string][] = [
      ['ten holes', course({ holes: course().holes.slice(0, 10) }), 'holes'],
      ['par 7', course({ holes: course().holes.map((h, i) => (i === 0 ? { ...h, par: 7 } : h)) }), 'holes.0.par'],
      ['par 2', course({ holes: course().holes.map((h, i) => (i === 0 ? { ...h, par: 2 } : h)) }), 'holes.0.par'],
      [
        'a stroke index twice',
        course({ holes: course().holes.map((h, i) => (i === 0 ? { ...h, strokeIndex: 2 } : h)) }),
        'holes',
      ],
      [
        'a hole number twice',
        course({ holes: course().holes.map((h, i) => (i === 0 ? { ...h, number: 2 } : h)) }),
        'holes',
      ],
      ['slope 156', course({ tees: [{ ...course().tees[0]!, slope: 156 }] }), 'tees.0.slope'],
      ['slope 54', course({ tees: [{ ...course().tees[0]!, slope: 54 }] }), 'tees.0.slope'],
      ['rating 95.0', course({ tees: [{ ...course().tees[0]!, courseRating: 95 }] }), 'tees.0.courseRating'],
      [
        'rating with two decimals',
        course({ tees: [{ ...course().tees[0]!, courseRating: 71.25 }] }),
        'tees.0.courseRating',
      ],
      [
        'an 18-hole rating on nine holes',
        course({
          holes: course()
            .holes.slice(0, 9)
            .map((h, i) => ({ ...h, strokeIndex: i + 1 })),
          tees: [{ ...course().tees[1]!, par: 36 }],
        }),
        'tees.0.courseRating',
      ],
      [
        'lengths for 17 holes',
        course({ tees: [{ ...course().tees[0]!, lengths: new Array(17).fill(300) }] }),
        'tees.0.lengths',
      ],
      ['no tees', course({ tees: [] }), 'tees'],
      ['a country name instead of a code', course({ country: 'Spania' }), 'country'],
    ];
    for (const [what, body, path] of invalid) {
      const res = await rest('POST', '/personal-courses', annaCookie, body);
      expect(res.status, what).toBe(400);
      expect(res.body.error.code, what).toBe('INVALID_INPUT');
      expect(
        res.body.error.issues.map((i: { path: string }) => i.path),
        what,
      ).toContain(path);
    }
    const unknownField = await rest('POST', '/personal-courses', annaCookie, { ...course(), owner: 'me' });
    expect(unknownField.status).toBe(400);
    // A valid nine-hole course: stroke indexes 1 to 9, a nine-hole rating.
    const nine = await asAnna.personalCourses.create(
      course({
        name: 'Ni hull',
        shared: false,
        holes: course()
          .holes.slice(0, 9)
          .map((h, i) => ({ ...h, strokeIndex: 9 - i })),
        tees: [{ name: 'Gul', courseRating: 34.8, slope: 120, par: 36 }],
      }),
    );
    expect(nine.holes).toHaveLength(9);
    expect(nine.tees[0]).toMatchObject({ color: null, gender: null, lengthMeters: null });
  });

  it('shows a shared course to others, hides an unshared one (404), and only the owner changes it (403)', async () => {
    const shared = await asAnna.personalCourses.create(course({ name: 'Delt bane' }));
    const secret = await asAnna.personalCourses.create(course({ name: 'Hemmelig bane', shared: false }));

    expect(await asBjorn.personalCourses.get({ personalCourseId: shared.id })).toMatchObject({
      name: 'Delt bane',
      isMine: false,
    });
    expect(await asBjorn.courses.get({ courseId: shared.id })).toMatchObject({ name: 'Delt bane' });
    await expect(asBjorn.personalCourses.get({ personalCourseId: secret.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(asBjorn.courses.get({ courseId: secret.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const hidden = await rest('GET', `/personal-courses/${secret.id}`, bjornCookie);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('NOT_FOUND');
    expect((await rest('PATCH', `/personal-courses/${secret.id}`, bjornCookie, { name: 'Min nå' })).status).toBe(404);
    expect((await rest('DELETE', `/personal-courses/${secret.id}`, bjornCookie)).status).toBe(404);
    const notHis = await rest('PATCH', `/personal-courses/${shared.id}`, bjornCookie, { name: 'Min nå' });
    expect(notHis.status).toBe(403);
    expect(notHis.body.error.code).toBe('FORBIDDEN');
    expect((await rest('DELETE', `/personal-courses/${shared.id}`, bjornCookie)).status).toBe(403);
    // Nor can a round be played on someone else's unshared course.
    await expect(
      asBjorn.rounds.create({
        courseId: secret.id,
        teeId: secret.tees[0]!.id,
        playedOn: '2026-05-01',
        format: 'stroke',
        holes: '18',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await asBjorn.personalCourses.mine()).courses).toEqual([]);
  });

  it('international search: shared courses of everyone by name, city or country, accent-insensitive', async () => {
    await asBjorn.personalCourses.create(course({ name: 'Golf de Saint-Cloud', country: 'FR', city: 'Saint-Cloud' }));
    await asBjorn.personalCourses.create(
      course({ name: 'Ålesund Privat', country: 'NO', city: 'Ålesund', shared: false }),
    );
    const names = async (who: Caller, input: { q?: string; country?: string }) =>
      (await who.personalCourses.internationalSearch(input)).courses.map((c) => c.name);

    expect(await names(asAnna, { q: 'saint cloud' })).toEqual(['Golf de Saint-Cloud']);
    expect(await names(asAnna, { q: 'SAINT-CLOUD' })).toEqual(['Golf de Saint-Cloud']);
    expect(await names(asAnna, { q: 'Frankrike' })).toEqual(['Golf de Saint-Cloud']);
    expect(await names(asAnna, { q: 'france' })).toEqual(['Golf de Saint-Cloud']);
    expect(await names(asAnna, { q: 'Cartagena' })).toEqual(expect.arrayContaining(['La Manga Norte', 'Delt bane']));
    expect(await names(asAnna, { q: 'la mnaga' })).toContain('La Manga Norte');
    expect(await names(asAnna, { country: 'fr' })).toEqual(['Golf de Saint-Cloud']);
    // Someone else's unshared course is never found; one's own is.
    expect(await names(asAnna, { q: 'alesund' })).toEqual([]);
    expect(await names(asBjorn, { q: 'alesund' })).toEqual(['Ålesund Privat']);
    expect(await names(asAnna, { q: 'hemmelig' })).toEqual(['Hemmelig bane']);
    expect(await names(asBjorn, { q: 'hemmelig' })).toEqual([]);
    await expect(asAnna.personalCourses.internationalSearch({ country: 'Norge' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('routes /personal-courses/international-search to the search, never to the id route', async () => {
    const res = await rest('GET', '/personal-courses/international-search?q=saint&country=FR', annaCookie);
    expect(res.status).toBe(200);
    expect(res.body.courses.map((c: { name: string }) => c.name)).toEqual(['Golf de Saint-Cloud']);
    const all = await rest('GET', '/personal-courses/international-search', annaCookie);
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body.courses)).toBe(true);
  });

  it('answers a malformed id with 400 INVALID_INPUT, never 500', async () => {
    for (const [method, path] of [
      ['GET', '/personal-courses/international-searc'],
      ['GET', '/personal-courses/123'],
      ['PATCH', '/personal-courses/not-a-uuid'],
      ['DELETE', '/personal-courses/not-a-uuid'],
      ['GET', '/courses/international-search'],
    ] as const) {
      const res = await rest(method, path, annaCookie, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error.code).toBe('INVALID_INPUT');
    }
  });

  it('updates name, sharing, holes and tees; a kept tee keeps its rating and slope', async () => {
    const created = await asAnna.personalCourses.create(course({ name: 'Før', shared: false }));
    const [yellow, red] = created.tees;
    // A round on the yellow tee, to see that its handicap does not change when only the name does.
    const round = await asAnna.rounds.create({
      courseId: created.id,
      teeId: yellow!.id,
      playedOn: '2026-05-02',
      format: 'stroke',
      holes: '18',
    });
    const side = await asAnna.rounds.addSide({ roundId: round.id, name: 'Anna' });
    const before = await asAnna.rounds.addParticipant({
      roundId: round.id,
      sideId: side.id,
      guest: { name: 'Gjest', handicapIndex: 20 },
    });

    const res = await rest('PATCH', `/personal-courses/${created.id}`, annaCookie, {
      name: 'Etter',
      shared: true,
      holes: created.holes.map((h) => (h.number === 1 ? { ...h, par: 5 } : h)),
      tees: [
        { id: yellow!.id, name: 'Gul', par: 73 },
        { name: 'Hvit', courseRating: 73.4, slope: 135, par: 73 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Etter', shared: true });
    expect(res.body.holes[0]).toEqual({ number: 1, par: 5, strokeIndex: SI_18[0] });
    expect(res.body.tees.map((t: { id: string; name: string }) => [t.id === yellow!.id, t.name])).toEqual([
      [true, 'Gul'],
      [false, 'Hvit'],
    ]);
    expect(res.body.tees.map((t: { id: string }) => t.id)).not.toContain(red!.id);
    const after = (await asAnna.rounds.get({ roundId: round.id })).sides[0]!.participants[0]!;
    // Same rating and slope; par 73 instead of 72 lowers the course handicap by exactly one.
    expect(after.courseHandicap).toBe(before.courseHandicap - 1);

    const newTeeWithoutRating = await rest('PATCH', `/personal-courses/${created.id}`, annaCookie, {
      tees: [
        { id: yellow!.id, name: 'Gul', par: 73 },
        { name: 'Blå', par: 73 },
      ],
    });
    expect(newTeeWithoutRating.status).toBe(400);
    expect(newTeeWithoutRating.body.error.issues.map((i: { path: string }) => i.path)).toEqual([
      'tees.1.courseRating',
      'tees.1.slope',
    ]);
    const strangerTee = await rest('PATCH', `/personal-courses/${created.id}`, annaCookie, {
      tees: [{ id: red!.id, name: 'Borte', par: 72 }],
    });
    expect(strangerTee.status).toBe(400);
    const dropUsedTee = await rest('PATCH', `/personal-courses/${created.id}`, annaCookie, {
      tees: [{ name: 'Ny', courseRating: 70, slope: 120, par: 72 }],
    });
    expect(dropUsedTee.status).toBe(409);
    const nineNow = await rest('PATCH', `/personal-courses/${created.id}`, annaCookie, {
      holes: created.holes.slice(0, 9).map((h, i) => ({ ...h, strokeIndex: i + 1 })),
      tees: [{ id: yellow!.id, name: 'Gul', par: 36, courseRating: 35.5 }],
    });
    expect(nineNow.status).toBe(409);
    const bodyWithId = await rest('PATCH', `/personal-courses/${created.id}`, annaCookie, {
      personalCourseId: created.id,
      name: 'X',
    });
    expect(bodyWithId.status).toBe(400);
  });

  it('deletes an unused course (then 404), refuses one a round was played on (409)', async () => {
    const unused = await asAnna.personalCourses.create(course({ name: 'Kast meg' }));
    const deleted = await rest('DELETE', `/personal-courses/${unused.id}`, annaCookie);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await rest('GET', `/personal-courses/${unused.id}`, annaCookie)).status).toBe(404);

    const used = await asAnna.personalCourses.create(course({ name: 'Brukt' }));
    await asAnna.rounds.create({
      courseId: used.id,
      teeId: used.tees[0]!.id,
      playedOn: '2026-05-03',
      format: 'stroke',
      holes: '18',
    });
    const refused = await rest('DELETE', `/personal-courses/${used.id}`, annaCookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');
  });
});
