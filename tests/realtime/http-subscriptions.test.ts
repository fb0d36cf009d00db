import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/trpc/router';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { createTournamentFixture } from '../helpers/tournaments';
import { demoCourse } from '../rounds/helpers';

/**
 * Subscriptions are WebSocket-only: over plain HTTP tRPC would answer a server-sent event stream that no
 * socket budget counts and no session end closes. Every subscription of the router is tried with every
 * spelling of its path that reaches tRPC, as a member who may watch it, and each must be refused before a
 * stream starts.
 */

const SUBSCRIPTIONS = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
  .filter(([, procedure]) => procedure._def.type === 'subscription')
  .map(([name]) => name)
  .sort();

/** Each path as a client could spell it: tRPC serves the decoded last segment, Express matches /trpc in any case. */
function spellings(name: string): string[] {
  const [first, ...rest] = name;
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  return [
    `/trpc/${name}`,
    `/trpc/x/${name}`,
    `/trpc/x/y/${name}`,
    `/TRPC/${name}`,
    `/trpc/${name.replace('.', '%2E')}`,
    `/trpc/${name.replace('.', '%2e')}`,
    `/trpc/${hex(first!)}${rest.join('')}`,
    `/trpc/${[...name].map(hex).join('')}`,
  ];
}

describe.each(databaseKinds())('subscriptions over HTTP, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let cookie: string;
  const inputs: Record<string, unknown> = {};

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    const t = await createTournamentFixture(deps.db, { players: 2 });
    const member = t.players[0]!.user;
    cookie = `service_session=${await sessionTokenFor(deps, member)}`;
    const course = await demoCourse(deps, 'oslo-gk', 'Bogstad');
    const round = await (await callerAs(deps, member)).caller.rounds.create({
      courseId: course.course.id,
      teeId: course.teeId,
      playedOn: '2026-08-01',
      format: 'stroke',
      holes: '18',
    });
    // Inputs that the member may watch: over a socket each of these starts a stream.
    Object.assign(inputs, {
      'chat.onMessage': { organizationId: t.organizationId },
      'feed.onItem': {},
      'rounds.onUpdate': { roundId: round.id },
      'tournaments.onLeaderboard': { slug: t.slug },
    });
  });
  afterAll(() => server.close());

  it('knows an input for every subscription of the router, so a new one is tried too', () => {
    expect(SUBSCRIPTIONS.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(inputs).sort()).toEqual(SUBSCRIPTIONS);
  });

  /** One request; the body is read only when it is not a stream, which would never end. */
  async function ask(path: string, init: RequestInit = {}) {
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { cookie, accept: 'text/event-stream', ...init.headers },
      signal: AbortSignal.timeout(5_000),
    });
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream')) {
      await res.body?.cancel();
      return { path, status: res.status, type, body: null };
    }
    return { path, status: res.status, type, body: await res.text() };
  }

  interface CallAnswer {
    result?: unknown;
    error?: { message: string; data: { appCode: string } };
  }

  /** The answer's calls, in order: one for a single call, one per call of a batch. */
  function callsOf(answer: Awaited<ReturnType<typeof ask>>): CallAnswer[] {
    expect({ path: answer.path, type: answer.type }).toEqual({
      path: answer.path,
      type: expect.stringContaining('application/json'),
    });
    const text = answer.body!;
    const parsed = JSON.parse(text) as CallAnswer | CallAnswer[];
    return Array.isArray(parsed) ? parsed : [parsed];
  }

  /**
   * What a client must be told of a subscription's call: INVALID_INPUT in tRPC's JSON shape, never a stream;
   * by GET with the reason, by POST as tRPC refuses a method a procedure does not take.
   */
  function expectRefusedCall(call: CallAnswer, reason = true) {
    expect(call.error?.data.appCode).toBe('INVALID_INPUT');
    if (reason) expect(call.error?.message).toBe('Direkteoppdateringer går bare over WebSocket.');
  }

  function expectRefused(answer: Awaited<ReturnType<typeof ask>>, reason = true) {
    expect({ path: answer.path, status: answer.status }).toEqual({
      path: answer.path,
      status: reason ? 400 : expect.toSatisfy((s: number) => s === 400 || s === 405),
    });
    for (const call of callsOf(answer)) expectRefusedCall(call, reason);
  }

  it.each(SUBSCRIPTIONS)('%s is refused under every spelling of its path', async (name) => {
    const input = encodeURIComponent(JSON.stringify(inputs[name]));
    for (const path of spellings(name)) {
      expectRefused(await ask(`${path}?input=${input}`));
    }
  });

  it.each(SUBSCRIPTIONS)('%s is refused in a batch, alone or beside a query that still answers', async (name) => {
    const one = encodeURIComponent(JSON.stringify({ 0: inputs[name] }));
    const two = encodeURIComponent(JSON.stringify({ 0: {}, 1: inputs[name] }));
    for (const path of spellings(name)) {
      expectRefused(await ask(`${path}?batch=1&input=${one}`));
      const last = path.lastIndexOf('/') + 1;
      const mixed = await ask(`${path.slice(0, last)}feed.list,${path.slice(last)}?batch=1&input=${two}`);
      expect({ path: mixed.path, status: mixed.status }).toEqual({ path: mixed.path, status: 207 });
      const [list, subscription] = callsOf(mixed);
      expect(list!.result).toBeDefined();
      expectRefusedCall(subscription!);
      // A streamed batch (httpBatchStreamLink's trpc-accept) is told the same, as lines of JSON.
      const streamed = await ask(`${path}?batch=1&input=${one}`, {
        headers: { 'trpc-accept': 'application/jsonl', cookie },
      });
      expect(streamed.type).not.toContain('text/event-stream');
      expect(streamed.body).toContain('"appCode":"INVALID_INPUT"');
      expect(streamed.body).toContain('Direkteoppdateringer går bare over WebSocket.');
    }
  });

  it.each(SUBSCRIPTIONS)('%s is refused by POST and with a method override', async (name) => {
    for (const path of spellings(name)) {
      expectRefused(
        await ask(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(inputs[name]),
        }),
        false,
      );
      expectRefused(
        await ask(`${path}?input=${encodeURIComponent(JSON.stringify(inputs[name]))}`, {
          headers: { 'x-http-method-override': 'POST', cookie },
        }),
      );
    }
  });

  it('a query over HTTP still answers as before', async () => {
    const res = await fetch(`${server.url}/trpc/feed.list?input=${encodeURIComponent('{}')}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { data: { items: unknown[] } } }).result.data.items).toBeInstanceOf(Array);
  });
});
