import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { appUser, auditLog } from '../../server/db/schema';
import { sessionTokenFor } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { clientFor, TRANSPORTS, useDepsAndServer, type Client, type Transport } from '../helpers/transport';

const PASSWORD = 'et passord på golfbanen';

describe.each(TRANSPORTS)('logout and sign out everywhere over %s', (transport: Transport) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));
  let ipCounter = 0;
  const client = (token: string | null = null): Client => {
    const c = clientFor(transport, deps, () => env.url, { ip: `10.2.0.${++ipCounter % 250}` });
    c.token = token;
    return c;
  };

  async function signedIn(user: { email: string }): Promise<Client> {
    const c = client();
    expect((await c.call('auth.login', { email: user.email, password: PASSWORD })).status).toBe(200);
    return c;
  }

  it('logs out: 200 {"ok": true}, the cookie cleared, and the token refused from then on, even a kept copy', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    const c = await signedIn(user);
    const copy = c.token;

    const res = await c.call('auth.logout');
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(res.setCookies).toHaveLength(1);
    expect(res.setCookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(res.setCookies[0]).toContain('Max-Age=0');
    expect(c.token).toBeNull();

    const replay = client(copy);
    expect((await replay.call('auth.me')).error?.code).toBe('NOT_AUTHENTICATED');
    const again = await replay.call('auth.logout');
    expect(again.error?.code).toBe('NOT_AUTHENTICATED');
    // Other sessions of the same user are not touched.
    const other = await signedIn(user);
    expect((await other.call('auth.me')).status).toBe(200);
  });

  it('refuses unknown body fields on the body-less mutations (400), and changes nothing', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    const c = await signedIn(user);
    for (const name of ['auth.logout', 'auth.signOutEverywhere'] as const) {
      const res = await c.call(name, { everywhere: true });
      expect(res).toMatchObject({ status: 400, error: { code: 'INVALID_INPUT' } });
      expect(res.setCookies).toEqual([]);
    }
    expect((await c.call('auth.me')).status).toBe(200);
    expect((await c.call('auth.logout', {})).status).toBe(200);
  });

  it('logs out a pending or enrolling session as well', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    for (const stage of ['pending_2fa', 'must_enroll_2fa'] as const) {
      const token = await sessionTokenFor(deps, user, stage);
      const c = client(token);
      expect((await c.call('auth.logout')).status).toBe(200);
      // The revoked short session cannot be used on the 2FA endpoints either.
      expect((await client(token).call('auth.logout')).status).toBe(401);
    }
  });

  it('answers 401 NOT_AUTHENTICATED without a valid session, and clears the cookie all the same', async () => {
    const deleted = await createUser(deps.db);
    const deletedToken = await sessionTokenFor(deps, deleted);
    await deps.db.delete(appUser).where(eq(appUser.id, deleted.id));
    for (const token of [null, 'søppel', deletedToken]) {
      const res = await client(token).call('auth.logout');
      expect(res).toMatchObject({ status: 401, error: { code: 'NOT_AUTHENTICATED', message: 'Du må logge inn.' } });
      expect(res.setCookies).toHaveLength(1);
      expect(res.setCookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    }
  });

  it('signs out everywhere: every earlier token refused, including one from the same second; this device continues', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    const here = await signedIn(user);
    const laptop = await signedIn(user);
    const phone = client(await sessionTokenFor(deps, user, 'pending_2fa'));
    const before = here.token;

    const res = await here.call('auth.signOutEverywhere');
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(res.setCookies).toHaveLength(1);
    expect(res.setCookies[0]).toContain('Max-Age=2592000');
    expect(here.token).not.toBe(before);
    expect((await here.call('auth.me')).body.user.id).toBe(user.id);

    expect((await laptop.call('auth.me')).status).toBe(401);
    expect((await phone.call('auth.logout')).status).toBe(401);
    expect((await client(before).call('auth.me')).status).toBe(401);

    // New sign-ins work as before.
    expect((await (await signedIn(user)).call('auth.me')).status).toBe(200);
    const actions = (await deps.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id))).map(
      (r) => r.action,
    );
    expect(actions).toContain('auth.sign_out_everywhere');
  });

  it('needs a full session to sign out everywhere', async () => {
    const user = await createUser(deps.db);
    expect((await client().call('auth.signOutEverywhere')).error?.code).toBe('NOT_AUTHENTICATED');
    expect(
      (await client(await sessionTokenFor(deps, user, 'must_enroll_2fa')).call('auth.signOutEverywhere')).status,
    ).toBe(401);
  });
});

/** The Set-Cookie header exactly as a browser gets it, over real HTTP, on the REST path and on /trpc. */
describe('the session cookie over HTTP', () => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));

  async function loginCookie(
    path: '/auth/login' | '/trpc/auth.login',
    email: string,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(env.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    return cookies[0]!;
  }

  function attributes(cookie: string): string[] {
    return cookie
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase());
  }

  for (const path of ['/auth/login', '/trpc/auth.login'] as const) {
    it(`${path}: HttpOnly, SameSite=Lax, Path=/, 30 days for a full session and not Secure over plain http`, async () => {
      const user = await createUser(deps.db, { password: PASSWORD });
      const cookie = await loginCookie(path, user.email);
      expect(cookie.startsWith(`${SESSION_COOKIE}=ey`)).toBe(true);
      expect(attributes(cookie).sort()).toEqual(['httponly', 'max-age=2592000', 'path=/', 'samesite=lax']);
    });

    it(`${path}: 300 s for a pending session`, async () => {
      const user = await createUser(deps.db, { password: PASSWORD, twoFactorMethod: 'totp' });
      const cookie = await loginCookie(path, user.email);
      expect(attributes(cookie).sort()).toEqual(['httponly', 'max-age=300', 'path=/', 'samesite=lax']);
    });
  }

  it('is Secure exactly when x-forwarded-proto, trimmed and case-insensitive, is https', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    for (const [proto, secure] of [
      ['https', true],
      ['HTTPS', true],
      ['  Https ', true],
      ['http', false],
      ['https, http', false],
      ['httpss', false],
      ['', false],
    ] as const) {
      for (const path of ['/auth/login', '/trpc/auth.login'] as const) {
        const cookie = await loginCookie(path, user.email, { 'x-forwarded-proto': proto });
        expect(attributes(cookie).includes('secure'), `${path} x-forwarded-proto: "${proto}"`).toBe(secure);
      }
    }
  });

  it('clears the cookie on logout with the same attributes, Secure behind https', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    const cookie = await loginCookie('/auth/login', user.email);
    const res = await fetch(`${env.url}/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie.split(';')[0]!, 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    const [cleared] = res.headers.getSetCookie();
    expect(cleared!.startsWith(`${SESSION_COOKIE}=;`)).toBe(true);
    expect(attributes(cleared!)).toEqual(
      expect.arrayContaining(['httponly', 'max-age=0', 'path=/', 'samesite=lax', 'secure']),
    );
  });

  it('clears the cookie over /trpc too when logout fails for want of a session', async () => {
    const res = await fetch(`${env.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=utgått` },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe(
      'NOT_AUTHENTICATED',
    );
    expect(res.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
  });
});
