import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Decision 0007: no answer of the API may be kept by a browser or a shared cache (the back button of a shared
 * computer, a company proxy), whether it succeeded or failed, over REST or /trpc. The app's own files may.
 */
describe('Cache-Control', () => {
  let deps: TestDeps;
  let server: TestServer;
  let cookie: string;
  const clientDist = mkdtempSync(path.join(tmpdir(), 'golf-dist-'));

  beforeAll(async () => {
    mkdirSync(path.join(clientDist, 'assets'));
    writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>Hullvis</title>');
    writeFileSync(path.join(clientDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(clientDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(path.join(clientDist, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js")');
    writeFileSync(path.join(clientDist, 'manifest.webmanifest'), '{"name":"Hullvis"}');
    deps = await createTestDeps();
    server = await startTestServer(deps, { client: 'static', clientDist });
    const user = await createUser(deps.db, { password: 'riktig hest batteri stift' });
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await sessionTokenFor(deps, user))}`;
  });
  afterAll(() => server.close());

  async function answer(
    method: string,
    url: string,
    options: { session?: boolean; body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; cacheControl: string | null }> {
    const res = await fetch(server.url + url, {
      method,
      headers: {
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...(options.session ? { cookie } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: options.body } : {}),
    });
    await res.arrayBuffer();
    return { status: res.status, cacheControl: res.headers.get('cache-control') };
  }

  const trpcInput = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
  it.each([
    ['GET', '/auth/me', { session: true }, 200],
    ['GET', '/auth/me', {}, 401],
    ['POST', '/auth/2fa/totp/setup', { session: true, body: '{}' }, 200],
    ['POST', '/auth/2fa/recovery-codes', { session: true, body: '{"code":"123456"}' }, 409],
    ['POST', '/auth/login', { body: '{"email":"ingen@example.no","password":"feil passord!"}' }, 401],
    ['POST', '/auth/login', { body: '{"email":' }, 400],
    ['POST', '/auth/logout', { headers: { origin: 'https://angriper.example' } }, 403],
    ['GET', '/account/emails', { session: true }, 200],
    ['PATCH', '/account/profile', { session: true, body: '{"name":"Kari"}' }, 200],
    ['GET', '/organizations', { session: true }, 200],
    ['GET', '/organizations/ikke-en-id', { session: true }, 400],
    ['POST', '/finnes-ikke', { body: '{}' }, 404],
    ['GET', '/healthz', {}, 200],
    ['GET', '/trpc/auth.me', { session: true }, 200],
    ['GET', '/trpc/auth.me', {}, 401],
    ['GET', `/trpc/auth.me,account.emails?batch=1&input=${trpcInput}`, { session: true }, 200],
    ['POST', '/trpc/twoFactor.totpSetup', { session: true, body: '{}' }, 200],
    ['POST', '/trpc/auth.login', { body: '{"email":"x"}' }, 400],
    ['GET', '/trpc/finnes.ikke', {}, 404],
  ] as const)('%s %s answers no-store (%o → %i)', async (method, url, options, status) => {
    const res = await answer(method, url, options);
    expect(res.status).toBe(status);
    expect(res.cacheControl).toBe('no-store');
  });

  it('lets the built app be cached: its files for an hour, index.html revalidated every time', async () => {
    expect(await answer('GET', '/assets/index-abc123.js')).toEqual({
      status: 200,
      cacheControl: 'public, max-age=3600',
    });
    expect(await answer('GET', '/klubber')).toEqual({ status: 200, cacheControl: 'no-cache' });
    expect(await answer('GET', '/index.html')).toEqual({ status: 200, cacheControl: 'no-cache' });
  });

  it('serves the service worker, its registration and the web manifest revalidated every time, with their types', async () => {
    for (const [file, type] of [
      ['/sw.js', 'text/javascript'],
      ['/registerSW.js', 'text/javascript'],
      ['/manifest.webmanifest', 'application/manifest+json'],
    ] as const) {
      const res = await fetch(server.url + file);
      expect(await res.text()).not.toContain('<title>');
      expect({ status: res.status, cacheControl: res.headers.get('cache-control') }, file).toEqual({
        status: 200,
        cacheControl: 'no-cache',
      });
      expect(res.headers.get('content-type'), file).toContain(type);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    }
  });

  it('answers a missing file 404 instead of the app page, so no page is installed as a service worker', async () => {
    for (const file of ['/sw-old.js', '/assets/index-gone.js', '/assets/index-gone.css', '/manifest.json']) {
      const res = await fetch(server.url + file);
      expect(res.status, file).toBe(404);
      expect(res.headers.get('content-type'), file).not.toContain('text/html');
    }
    expect((await answer('GET', '/runder/6c1f0e0a-4c6b-4b7e-9a53-0d1f2a3b4c5d')).status).toBe(200);
    // Asked for by browsers on pages that name no icon: sent to the app's icon rather than refused.
    const favicon = await fetch(`${server.url}/favicon.ico`, { redirect: 'manual' });
    expect([favicon.status, favicon.headers.get('location')]).toEqual([301, '/favicon.svg']);
  });
});
