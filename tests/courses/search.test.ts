import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { sessionTokenFor } from '../helpers/caller';
import { afterAll } from 'vitest';

const OSLO_CENTRE = { lat: 59.9133, lng: 10.7389 };

describe.each(databaseKinds())('official course search, on %s', (kind) => {
  let deps: TestDeps;
  let caller: Awaited<ReturnType<typeof callerAs>>['caller'];
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    await seedDemoCoursesIfEmpty(deps);
    const user = await createUser(deps.db);
    caller = (await callerAs(deps, user)).caller;
    cookie = `service_session=${await sessionTokenFor(deps, user)}`;
    server = await startTestServer(deps);
  });
  afterAll(() => server.close());

  const firstSlug = async (q: string) => (await caller.courses.searchOfficial({ q })).clubs[0]?.slug;

  it('finds a club by a word of its name, any case, with or without "GK"', async () => {
    expect(await firstSlug('bogstad')).toBe('oslo-gk');
    expect(await firstSlug('BOGSTAD')).toBe('oslo-gk');
    expect(await firstSlug('Bogstad GK')).toBe('oslo-gk');
    expect(await firstSlug('Oslo golfklubb')).toBe('oslo-gk');
  });

  it('folds Norwegian letters and accents, on both sides', async () => {
    expect(await firstSlug('Ullensåker')).toBe('ullensaker-gk');
    expect(await firstSlug('ullensaker')).toBe('ullensaker-gk');
    expect(await firstSlug('Lørenskog')).toBe('losby-gk');
    expect(await firstSlug('lorenskog')).toBe('losby-gk');
    expect(await firstSlug('Østmarka')).toBe('losby-gk');
    expect(await firstSlug('Ástveit')).toBe('bergen-gk');
  });

  it('finds by prefix while the name is being typed', async () => {
    expect(await firstSlug('mikla')).toBe('miklagard-gk');
    expect(await firstSlug('Sommers')).toBe('trondheim-gk');
  });

  it('forgives a typo', async () => {
    expect(await firstSlug('bogstadd')).toBe('oslo-gk');
    expect(await firstSlug('bogsatd')).toBe('oslo-gk');
    expect(await firstSlug('Ullensker')).toBe('ullensaker-gk');
    expect(await firstSlug('stavangr golfklubb')).toBe('stavanger-gk');
  });

  it('finds nothing for a name no club has', async () => {
    expect((await caller.courses.searchOfficial({ q: 'xyzzy' })).clubs).toEqual([]);
  });

  it('groups courses under their club: an object with slug, name and courses, never a bare array', async () => {
    const answer = await caller.courses.searchOfficial({ q: 'losby' });
    expect(Array.isArray(answer)).toBe(false);
    const losby = answer.clubs[0]!;
    expect(losby).toMatchObject({ slug: 'losby-gk', name: 'Losby Golfklubb', city: 'Lørenskog', isDemo: true });
    expect(losby.courses.map((c) => c.name)).toEqual(['Losby 18 hull', 'Østmarka 9 hull']);
    const nine = losby.courses[1]!;
    expect(nine).toMatchObject({
      kind: 'official',
      club: { slug: 'losby-gk', name: 'Losby Golfklubb' },
      country: 'NO',
    });
    expect(nine.holes).toHaveLength(9);
    expect(nine.tees[0]).toEqual({
      id: expect.any(String),
      name: 'Gul',
      color: 'yellow',
      gender: 'male',
      par: 29,
      lengthMeters: 1435,
    });
  });

  it('by location: nearest first, with the distance, within the radius only', async () => {
    const answer = await caller.courses.searchOfficial(OSLO_CENTRE);
    const slugs = answer.clubs.map((c) => c.slug);
    expect(slugs.slice(0, 2)).toEqual(['oslo-gk', 'losby-gk']);
    expect(slugs).toContain('ullensaker-gk');
    // Stavanger, Trondheim and Bergen are hundreds of kilometres away.
    expect(slugs).not.toContain('stavanger-gk');
    const distances = answer.clubs.map((c) => c.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeGreaterThan(5);
    expect(distances[0]).toBeLessThan(12);
    expect(distances.every((d) => d <= 100)).toBe(true);
  });

  it('by location far from every club: no clubs', async () => {
    expect((await caller.courses.searchOfficial({ lat: 70.5, lng: -10 })).clubs).toEqual([]);
  });

  it('by name and location: name hits, each with its distance', async () => {
    const answer = await caller.courses.searchOfficial({ q: 'golfklubb', ...OSLO_CENTRE, limit: 3 });
    expect(answer.clubs).toHaveLength(3);
    expect(answer.clubs.every((c) => typeof c.distanceKm === 'number')).toBe(true);
    expect(answer.clubs[0]!.slug).toBe('oslo-gk');
  });

  it('without a query: clubs alphabetically, up to the limit', async () => {
    const answer = await caller.courses.searchOfficial({ limit: 2 });
    expect(answer.clubs.map((c) => c.name)).toEqual(['Bergen Golfklubb', 'Losby Golfklubb']);
  });

  it('refuses half a location and an out-of-range limit', async () => {
    await expect(caller.courses.searchOfficial({ lat: 59.9 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.courses.searchOfficial({ q: 'oslo', limit: 500 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('answers the same over REST, with query-string numbers', async () => {
    const res = await fetch(`${server.url}/courses/search?q=Bogstad%20GK`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.clubs[0].slug).toBe('oslo-gk');
    const near = await (
      await fetch(`${server.url}/courses/search?lat=${OSLO_CENTRE.lat}&lng=${OSLO_CENTRE.lng}&limit=1`, {
        headers: { cookie },
      })
    ).json();
    expect(near.clubs).toHaveLength(1);
    expect(near.clubs[0].slug).toBe('oslo-gk');
    expect(near.clubs[0].distanceKm).toBeGreaterThan(0);
    const empty = await (await fetch(`${server.url}/courses/search?q=&lat=&lng=`, { headers: { cookie } })).json();
    expect(empty.clubs.length).toBeGreaterThan(0);
  });

  it('answers 400 on REST for a location that is not a number, and 401 without a session', async () => {
    const bad = await fetch(`${server.url}/courses/search?lat=abc&lng=10`, { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('INVALID_INPUT');
    const anonymous = await fetch(`${server.url}/courses/search?q=oslo`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe('NOT_AUTHENTICATED');
  });

  it('reads one official course by id; an unknown id is 404, a malformed one 400', async () => {
    const [club] = (await caller.courses.searchOfficial({ q: 'bogstad' })).clubs;
    const course = club!.courses[0]!;
    expect(await caller.courses.get({ courseId: course.id })).toEqual(course);
    const res = await fetch(`${server.url}/courses/${course.id}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('Bogstad');
    const missing = await fetch(`${server.url}/courses/00000000-0000-4000-8000-000000000000`, { headers: { cookie } });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('NOT_FOUND');
    const malformed = await fetch(`${server.url}/courses/not-a-uuid`, { headers: { cookie } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('INVALID_INPUT');
  });
});
