import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { appUser } from '../../server/db/schema';
import { databaseKinds } from '../helpers/db';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import type { TestServer } from '../helpers/server';
import { restClient, useDepsAndServer } from '../helpers/transport';
import { enrolTotp } from '../two-factor/support';

const PASSWORD = 'korrekt hest batteri stift';

/**
 * auth.session, the app's start-up check (decision 0510), over HTTP as the browser asks it: 200 for every
 * visitor, never the 401 that auth.me answers nobody with (a console error on every anonymous page).
 */
describe.each(databaseKinds())('auth.session over HTTP on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  useDepsAndServer((started) => ({ deps, server } = started), { db: kind });

  /** The answer to GET /trpc/auth.session with this session cookie (none: no cookie at all). */
  async function sessionCheck(token: string | null, path = '/trpc/auth.session') {
    const headers: Record<string, string> =
      token === null ? {} : { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` };
    const res = await fetch(server.url + path, { headers });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** A real password sign-in: the session cookie it sets, and the stage it answered. */
  async function signIn(email: string) {
    const client = restClient(server.url);
    const answer = await client.call('auth.login', { email, password: PASSWORD });
    expect(answer.status).toBe(200);
    return { token: client.token!, stage: answer.body.stage as string, client };
  }

  it('answers an anonymous visitor 200 with no user and no stage, single and batched, where auth.me is 401', async () => {
    expect(await sessionCheck(null)).toEqual({
      status: 200,
      body: { result: { data: { user: null, stage: null, language: null } } },
    });
    // The app's batch link asks it this way.
    const batched = await sessionCheck(null, `/trpc/auth.session?batch=1&input=${encodeURIComponent('{}')}`);
    expect(batched).toEqual({ status: 200, body: [{ result: { data: { user: null, stage: null, language: null } } }] });
    // auth.me, as the contract has it, is unchanged.
    expect((await sessionCheck(null, '/trpc/auth.me')).status).toBe(401);
    expect((await fetch(`${server.url}/auth/me`)).status).toBe(401);
  });

  it('says "no user" for a cookie that is not a session: garbage, expired, signed out everywhere, deleted user', async () => {
    const nobody = { status: 200, body: { result: { data: { user: null, stage: null, language: null } } } };
    expect(await sessionCheck('ikke.en.token')).toEqual(nobody);

    const user = await createUser(deps.db, { password: PASSWORD });
    const { token, client } = await signIn(user.email);
    expect((await sessionCheck(token)).body.result.data.user.id).toBe(user.id);
    const old = token;
    // Signed out everywhere from this client: its old cookie is refused from then on.
    expect((await client.call('auth.signOutEverywhere')).status).toBe(200);
    expect(await sessionCheck(old)).toEqual(nobody);

    const expiring = await signIn((await createUser(deps.db, { password: PASSWORD })).email);
    deps.clock.advance(31 * 24 * 60 * 60);
    try {
      expect(await sessionCheck(expiring.token)).toEqual(nobody);
    } finally {
      deps.clock.advance(-31 * 24 * 60 * 60);
    }

    const gone = await createUser(deps.db, { password: PASSWORD });
    const goneSession = await signIn(gone.email);
    await deps.db.delete(appUser).where(eq(appUser.id, gone.id));
    expect(await sessionCheck(goneSession.token)).toEqual(nobody);
  });

  it('names the user of a full session, with the stage and the account’s saved language', async () => {
    const user = await createUser(deps.db, { password: PASSWORD, name: 'Sigrid Sesjon', language: 'en' });
    const { token, stage } = await signIn(user.email);
    expect(stage).toBe('full');
    const { status, body } = await sessionCheck(token);
    expect(status).toBe(200);
    expect(body.result.data).toEqual({
      user: {
        id: user.id,
        email: user.email,
        name: 'Sigrid Sesjon',
        handicapIndex: null,
        twoFactorMethod: null,
        isSuperAdmin: false,
        hasPassword: true,
      },
      stage: 'full',
      language: 'en',
    });
    // Exactly auth.me's user.
    const me = await sessionCheck(token, '/trpc/auth.me');
    expect(me.body.result.data.user).toEqual(body.result.data.user);
  });

  it('reports a sign-in waiting for its second factor by its stage, and names no user', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    await enrolTotp(deps, restClient(server.url, { token: (await signIn(user.email)).token }));
    const pending = await signIn(user.email);
    expect(pending.stage).toBe('pending_2fa');
    expect(await sessionCheck(pending.token)).toEqual({
      status: 200,
      body: { result: { data: { user: null, stage: 'pending_2fa', language: null } } },
    });
    expect((await sessionCheck(pending.token, '/trpc/auth.me')).status).toBe(401);
  });

  it('reports a sign-in that must enrol in 2FA first by its stage, and names no user', async () => {
    const owner = await createUser(deps.db, { password: PASSWORD, language: 'en' });
    await addMember(deps.db, (await createOrganization(deps.db)).id, owner.id, 'owner');
    const enrolling = await signIn(owner.email);
    expect(enrolling.stage).toBe('must_enroll_2fa');
    expect(await sessionCheck(enrolling.token)).toEqual({
      status: 200,
      body: { result: { data: { user: null, stage: 'must_enroll_2fa', language: null } } },
    });
  });
});
