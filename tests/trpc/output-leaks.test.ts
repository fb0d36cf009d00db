import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userOutput } from '../../shared/schemas/auth';
import { publicTournamentPage } from '../../server/tournaments/public';
import { toPublicUser } from '../../server/auth/users';
import { createCallerFactory, router, userProcedure } from '../../server/trpc/init';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { createTournamentFixture } from '../helpers/tournaments';
import { SESSION_COOKIE } from '../../server/auth/session-token';

/** The fields of docs/contract.md section 4's `User`, and no other. */
const USER_FIELDS = ['email', 'handicapIndex', 'hasPassword', 'id', 'isSuperAdmin', 'name', 'twoFactorMethod'];

describe('output schemas keep unnamed fields in (decision 0012)', () => {
  let deps: TestDeps;
  let server: TestServer;

  beforeAll(async () => {
    deps = await createTestDeps();
    server = await startTestServer(deps);
  });
  afterAll(async () => {
    await server.close();
    await deps.close();
  });

  it('a procedure that spreads the session’s user row into its answer still sends only the User fields', async () => {
    // A real account with a password hash and a (sealed) TOTP secret, signed in through a real session token.
    const user = await createUser(deps.db, {
      password: 'et langt passord for testen',
      twoFactorMethod: 'totp',
      totpSecret: 'sealed-secret-that-must-stay-home',
      totpLastStep: 42,
    });
    const { ctx } = await callerAs(deps, user);
    // The mistake the schema guards against: the row read by the real session check (userProcedure) spread
    // into a hand-built answer. Everything but the resolver is the service's own: builder, session, schema.
    const careless = router({
      me: userProcedure.output(userOutput).query(({ ctx }) => ({ user: { ...toPublicUser(ctx.user), ...ctx.user } })),
    });
    const answer = await createCallerFactory(careless)(ctx).me();
    expect(Object.keys(answer.user).sort()).toEqual(USER_FIELDS);
    expect(answer.user).toMatchObject({ id: user.id, hasPassword: true, twoFactorMethod: 'totp' });
    const text = JSON.stringify(answer);
    for (const secret of ['passwordHash', 'totpSecret', 'sealed-secret', 'totpLastStep', 'sessionVersion', 'createdAt'])
      expect(text).not.toContain(secret);

    // Without the schema the same resolver sends the hash and the secret: the test above can fail.
    const unguarded = router({
      me: userProcedure.query(({ ctx }) => ({ user: { ...toPublicUser(ctx.user), ...ctx.user } })),
    });
    const leaked = JSON.stringify(await createCallerFactory(unguarded)(ctx).me());
    expect(leaked).toContain('passwordHash');
    expect(leaked).toContain('sealed-secret-that-must-stay-home');
  });

  it('GET /auth/me sends exactly the User fields over REST, for an account with a password and TOTP', async () => {
    const user = await createUser(deps.db, {
      password: 'et langt passord for testen',
      twoFactorMethod: 'totp',
      totpSecret: 'sealed-secret-that-must-stay-home',
    });
    const res = await fetch(`${server.url}/auth/me`, {
      headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await sessionTokenFor(deps, user))}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['user']);
    expect(Object.keys(body.user).sort()).toEqual(USER_FIELDS);
  });

  it('the cached public page is parsed once per cached page: the same answer object, and nothing of the page lost', async () => {
    const fixture = await createTournamentFixture(deps.db, { status: 'in_progress', visibility: 'public', players: 4 });
    const anonymous = (await callerAs(deps, null)).caller;
    const first = await anonymous.public.tournament({ slug: fixture.slug });
    const second = await anonymous.public.tournament({ slug: fixture.slug });
    // One parse, remembered for the cached page: the REST adapter's bytes (kept per answer object) stay shared.
    expect(second).toBe(first);
    // The schema names every field the page has: the parsed answer is the domain's page, as JSON would send it.
    const page = await publicTournamentPage(deps, { userId: null }, { slug: fixture.slug });
    expect(first).not.toBe(page);
    expect(first).toEqual(JSON.parse(JSON.stringify(page)));

    const res = await fetch(`${server.url}/public/tournaments/${fixture.slug}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(first);
  });
});
