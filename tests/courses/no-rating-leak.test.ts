import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { importClubs, parseImportFile } from '../../server/courses/import';
import { withRatingsHidden } from '../../server/courses/ratings';
import { tee } from '../../server/db/schema';
import { createLogger } from '../../server/log';
import { courseHandicap, wholeCourseHandicap } from '../../server/golf';
import { appRouter, type AppRouter } from '../../server/trpc/router';
import { sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * docs/access.md section 2 and docs/contract.md section 8: course rating and slope never leave the server. Every
 * procedure of the course and round routers is called over REST and over tRPC (HTTP, and the WebSocket
 * for the subscription), successes and failures alike; every answer, error, event and log line is walked
 * for a key that names a rating or slope and for any of the values the test put in.
 */
const OFFICIAL = {
  courseRating: 67.3,
  slope: 149,
  front9: { courseRating: 33.1, slope: 147 },
  back9: { courseRating: 34.2, slope: 151 },
};
const PERSONAL = { courseRating: 73.7, slope: 137 };
const PERSONAL_CHANGED = { courseRating: 71.9, slope: 129 };
/** Sent in invalid input: an error must not echo them either. */
const REFUSED = { courseRating: 91.3, slope: 160 };
const SECRET_NUMBERS = [OFFICIAL, OFFICIAL.front9, OFFICIAL.back9, PERSONAL, PERSONAL_CHANGED, REFUSED].flatMap((r) => [
  r.courseRating,
  r.slope,
]);
const SECRET_KEY = /rating|slope/i;
const SECRET_IN_TEXT = new RegExp(
  `(^|[^0-9A-Za-z.])(${SECRET_NUMBERS.map((n) => String(n).replace('.', '\\.')).join('|')})(?![0-9A-Za-z])`,
);
/** Ids are random hex: "…-a137-…" is not a slope. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function leaks(value: unknown, where: string, found: string[] = []): string[] {
  if (typeof value === 'number') {
    if (SECRET_NUMBERS.includes(value)) found.push(`${where}: ${value}`);
  } else if (typeof value === 'string') {
    if (SECRET_IN_TEXT.test(value.replace(UUID, ''))) found.push(`${where}: "${value}"`);
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) leaks(v, `${where}[${i}]`, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) found.push(`${where}.${key}`);
      leaks(v, `${where}.${key}`, found);
    }
  }
  return found;
}

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
const SI = [7, 11, 15, 1, 5, 13, 17, 3, 9, 8, 16, 4, 2, 12, 10, 18, 6, 14];
const HOLES = PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i]! }));

const QUERIES = new Set([
  'courses.searchOfficial',
  'courses.get',
  'personalCourses.mine',
  'personalCourses.internationalSearch',
  'personalCourses.get',
  'rounds.mine',
  'rounds.get',
  'participants.search',
]);

type Input = Record<string, unknown>;
const qs = (input: Input) => new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString();
/** The REST path of each procedure (docs/contract.md section 8). */
const REST: Record<string, (input: Input) => { method: string; path: string; body?: unknown }> = {
  'courses.searchOfficial': (i) => ({ method: 'GET', path: `/courses/search?${qs(i)}` }),
  'courses.get': (i) => ({ method: 'GET', path: `/courses/${i.courseId}` }),
  'personalCourses.mine': () => ({ method: 'GET', path: '/personal-courses' }),
  'personalCourses.create': (i) => ({ method: 'POST', path: '/personal-courses', body: i }),
  'personalCourses.internationalSearch': (i) => ({
    method: 'GET',
    path: `/personal-courses/international-search?${qs(i)}`,
  }),
  'personalCourses.get': (i) => ({ method: 'GET', path: `/personal-courses/${i.personalCourseId}` }),
  'personalCourses.update': ({ personalCourseId, ...body }) => ({
    method: 'PATCH',
    path: `/personal-courses/${personalCourseId}`,
    body,
  }),
  'personalCourses.delete': (i) => ({ method: 'DELETE', path: `/personal-courses/${i.personalCourseId}` }),
  'rounds.create': (i) => ({ method: 'POST', path: '/rounds', body: i }),
  'rounds.mine': () => ({ method: 'GET', path: '/rounds' }),
  'rounds.get': (i) => ({ method: 'GET', path: `/rounds/${i.roundId}` }),
  'rounds.addSide': ({ roundId, ...body }) => ({ method: 'POST', path: `/rounds/${roundId}/sides`, body }),
  'rounds.addParticipant': ({ roundId, ...body }) => ({
    method: 'POST',
    path: `/rounds/${roundId}/participants`,
    body,
  }),
  'rounds.setScore': ({ roundId, ...body }) => ({ method: 'PUT', path: `/rounds/${roundId}/scores`, body }),
  'rounds.finish': (i) => ({ method: 'POST', path: `/rounds/${i.roundId}/finish` }),
  'rounds.share': (i) => ({ method: 'POST', path: `/rounds/${i.roundId}/share` }),
  'rounds.unshare': (i) => ({ method: 'DELETE', path: `/rounds/${i.roundId}/share` }),
  'rounds.attest': ({ roundId, ...body }) => ({ method: 'POST', path: `/rounds/${roundId}/attest`, body }),
  'rounds.withdrawAttestation': (i) => ({
    method: 'DELETE',
    path: `/rounds/${i.roundId}/attest/${i.participantId}`,
  }),
  'participants.search': (i) => ({ method: 'GET', path: `/participants/search?${qs(i)}` }),
};

describe('course rating and slope never leave the server', () => {
  let deps: TestDeps;
  let server: TestServer;
  const logLines: string[] = [];
  const outputs: { where: string; body: unknown }[] = [];
  const covered = { rest: new Set<string>(), trpc: new Set<string>() };
  let ownerCookie: string;
  let friendCookie: string;
  let friendId: string;

  beforeAll(async () => {
    deps = await createTestDeps({ logLines });
    server = await startTestServer(deps);
    await importClubs(
      deps.db,
      parseImportFile({
        format: 'golf-courses/1',
        clubs: [
          {
            slug: 'lekkasje-gk',
            name: 'Lekkasjetest Golfklubb',
            city: 'Hamar',
            lat: 60.8,
            lng: 11.07,
            courses: [
              {
                name: 'Lekkasje',
                holes: HOLES,
                tees: [
                  {
                    name: 'Gul',
                    color: 'yellow',
                    gender: 'male',
                    par: 72,
                    ...OFFICIAL,
                    lengths: new Array(18).fill(300),
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const owner = await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 12.3 });
    const friend = await createUser(deps.db, {
      name: 'Frode Venn',
      handicapIndex: 20.5,
      email: 'frode.lekkasje@example.no',
    });
    friendId = friend.id;
    ownerCookie = `service_session=${await sessionTokenFor(deps, owner)}`;
    friendCookie = `service_session=${await sessionTokenFor(deps, friend)}`;
  });
  afterAll(() => server.close());

  /** One procedure call over one transport; the body (answer or error) is kept for the walk. */
  async function call(
    transport: 'rest' | 'trpc',
    procedure: string,
    input: Input | undefined,
    cookie = ownerCookie,
  ): Promise<{ status: number; data: any }> {
    let res: Response;
    if (transport === 'rest') {
      const { method, path, body } = REST[procedure]!(input ?? {});
      res = await fetch(`${server.url}${path}`, {
        method,
        headers: { cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } else if (QUERIES.has(procedure)) {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      res = await fetch(`${server.url}/trpc/${procedure}${query}`, { headers: { cookie } });
    } else {
      res = await fetch(`${server.url}/trpc/${procedure}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
      });
    }
    const body = await res.json();
    outputs.push({ where: `${transport} ${procedure} (${res.status})`, body });
    covered[transport].add(procedure);
    return { status: res.status, data: transport === 'trpc' && res.ok ? body.result.data : body };
  }

  async function scenario(transport: 'rest' | 'trpc') {
    const c = (procedure: string, input?: Input, cookie?: string) => call(transport, procedure, input, cookie);

    const found = await c('courses.searchOfficial', { q: 'lekkasje' });
    expect(found.data.clubs[0].slug).toBe('lekkasje-gk');
    await c('courses.searchOfficial', { lat: 60.8, lng: 11 });
    const official = found.data.clubs[0].courses[0];
    await c('courses.get', { courseId: official.id });
    await c('courses.get', { courseId: '00000000-0000-4000-8000-000000000000' });

    const personal = await c('personalCourses.create', {
      name: `Lekkasjebane ${transport}`,
      country: 'SE',
      city: 'Göteborg',
      shared: true,
      holes: HOLES,
      tees: [{ name: 'Gul', par: 72, ...PERSONAL }],
    });
    expect(personal.status).toBe(transport === 'rest' ? 201 : 200);
    const refused = await c('personalCourses.create', {
      name: 'Nei',
      country: 'SE',
      shared: false,
      holes: HOLES,
      tees: [{ name: 'Gul', par: 72, ...REFUSED }],
    });
    expect(refused.status).toBe(400);
    await c('personalCourses.mine');
    await c('personalCourses.get', { personalCourseId: personal.data.id });
    await c('personalCourses.get', { personalCourseId: personal.data.id }, friendCookie);
    await c('personalCourses.internationalSearch', { q: 'goteborg' });
    await c('personalCourses.update', {
      personalCourseId: personal.data.id,
      tees: [{ id: personal.data.tees[0].id, name: 'Gul', par: 72, ...PERSONAL_CHANGED }],
    });
    await c('personalCourses.update', { personalCourseId: personal.data.id, name: 'Ikke din' }, friendCookie);
    const throwaway = await c('personalCourses.create', {
      name: 'Kastes',
      country: 'SE',
      shared: false,
      holes: HOLES,
      tees: [{ name: 'Gul', par: 72, ...PERSONAL }],
    });
    await c('personalCourses.delete', { personalCourseId: throwaway.data.id });

    const teeId = official.tees[0].id;
    const round = await c('rounds.create', {
      courseId: official.id,
      teeId,
      playedOn: '2026-09-01',
      format: 'match',
      holes: '18',
    });
    const nine = await c('rounds.create', {
      courseId: official.id,
      teeId,
      playedOn: '2026-09-02',
      format: 'stableford',
      holes: 'front9',
    });
    await c('rounds.create', {
      courseId: personal.data.id,
      teeId: personal.data.tees[0].id,
      playedOn: '2026-09-03',
      format: 'stroke',
      holes: 'back9',
    });
    const roundId = round.data.id;
    const a = await c('rounds.addSide', { roundId, name: 'Eva' });
    const b = await c('rounds.addSide', { roundId, name: 'Frode' });
    const me = await c('rounds.addParticipant', {
      roundId,
      sideId: a.data.id,
      guest: { name: 'Eva som gjest', handicapIndex: 12.3 },
    });
    expect(me.data.courseHandicap).toBe(wholeCourseHandicap(courseHandicap(12.3, { ...OFFICIAL, par: 72 })));
    const him = await c('rounds.addParticipant', { roundId, sideId: b.data.id, userId: friendId });
    const nineSide = await c('rounds.addSide', { roundId: nine.data.id, name: 'Alle' });
    await c('rounds.addParticipant', {
      roundId: nine.data.id,
      sideId: nineSide.data.id,
      guest: { name: 'Niern', handicapIndex: 20.5 },
    });
    await c('rounds.setScore', { roundId, participantId: me.data.id, hole: 1, strokes: 4 });
    await c('rounds.setScore', { roundId, participantId: him.data.id, hole: 1, strokes: 5 }, friendCookie);
    await c('rounds.setScore', { roundId, participantId: him.data.id, hole: 1, strokes: 25 }, friendCookie);
    await c('rounds.get', { roundId });
    await c('rounds.get', { roundId: nine.data.id });
    await c('rounds.mine');
    await c('participants.search', { q: 'frode' });
    await c('participants.search', { q: 'frode.lekkasje@example.no' });
    await c('rounds.finish', { roundId }, friendCookie);
    await c('rounds.finish', { roundId });
    // Shared to the public feed: the item names players and totals, never the course's rating.
    await c('rounds.share', { roundId }, friendCookie);
    await c('rounds.share', { roundId });
    await c('rounds.unshare', { roundId });
    // Attesting: refused for an owner who does not play and for a guest's card, nothing to withdraw.
    await c('rounds.attest', { roundId, participantId: him.data.id });
    await c('rounds.attest', { roundId, participantId: me.data.id }, friendCookie);
    await c('rounds.withdrawAttestation', { roundId, participantId: him.data.id }, friendCookie);
    return roundId as string;
  }

  it('walks every answer and error of every procedure, over REST and tRPC, and every live event', async () => {
    await scenario('rest');
    const roundId = await scenario('trpc');

    // The subscription, over a real WebSocket: a snapshot and the events of a fresh round.
    class CookieWebSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie: friendCookie } });
      }
    }
    const wsClient = createWSClient({
      url: `${server.url.replace('http', 'ws')}/trpc`,
      WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const events: unknown[] = [];
    const live = await call('trpc', 'rounds.get', { roundId });
    const sub = client.rounds.onUpdate.subscribe({ roundId: live.data.id }, { onData: (e) => events.push(e) });
    const fresh = await call('trpc', 'rounds.create', {
      courseId: live.data.course.id,
      teeId: live.data.tee.id,
      playedOn: '2026-09-04',
      format: 'stroke',
      holes: '18',
    });
    const side = await call('trpc', 'rounds.addSide', { roundId: fresh.data.id, name: 'Frode' });
    const p = await call('trpc', 'rounds.addParticipant', {
      roundId: fresh.data.id,
      sideId: side.data.id,
      userId: friendId,
    });
    const freshEvents: unknown[] = [];
    const sub2 = client.rounds.onUpdate.subscribe({ roundId: fresh.data.id }, { onData: (e) => freshEvents.push(e) });
    for (let i = 0; i < 100 && freshEvents.length < 1; i += 1) await new Promise((r) => setTimeout(r, 50));
    await call(
      'trpc',
      'rounds.setScore',
      { roundId: fresh.data.id, participantId: p.data.id, hole: 1, strokes: 4 },
      friendCookie,
    );
    for (let i = 0; i < 100 && (freshEvents.length < 2 || events.length < 1); i += 1)
      await new Promise((r) => setTimeout(r, 50));
    sub.unsubscribe();
    sub2.unsubscribe();
    await wsClient.close();
    covered.trpc.add('rounds.onUpdate');
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(freshEvents.length).toBeGreaterThanOrEqual(2);
    outputs.push({ where: 'ws rounds.onUpdate', body: [...events, ...freshEvents] });

    // Every procedure of these routers was called, over both transports (the subscription has no REST path).
    const procedures = Object.keys(appRouter._def.procedures).filter((k) =>
      /^(courses|personalCourses|rounds|participants)\./.test(k),
    );
    expect([...covered.trpc].sort()).toEqual(procedures.sort());
    expect([...covered.rest].sort()).toEqual(procedures.filter((p) => p !== 'rounds.onUpdate').sort());

    const found = outputs.flatMap((o) => leaks(o.body, o.where));
    expect(found).toEqual([]);
    // The failures were real failures, so their errors were walked too.
    expect(outputs.filter((o) => /\((4\d\d)\)/.test(o.where)).length).toBeGreaterThanOrEqual(10);
  });

  it('keeps them out of every log line', () => {
    expect(logLines.length).toBeGreaterThan(50);
    const found = logLines.flatMap((line, i) => leaks(JSON.parse(line), `log line ${i}`));
    expect(found).toEqual([]);
  });

  it('a failed write of a tee logs the database error code, not the row', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const failed = await withRatingsHidden(() =>
      deps.db
        .insert(tee)
        .values({ courseId: '00000000-0000-4000-8000-000000000000', name: 'Ingen bane', par: 72, ...OFFICIAL.front9 }),
    ).then(
      () => null,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(failed?.code).toBe('23503'); // foreign key violation
    logger.error({ err: failed }, 'unexpected error');
    expect(lines).toHaveLength(1);
    expect(leaks(JSON.parse(lines[0]!), 'log')).toEqual([]);
    // Without the wrapper the error names the values, but the logger's error serializer keeps them out of
    // the log too, for every table (decision 0007).
    const raw = await deps.db
      .insert(tee)
      .values({ courseId: '00000000-0000-4000-8000-000000000000', name: 'Ingen bane', par: 72, ...OFFICIAL.front9 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(leaks(raw, 'error')).not.toEqual([]);
    logger.error({ err: raw }, 'unexpected error');
    expect(leaks(JSON.parse(lines[1]!), 'log')).toEqual([]);
  });

  it('the walk finds a planted rating, slope or value (so the test above can fail)', () => {
    expect(leaks({ tee: { courseRating: 1 } }, 'x')).toEqual(['x.tee.courseRating']);
    expect(leaks({ tees: [{ slopeRating: 1 }] }, 'x')).toEqual(['x.tees[0].slopeRating']);
    expect(leaks({ a: [1, 2, 149] }, 'x')).toEqual(['x.a[2]: 149']);
    expect(leaks({ message: 'Slope 137 er for høy' }, 'x')).toEqual(['x.message: "Slope 137 er for høy"']);
    expect(leaks({ message: 'CR 73.7' }, 'x')).toEqual(['x.message: "CR 73.7"']);
    expect(leaks({ id: '4137a2b0-1490-4000-a137-0000000f0137', at: '2026-09-01T10:00:00.149Z' }, 'x')).toEqual([]);
  });
});
