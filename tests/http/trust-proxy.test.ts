import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, verification } from '../../server/db/schema';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser, uniqueEmail } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Every request in these tests reaches the server from 127.0.0.1, which plays the TLS proxy in front of it.
 * What differs is whether TRUST_PROXY says to believe that proxy's X-Forwarded-For.
 */
const PASSWORD = 'riktig hest batteri stift';
const PASSWORD_FAILURES_PER_IP = 20;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$|^::1$/;

function useServer(kind: 'pglite' | 'postgres', env: Record<string, string>) {
  const state = {} as { deps: TestDeps; server: TestServer };
  beforeAll(async () => {
    state.deps = await createTestDeps({ db: kind, env, closeAfterAll: false });
    state.server = await startTestServer(state.deps);
  });
  afterAll(async () => {
    await state.server.close();
    await state.deps.close();
  });
  // Each test starts with empty per-IP budgets.
  beforeEach(() => state.deps?.clock.advance(FAILURE_WINDOW_SECONDS + 1));
  return state;
}

async function post(url: string, body: unknown, forwardedFor?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify(body),
  });
}

/** A wrong password for an address never seen before: only the per-IP limit can refuse it. */
async function wrongPassword(baseUrl: string, forwardedFor?: string): Promise<number> {
  return (await post(`${baseUrl}/auth/login`, { email: uniqueEmail('gjett'), password: 'feil passord!' }, forwardedFor))
    .status;
}

async function signInAuditIp(deps: TestDeps, userId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.subjectUserId, userId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row?.ip ?? null;
}

async function linkRequestIp(deps: TestDeps, email: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ ip: verification.requestIp })
    .from(verification)
    .where(eq(verification.email, email));
  return row?.ip ?? null;
}

describe.each(databaseKinds())('the client address on %s', (kind) => {
  describe('with TRUST_PROXY unset', () => {
    const env = useServer(kind, {});

    it("ignores X-Forwarded-For: forged addresses share the socket address's password budget", async () => {
      for (let i = 0; i < PASSWORD_FAILURES_PER_IP; i++) {
        expect(await wrongPassword(env.server.url, `198.51.100.${i + 1}`), `failure ${i + 1}`).toBe(401);
      }
      expect(await wrongPassword(env.server.url, '198.51.100.200')).toBe(429);
      expect(await wrongPassword(env.server.url)).toBe(429);
    });

    it('records the socket address, not the forged one, in the audit log and on a sign-in link', async () => {
      const user = await createUser(env.deps.db, { password: PASSWORD });
      expect(
        (await post(`${env.server.url}/auth/login`, { email: user.email, password: PASSWORD }, '203.0.113.7')).status,
      ).toBe(200);
      expect(await signInAuditIp(env.deps, user.id)).toMatch(LOOPBACK);

      const email = uniqueEmail('lenke');
      expect((await post(`${env.server.url}/auth/request-link`, { email }, '203.0.113.7')).status).toBe(200);
      expect(await linkRequestIp(env.deps, email)).toMatch(LOOPBACK);
    });
  });

  describe.each(['loopback', '1'])('with TRUST_PROXY=%s', (trustProxy) => {
    const env = useServer(kind, { TRUST_PROXY: trustProxy });

    it('gives two clients behind the proxy separate password budgets', async () => {
      for (let i = 0; i < PASSWORD_FAILURES_PER_IP; i++) {
        expect(await wrongPassword(env.server.url, '203.0.113.1'), `failure ${i + 1}`).toBe(401);
      }
      expect(await wrongPassword(env.server.url, '203.0.113.1')).toBe(429);
      expect(await wrongPassword(env.server.url, '203.0.113.2')).toBe(401);
    });

    it('reads only the entry the proxy wrote: what the client put in front of it changes nothing', async () => {
      // The proxy appends the address it saw (203.0.113.3) to whatever the client sent.
      for (let i = 0; i < PASSWORD_FAILURES_PER_IP; i++) {
        expect(await wrongPassword(env.server.url, `10.9.9.${i + 1}, 203.0.113.3`), `failure ${i + 1}`).toBe(401);
      }
      expect(await wrongPassword(env.server.url, '10.9.9.200, 203.0.113.3')).toBe(429);
    });

    it('records the forwarded address in the audit log and on a sign-in link', async () => {
      const user = await createUser(env.deps.db, { password: PASSWORD });
      expect(
        (await post(`${env.server.url}/auth/login`, { email: user.email, password: PASSWORD }, '203.0.113.7')).status,
      ).toBe(200);
      expect(await signInAuditIp(env.deps, user.id)).toBe('203.0.113.7');

      const email = uniqueEmail('lenke');
      expect((await post(`${env.server.url}/auth/request-link`, { email }, '2001:db8::7')).status).toBe(200);
      expect(await linkRequestIp(env.deps, email)).toBe('2001:db8::7');
    });

    it('takes the socket address when the forwarded entry is no address at all', async () => {
      const user = await createUser(env.deps.db, { password: PASSWORD });
      expect(
        (await post(`${env.server.url}/auth/login`, { email: user.email, password: PASSWORD }, 'ikke-en-adresse'))
          .status,
      ).toBe(200);
      expect(await signInAuditIp(env.deps, user.id)).toMatch(LOOPBACK);
    });
  });
});
