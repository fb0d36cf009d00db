import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('the HTTP transport', () => {
  let deps: TestDeps;
  let server: TestServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    deps = await createTestDeps({ logLines });
    server = await startTestServer(deps);
  });
  afterAll(() => server.close());

  it('answers the health and readiness checks', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('refuses a mutating request that is not JSON, whatever its path', async () => {
    const res = await fetch(`${server.url}/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.code).toBe('FORBIDDEN_ORIGIN');
    expect(body.error.message).toMatch(/avvist/);
    const noType = await fetch(`${server.url}/trpc/auth.logout`, { method: 'POST' });
    expect(noType.status).toBe(403);
    // On /trpc in tRPC's shape, one error per call of a batch, as the app's batch link reads errors.
    expect((await noType.json()).error.data).toMatchObject({
      appCode: 'FORBIDDEN_ORIGIN',
      httpStatus: 403,
      path: 'auth.logout',
    });
    const batch = await fetch(`${server.url}/trpc/auth.logout,auth.signOutEverywhere?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(batch.status).toBe(403);
    const errors = (await batch.json()) as { error: { message: string; data: { appCode: string; path: string } } }[];
    expect(errors.map((e) => [e.error.data.appCode, e.error.data.path])).toEqual([
      ['FORBIDDEN_ORIGIN', 'auth.logout'],
      ['FORBIDDEN_ORIGIN', 'auth.signOutEverywhere'],
    ]);
    expect(errors[0]!.error.message).toMatch(/avvist/);
  });

  it('refuses a foreign Origin and accepts our own', async () => {
    const foreign = await fetch(`${server.url}/no-such-path`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('FORBIDDEN_ORIGIN');
    const own = await fetch(`${server.url}/no-such-path`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, origin: deps.config.publicOrigin },
      body: '{}',
    });
    expect(own.status).toBe(404);
    expect((await own.json()).error.code).toBe('NOT_FOUND');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body over 100 KiB, on REST and tRPC alike, each in its own shape', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(100 * 1024) });
    const rest = await fetch(`${server.url}/auth/request-link`, { method: 'POST', headers: JSON_HEADERS, body: big });
    expect(rest.status).toBe(413);
    expect((await rest.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const trpc = await fetch(`${server.url}/trpc/auth.requestLink`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: big,
    });
    expect(trpc.status).toBe(413);
    expect((await trpc.json()).error.data).toMatchObject({ appCode: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
  });

  it('reads a body of just under 100 KiB', async () => {
    const body = JSON.stringify({ filler: 'a'.repeat(100 * 1024 - 20) });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(100 * 1024);
    const res = await fetch(`${server.url}/no-such-path`, { method: 'POST', headers: JSON_HEADERS, body });
    expect(res.status).toBe(404);
  });

  it('answers malformed JSON with 400 INVALID_INPUT', async () => {
    const res = await fetch(`${server.url}/auth/request-link`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('INVALID_INPUT');
  });

  it('answers 401 NOT_AUTHENTICATED in the contract shape on REST', async () => {
    const res = await fetch(`${server.url}/auth/me`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'NOT_AUTHENTICATED', message: 'Du må logge inn.' } });
  });

  it('answers the same code in error.data.appCode on tRPC, with the HTTP status and no stack', async () => {
    const res = await fetch(`${server.url}/trpc/auth.me`);
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.error.message).toBe('Du må logge inn.');
    expect(body.error.data.appCode).toBe('NOT_AUTHENTICATED');
    expect(body.error.data.httpStatus).toBe(401);
    expect(JSON.stringify(body)).not.toMatch(/stack|\.ts:/);
  });

  it('answers an unknown tRPC procedure with 404 NOT_FOUND', async () => {
    const res = await fetch(`${server.url}/trpc/no.such.procedure`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.data.appCode).toBe('NOT_FOUND');
  });

  it('refuses WebSocket handshakes from a foreign origin or to another path', async () => {
    const wsUrl = server.url.replace('http', 'ws');
    const refused = (url: string, headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('error', () => resolve(-1));
      });
    expect(await refused(`${wsUrl}/trpc`, { origin: 'https://evil.example' })).toBe(403);
    expect(await refused(`${wsUrl}/elsewhere`, {})).toBe(403);
    expect(await refused(`${wsUrl}/trpc`, { origin: deps.config.publicOrigin })).toBe(101);
  });

  it('forbids framing, keeps URLs with tokens out of Referer headers, and sets a strict content policy', async () => {
    for (const path of ['/login/verify?token=abc', '/auth/me']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("object-src 'none'");
    }
  });

  it('gives every response a request id and keeps tokens and cookies out of the log', async () => {
    const user = await createUser(deps.db);
    const token = await sessionTokenFor(deps, user);
    const res = await fetch(`${server.url}/auth/me?token=secret-in-query`, {
      headers: { cookie: `service_session=${token}` },
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => logLines.some((l) => l.includes(requestId!))).toBe(true);
    const log = logLines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain('secret-in-query');
  });

  it('logs a REST route by its pattern, so an address in a path stays out of the log', async () => {
    const user = await createUser(deps.db);
    const token = await sessionTokenFor(deps, user);
    const address = 'logget.adresse@example.no';
    const res = await fetch(`${server.url}/account/emails/${encodeURIComponent(address)}`, {
      method: 'DELETE',
      headers: { cookie: `service_session=${token}`, 'content-type': 'application/json' },
    });
    const requestId = res.headers.get('x-request-id')!;
    await expect.poll(() => logLines.find((l) => l.includes(requestId) && l.includes('"request"'))).toBeDefined();
    const line = JSON.parse(logLines.find((l) => l.includes(requestId) && l.includes('"request"'))!);
    expect(line).toMatchObject({ method: 'DELETE', path: '/account/emails/:email', status: res.status });
    expect(logLines.join('\n')).not.toContain('logget.adresse');
  });
});

describe('an unexpected failure', () => {
  it('is 500 INTERNAL with a generic Norwegian message and a request id; the detail stays in the log', async () => {
    const logLines: string[] = [];
    const deps = await createTestDeps({ logLines, closeAfterAll: false });
    const user = await createUser(deps.db);
    const token = await sessionTokenFor(deps, user);
    const server = await startTestServer(deps);
    await deps.close(); // the database goes away under the running server
    try {
      const res = await fetch(`${server.url}/auth/me`, { headers: { cookie: `service_session=${token}` } });
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body.error.code).toBe('INTERNAL');
      expect(body.error.message).toBe('Noe gikk galt hos oss. Prøv igjen senere.');
      expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
      expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'requestId']);
      expect(logLines.some((l) => l.includes('unexpected error') && l.includes(body.error.requestId))).toBe(true);

      const rpc = await fetch(`${server.url}/trpc/auth.me`, { headers: { cookie: `service_session=${token}` } });
      expect(rpc.status).toBe(500);
      const rpcBody = await rpc.json();
      expect(rpcBody.error.data.appCode).toBe('INTERNAL');
      expect(rpcBody.error.message).toBe('Noe gikk galt hos oss. Prøv igjen senere.');
      expect(JSON.stringify(rpcBody)).not.toMatch(/PGlite|closed|select|stack/i);

      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    } finally {
      await server.close();
    }
  });
});
