import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { TRPCError } from '@trpc/server';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { revokeSession, resolveSession, endAllSessions } from '../../server/auth/sessions';
import {
  FULL_SESSION_SECONDS,
  SESSION_COOKIE,
  SHORT_SESSION_SECONDS,
  signSessionToken,
} from '../../server/auth/session-token';
import type { UserRow } from '../../server/auth/users';
import { queryRows } from '../../server/db/client';
import { appUser } from '../../server/db/schema';
import { createContextFor, type Context } from '../../server/trpc/context';
import { describeError } from '../../server/trpc/errors';
import {
  createCallerFactory,
  enrollingProcedure,
  optionalUserProcedure,
  orgAdminProcedure,
  orgMemberProcedure,
  pendingProcedure,
  publicProcedure,
  router,
  superAdminProcedure,
  userProcedure,
} from '../../server/trpc/init';
import { organizationIdInput } from '../../shared/schemas/common';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { restClient } from '../helpers/transport';
import type { SessionStage } from '../../shared/values';

/**
 * Every access level of docs/access.md section 5, built from the exported builders into a router that exists only
 * here, so the levels are tested apart from any domain's procedures. Each answers who it let in.
 */
const whoami = ({ ctx }: { ctx: { user: UserRow } }) => ({ userId: ctx.user.id });
const levelRouter = router({
  public: publicProcedure.query(() => ({ userId: null })),
  optional: optionalUserProcedure.query(({ ctx }) => ({ userId: ctx.session?.user.id ?? null })),
  user: userProcedure.query(whoami),
  pending: pendingProcedure.query(whoami),
  enrolling: enrollingProcedure.query(whoami),
  superAdmin: superAdminProcedure.query(whoami),
  orgMember: orgMemberProcedure.input(organizationIdInput).query(async ({ ctx }) => {
    // The organization context inside is the verified one.
    const [row] = await queryRows<{ org: string }>(ctx.tx, sql`select current_setting('app.current_org', true) as org`);
    return { userId: ctx.user.id, currentOrg: row!.org, role: ctx.role };
  }),
  orgAdmin: orgAdminProcedure.input(organizationIdInput).query(whoami),
  /** The WebSocket level: optional user, the cookie read from the handshake. */
  feed: optionalUserProcedure.subscription(async function* ({ ctx }) {
    yield { userId: ctx.session?.user.id ?? null };
  }),
});
const createLevelCaller = createCallerFactory(levelRouter);

type Level = 'public' | 'optional' | 'user' | 'pending' | 'enrolling' | 'superAdmin' | 'orgMember' | 'orgAdmin';
const LEVELS: Level[] = ['public', 'optional', 'user', 'pending', 'enrolling', 'superAdmin', 'orgMember', 'orgAdmin'];

/** What a token amounts to: nothing, or a user in a stage. */
type Effective = null | { user: 'boss' | 'member' | 'plain'; stage: 'full' | 'pending_2fa' | 'must_enroll_2fa' };

interface TokenKind {
  name: string;
  make(): Promise<{ token: string | null; userId: string | null }>;
  effective: Effective;
}

/** What each level answers for a token, by docs/access.md sections 5 and 7. */
function expected(level: Level, e: Effective): { userId: 'self' | null } | string {
  const full = e?.stage === 'full';
  switch (level) {
    case 'public':
      return { userId: null };
    case 'optional':
      return { userId: full ? 'self' : null };
    case 'user':
      return full ? { userId: 'self' } : 'NOT_AUTHENTICATED';
    case 'pending':
      return e && !full ? { userId: 'self' } : 'NOT_AUTHENTICATED';
    case 'enrolling':
      return e && (full || e.stage === 'must_enroll_2fa') ? { userId: 'self' } : 'NOT_AUTHENTICATED';
    case 'superAdmin':
      if (!full) return 'NOT_AUTHENTICATED';
      return e.user === 'boss' ? { userId: 'self' } : 'NOT_SUPER_ADMIN';
    case 'orgMember':
      if (!full) return 'NOT_AUTHENTICATED';
      return e.user === 'plain' ? 'NOT_ORG_MEMBER' : { userId: 'self' };
    case 'orgAdmin':
      if (!full) return 'NOT_AUTHENTICATED';
      if (e.user === 'plain') return 'NOT_ORG_MEMBER';
      return e.user === 'boss' ? { userId: 'self' } : 'NOT_ORG_ADMIN';
  }
}

let deps: TestDeps;
let orgId: string;

/** A super administrator who is also an admin of the organization: every level would let a full session in. */
async function boss(): Promise<UserRow> {
  const user = await createUser(deps.db, { isSuperAdmin: true });
  await addMember(deps.db, orgId, user.id, 'admin');
  return user;
}

const secret = () => new TextEncoder().encode(deps.config.sessionSecret);
const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);

/** A token as this service issues it. */
function sign(userId: string, stage: SessionStage = 'full', now = deps.now()): Promise<string> {
  return signSessionToken(deps.config.sessionSecret, { userId, stage, version: 0, now });
}

/** A hand-made JWT with the right key: for claims and headers this service would never issue. */
function forge(
  claims: Record<string, unknown>,
  options: { sub?: string; lifetime?: number; alg?: string } = {},
): Promise<string> {
  const iat = nowSeconds();
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' }).setIssuedAt(iat);
  if (options.sub !== undefined) jwt.setSubject(options.sub);
  return jwt.setExpirationTime(iat + (options.lifetime ?? 3600)).sign(secret());
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const KINDS: TokenKind[] = [
  { name: 'no cookie', effective: null, make: async () => ({ token: null, userId: null }) },
  { name: 'garbage', effective: null, make: async () => ({ token: 'ikke.en.token', userId: null }) },
  {
    name: 'tampered payload (sub changed to a super administrator)',
    effective: null,
    async make() {
      const plain = await createUser(deps.db);
      const target = await boss();
      const [header, payload, signature] = (await sign(plain.id)).split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      return { token: [header, b64({ ...claims, sub: target.id }), signature].join('.'), userId: target.id };
    },
  },
  {
    name: 'tampered payload (pending stage claim removed)',
    effective: null,
    async make() {
      const user = await boss();
      const [header, payload, signature] = (await sign(user.id, 'pending_2fa')).split('.');
      const { stage: _stage, ...claims } = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      return { token: [header, b64(claims), signature].join('.'), userId: user.id };
    },
  },
  {
    name: 'signed with another key',
    effective: null,
    async make() {
      const user = await boss();
      const token = await signSessionToken('x'.repeat(48), {
        userId: user.id,
        stage: 'full',
        version: 0,
        now: deps.now(),
      });
      return { token, userId: user.id };
    },
  },
  {
    name: 'alg none',
    effective: null,
    async make() {
      const user = await boss();
      const iat = nowSeconds();
      return {
        token: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, iat, exp: iat + 3600 })}.`,
        userId: user.id,
      };
    },
  },
  {
    name: 'HS512 with the right key (algorithm not HS256)',
    effective: null,
    async make() {
      const user = await boss();
      return { token: await forge({}, { sub: user.id, alg: 'HS512' }), userId: user.id };
    },
  },
  {
    name: 'expired full session',
    effective: null,
    async make() {
      const user = await boss();
      const issued = new Date(deps.now().getTime() - (FULL_SESSION_SECONDS + 1) * 1000);
      return { token: await sign(user.id, 'full', issued), userId: user.id };
    },
  },
  {
    name: 'expired pending session',
    effective: null,
    async make() {
      const user = await boss();
      const issued = new Date(deps.now().getTime() - (SHORT_SESSION_SECONDS + 1) * 1000);
      return { token: await sign(user.id, 'pending_2fa', issued), userId: user.id };
    },
  },
  {
    name: 'missing sub',
    effective: null,
    async make() {
      return { token: await forge({}), userId: null };
    },
  },
  {
    name: 'sub that is no user id',
    effective: null,
    async make() {
      return { token: await forge({}, { sub: 'admin' }), userId: null };
    },
  },
  {
    name: 'unknown stage value',
    effective: null,
    async make() {
      const user = await boss();
      return { token: await forge({ stage: 'superuser' }, { sub: user.id, lifetime: 300 }), userId: user.id };
    },
  },
  {
    name: 'pending stage with a 30-day lifetime (not one we issued)',
    effective: null,
    async make() {
      const user = await boss();
      const token = await forge({ stage: 'pending_2fa' }, { sub: user.id, lifetime: FULL_SESSION_SECONDS });
      return { token, userId: user.id };
    },
  },
  {
    name: 'full session',
    effective: { user: 'boss', stage: 'full' },
    async make() {
      const user = await boss();
      return { token: await sign(user.id), userId: user.id };
    },
  },
  {
    name: 'token from before stages existed (only sub, iat, exp)',
    effective: { user: 'boss', stage: 'full' },
    async make() {
      const user = await boss();
      return { token: await forge({}, { sub: user.id, lifetime: FULL_SESSION_SECONDS }), userId: user.id };
    },
  },
  {
    name: 'pending_2fa',
    effective: { user: 'boss', stage: 'pending_2fa' },
    async make() {
      const user = await boss();
      return { token: await sign(user.id, 'pending_2fa'), userId: user.id };
    },
  },
  {
    name: 'must_enroll_2fa',
    effective: { user: 'boss', stage: 'must_enroll_2fa' },
    async make() {
      const user = await boss();
      return { token: await sign(user.id, 'must_enroll_2fa'), userId: user.id };
    },
  },
  {
    name: 'full session of a plain member',
    effective: { user: 'member', stage: 'full' },
    async make() {
      const user = await createUser(deps.db);
      await addMember(deps.db, orgId, user.id, 'member');
      return { token: await sign(user.id), userId: user.id };
    },
  },
  {
    name: 'full session of a user outside the organization',
    effective: { user: 'plain', stage: 'full' },
    async make() {
      const user = await createUser(deps.db);
      return { token: await sign(user.id), userId: user.id };
    },
  },
  {
    name: 'deleted user',
    effective: null,
    async make() {
      const user = await boss();
      const token = await sign(user.id);
      await deps.db.delete(appUser).where(eq(appUser.id, user.id));
      return { token, userId: user.id };
    },
  },
  {
    name: 'revoked by logout',
    effective: null,
    async make() {
      const user = await boss();
      const token = await sign(user.id);
      await revokeSession(deps, (await resolveSession(deps, token))!);
      return { token, userId: user.id };
    },
  },
  {
    name: 'revoked by a session-version bump (same second)',
    effective: null,
    async make() {
      const user = await boss();
      const token = await sign(user.id);
      await endAllSessions(deps.db, user.id);
      return { token, userId: user.id };
    },
  },
];

function contextWith(token: string | null): Context {
  return {
    deps,
    meta: { requestId: 'matrix', ip: '127.0.0.1', userAgent: 'vitest', language: 'nb' },
    sessionToken: token,
    cookies: { secure: false, setCookie: () => {} },
  };
}

async function callLevel(level: Level, token: string | null): Promise<{ userId: string | null } | string> {
  const caller = createLevelCaller(contextWith(token));
  try {
    const input = { organizationId: orgId };
    switch (level) {
      case 'orgMember':
        return await caller.orgMember(input);
      case 'orgAdmin':
        return await caller.orgAdmin(input);
      default:
        return await caller[level]();
    }
  } catch (error) {
    if (error instanceof TRPCError) return describeError(error).code;
    throw error;
  }
}

beforeAll(async () => {
  deps = await createTestDeps({ closeAfterAll: false });
  orgId = (await createOrganization(deps.db, 'Matriseklubben')).id;
});
afterAll(() => deps.close());

describe.each(KINDS)('access levels with $name', (kind) => {
  let made: { token: string | null; userId: string | null };
  beforeAll(async () => {
    made = await kind.make();
  });

  it.each(LEVELS)('%s', async (level) => {
    const want = expected(level, kind.effective);
    const got = await callLevel(level, made.token);
    if (typeof want === 'string') {
      expect(got).toBe(want);
    } else {
      expect(got).toMatchObject({ userId: want.userId === 'self' ? made.userId : null });
    }
  });
});

describe('the organization level', () => {
  it('sets the organization context only for a verified member, to the organization asked for', async () => {
    const member = await createUser(deps.db);
    await addMember(deps.db, orgId, member.id, 'member');
    const other = await createOrganization(deps.db, 'Naboklubben');
    const token = await sign(member.id);
    const caller = createLevelCaller(contextWith(token));
    expect(await caller.orgMember({ organizationId: orgId })).toEqual({
      userId: member.id,
      currentOrg: orgId,
      role: 'member',
    });
    await expect(caller.orgMember({ organizationId: other.id })).rejects.toSatisfy(
      (e) => describeError(e).code === 'NOT_ORG_MEMBER',
    );
    await expect(caller.orgMember({ organizationId: 'ikke-en-id' } as never)).rejects.toSatisfy(
      (e) => describeError(e).code === 'INVALID_INPUT',
    );
  });
});

/** The WebSocket level: the same optional user, read from the cookie of the handshake. */
describe('the WebSocket level', () => {
  let server: Server;
  let url: string;
  let wsHandler: ReturnType<typeof applyWSSHandler>;
  let wss: WebSocketServer;

  beforeAll(async () => {
    server = createServer();
    wss = new WebSocketServer({ server });
    wsHandler = applyWSSHandler({ wss, router: levelRouter, createContext: ({ req }) => createContextFor(deps, req) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    wsHandler.broadcastReconnectNotification();
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => server.close(() => resolve())));
  });

  async function feedAs(
    token: string | null,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ userId: string | null }> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (token !== null) headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
    class CookieSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    }
    const wsClient = createWSClient({ url, WebSocket: CookieSocket as unknown as typeof globalThis.WebSocket });
    const client = createTRPCClient<typeof levelRouter>({ links: [wsLink({ client: wsClient })] });
    try {
      return await new Promise((resolve, reject) => {
        const sub = client.feed.subscribe(undefined, {
          onData: (data) => {
            sub.unsubscribe();
            resolve(data);
          },
          onError: reject,
        });
      });
    } finally {
      await wsClient.close();
    }
  }

  it.each(KINDS.map((k) => [k.name, k] as const))('with %s', async (_name, kind) => {
    const made = await kind.make();
    const got = await feedAs(made.token);
    expect(got).toEqual({ userId: kind.effective?.stage === 'full' ? made.userId : null });
  });

  it('ignores X-Debug-User-Id on the handshake', async () => {
    const user = await boss();
    expect(await feedAs(null, { 'x-debug-user-id': user.id })).toEqual({ userId: null });
  });
});

/** The same rules through the real HTTP paths: GET /auth/me (signed-in) and POST /auth/logout (any stage). */
describe('the levels over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(deps);
  });
  afterAll(() => server.close());

  it.each(KINDS.map((k) => [k.name, k] as const))('GET /auth/me and /trpc/auth.me with %s', async (_name, kind) => {
    const made = await kind.make();
    const cookie: Record<string, string> =
      made.token === null ? {} : { cookie: `${SESSION_COOKIE}=${encodeURIComponent(made.token)}` };
    const rest = await fetch(`${server.url}/auth/me`, { headers: cookie });
    const trpc = await fetch(`${server.url}/trpc/auth.me`, { headers: cookie });
    if (kind.effective?.stage === 'full') {
      expect(rest.status).toBe(200);
      expect(((await rest.json()) as { user: { id: string } }).user.id).toBe(made.userId);
      expect(trpc.status).toBe(200);
    } else {
      expect(rest.status).toBe(401);
      expect(await rest.json()).toEqual({ error: { code: 'NOT_AUTHENTICATED', message: 'Du må logge inn.' } });
      expect(trpc.status).toBe(401);
      expect(((await trpc.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe(
        'NOT_AUTHENTICATED',
      );
    }
  });

  it.each(KINDS.map((k) => [k.name, k] as const))('POST /auth/logout with %s', async (_name, kind) => {
    const made = await kind.make();
    const res = await restClient(server.url, { token: made.token }).call('auth.logout');
    expect(res.status).toBe(kind.effective ? 200 : 401);
    expect(res.setCookies.some((c) => /Max-Age=0/.test(c))).toBe(true);
  });

  it('gives X-Debug-User-Id no effect whatever', async () => {
    const target = await boss();
    const plain = await createUser(deps.db);
    const plainToken = await sign(plain.id);
    for (const path of ['/auth/me', '/trpc/auth.me']) {
      const anonymous = await fetch(server.url + path, { headers: { 'x-debug-user-id': target.id } });
      expect(anonymous.status).toBe(401);
      const garbage = await fetch(server.url + path, {
        headers: { 'x-debug-user-id': target.id, cookie: `${SESSION_COOKIE}=soppel` },
      });
      expect(garbage.status).toBe(401);
      const signedIn = await fetch(server.url + path, {
        headers: { 'x-debug-user-id': target.id, cookie: `${SESSION_COOKIE}=${plainToken}` },
      });
      expect(signedIn.status).toBe(200);
      const body = (await signedIn.json()) as { user?: { id: string }; result?: { data: { user: { id: string } } } };
      expect(body.user?.id ?? body.result?.data.user.id).toBe(plain.id);
    }
  });
});
