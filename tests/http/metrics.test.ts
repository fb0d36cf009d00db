import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config';
import { sessionTokenFor, callerAs } from '../helpers/caller';
import { testConfig, createTestDeps, type TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { openRawSocket, type RawSocket } from '../helpers/live';
import { startTestServer, type TestServer } from '../helpers/server';
import { demoCourse } from '../rounds/helpers';

const TOKEN = randomBytes(32).toString('base64url');
const PASSWORD = 'riktig-passord-123';

/** One sample of the exposition: name, labels, value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?[0-9]+)?$/;
/** Prometheus reads values with Go's ParseFloat: NaN and Inf in any case (prom-client writes `Nan`). */
const FLOAT = /^(?:[+-]?(?:[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?|inf|infinity)|nan)$/i;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the Prometheus text exposition (0.0.4), failing on any line that is not a comment or a sample. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = SAMPLE.exec(line);
    if (!match || !FLOAT.test(match[3]!)) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({
      name: match[1]!,
      labels,
      value: /nan/i.test(match[3]!) ? NaN : Number(match[3]!.replace(/inf(inity)?/i, 'Infinity')),
    });
  }
  return samples;
}

function sampleValue(samples: Sample[], name: string, labels: Record<string, string>): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

describe('GET /metrics while METRICS_TOKEN is unset', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await createTestDeps());
  });
  afterAll(() => server.close());

  it('is 404 NOT_FOUND, as a path that does not exist, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await fetch(`${server.url}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters at start', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'a'.repeat(31) })).toThrow(ConfigError);
    expect(() => testConfig({ METRICS_TOKEN: 'a'.repeat(31) })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(testConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let deps: TestDeps;
  let server: TestServer;

  beforeAll(async () => {
    deps = await createTestDeps({ env: { METRICS_TOKEN: TOKEN } });
    server = await startTestServer(deps);
  });
  afterAll(() => server.close());

  async function scrape(): Promise<{ text: string; samples: Sample[] }> {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    return { text, samples: parseExposition(text) };
  }

  it('is 401 without the token, with a wrong one, or with another scheme', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of wrong) {
      const res = await fetch(`${server.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      const body = await res.text();
      expect(JSON.parse(body).error.code).toBe('NOT_AUTHENTICATED');
      expect(body).not.toContain('golf_');
    }
  });

  it('counts requests by route pattern or procedure and status, never by the raw URL', async () => {
    const member = await createUser(deps.db, { name: 'Mona Medlem' });
    const club = await createOrganization(deps.db);
    await addMember(deps.db, club.id, member.id, 'member');
    const cookie = `service_session=${await sessionTokenFor(deps, member)}`;
    const otherId = randomUUID();
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${server.url}/organizations/${club.id}/members`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${server.url}/organizations/${otherId}/members`, { headers: { cookie } })).status).toBe(403);
    expect((await fetch(`${server.url}/trpc/orgs.mine`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${server.url}/trpc/no.such${otherId}`)).status).toBe(404);
    expect((await fetch(`${server.url}/no-such-path/${otherId}`)).status).toBe(404);

    const { text, samples } = await scrape();
    const requests = (labels: Record<string, string>) => sampleValue(samples, 'golf_http_requests_total', labels);
    expect(requests({ route: '/organizations/:organization_id/members', method: 'GET', status: '200' })).toBe(3);
    expect(requests({ route: '/organizations/:organization_id/members', method: 'GET', status: '403' })).toBe(1);
    expect(requests({ route: '/trpc/orgs.mine', method: 'GET', status: '200' })).toBe(1);
    expect(requests({ route: '/trpc/<unknown>', method: 'GET', status: '404' })).toBe(1);
    expect(requests({ route: '<unmatched>', method: 'GET', status: '404' })).toBe(1);
    expect(
      sampleValue(samples, 'golf_http_request_duration_seconds_count', {
        route: '/organizations/:organization_id/members',
        status: '200',
      }),
    ).toBe(3);
    for (const id of [club.id, otherId, member.id]) expect(text).not.toContain(id);
    // prom-client's default metrics are there, event-loop lag among them.
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds', {})).toBeGreaterThanOrEqual(0);
    expect(samples.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
    if (deps.dbKind === 'postgres')
      expect(sampleValue(samples, 'golf_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else expect(samples.some((s) => s.name === 'golf_db_pool_connections')).toBe(false);
  });

  it('shows a live subscription in the socket and subscription gauges, and not after it ends', async () => {
    const course = await demoCourse(deps, 'oslo-gk', 'Bogstad');
    const owner = await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 14 });
    const asOwner = (await callerAs(deps, owner)).caller;
    const round = await asOwner.rounds.create({
      courseId: course.course.id,
      teeId: course.teeId,
      playedOn: '2026-08-01',
      format: 'stroke',
      holes: '18',
    });
    const gauges = async () => {
      const { samples } = await scrape();
      return {
        rounds: sampleValue(samples, 'golf_live_subscriptions', { kind: 'round' }),
        chats: sampleValue(samples, 'golf_live_subscriptions', { kind: 'chat' }),
        sockets: sampleValue(samples, 'golf_websockets_open', { session: 'with_session' }),
      };
    };
    expect(await gauges()).toEqual({ rounds: 0, chats: 0, sockets: 0 });

    const socket: RawSocket = await openRawSocket(server, `service_session=${await sessionTokenFor(deps, owner)}`);
    socket.subscribe(1, 'rounds.onUpdate', { roundId: round.id });
    await socket.waitFor((m) => m.id === 1 && m.result?.type === 'data', 'the snapshot');
    await expect.poll(gauges).toEqual({ rounds: 1, chats: 0, sockets: 1 });

    socket.socket.send(JSON.stringify({ id: 1, method: 'subscription.stop' }));
    await socket.waitFor((m) => m.id === 1 && m.result?.type === 'stopped', 'the stop');
    await expect.poll(gauges).toEqual({ rounds: 0, chats: 0, sockets: 1 });

    socket.socket.close();
    await socket.closed;
    await expect.poll(gauges).toEqual({ rounds: 0, chats: 0, sockets: 0 });
  });

  it('counts a failed password sign-in and a rate-limit refusal, without the address or the user in the output', async () => {
    const user = await createUser(deps.db, { name: 'Per Passord', password: PASSWORD });
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    expect((await post('/auth/login', { email: user.email, password: 'feil-passord-123' })).status).toBe(401);
    const signedIn = await post('/auth/login', { email: user.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    // Logging out announces the session's end on the bus.
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const loggedOut = await fetch(`${server.url}/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
    });
    expect(loggedOut.status).toBe(200);
    expect((await post('/auth/request-link', { email: user.email })).status).toBe(200);
    expect((await post('/auth/request-link', { email: user.email })).status).toBe(429);

    const { text, samples } = await scrape();
    expect(sampleValue(samples, 'golf_sign_ins_total', { kind: 'password', outcome: 'failure' })).toBe(1);
    expect(sampleValue(samples, 'golf_sign_ins_total', { kind: 'password', outcome: 'success' })).toBe(1);
    expect(sampleValue(samples, 'golf_rate_limit_refusals_total', { limit: 'magic_link_address' })).toBe(1);
    expect(sampleValue(samples, 'golf_bus_published_total', { kind: 'sessions' })).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(samples, 'golf_http_requests_total', { route: '/auth/request-link', method: 'POST', status: '429' }),
    ).toBe(1);
    for (const secret of [user.email, user.email.split('@')[0]!, user.id, PASSWORD, TOKEN])
      expect(text).not.toContain(secret);
  });
});

describe('two apps in one process', () => {
  it('each has its own registry: nothing collides, and one counts only its own requests', async () => {
    const a = await startTestServer(await createTestDeps({ env: { METRICS_TOKEN: TOKEN } }));
    const b = await startTestServer(await createTestDeps({ env: { METRICS_TOKEN: TOKEN } }));
    try {
      await fetch(`${a.url}/healthz`);
      await fetch(`${a.url}/healthz`);
      const read = async (server: TestServer) =>
        parseExposition(
          await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text(),
        );
      expect(sampleValue(await read(a), 'golf_http_requests_total', { route: '/healthz', status: '200' })).toBe(2);
      expect(
        sampleValue(await read(b), 'golf_http_requests_total', { route: '/healthz', status: '200' }),
      ).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
