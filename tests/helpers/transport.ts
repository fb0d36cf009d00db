import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { findUserById, type UserRow } from '../../server/auth/users';
import { describeError } from '../../server/trpc/errors';
import { assertDocumented } from '../openapi/answers';
import { callerWithToken, sessionTokenFor } from './caller';
import type { DatabaseKind } from './db';
import { createTestDeps, type TestDeps } from './deps';
import { startTestServer, type TestServer } from './server';
import type { SessionStage } from '../../shared/values';

/**
 * One client, two transports: the same test runs against the tRPC procedures (createCaller) and against
 * the REST paths of docs/contract.md on a real HTTP server. Like a browser, the client keeps the session cookie
 * it is given. Answers are compared as JSON (dates as ISO strings), so a test reads the same on either.
 */
export type Transport = 'trpc' | 'rest';
export const TRANSPORTS: Transport[] = ['trpc', 'rest'];

type Input = Record<string, any>;
interface RestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

function query(input: Input | undefined, keys: string[]): string {
  const params = new URLSearchParams();
  for (const key of keys) if (input?.[key] !== undefined) params.set(key, String(input[key]));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The whole input is the JSON body (none when the call has no input). */
const post =
  (path: string) =>
  (i: Input | undefined): RestRequest => ({ method: 'POST', path, body: i });
const get = (path: string) => (): RestRequest => ({ method: 'GET', path });
const org = (i: Input) => `/organizations/${encodeURIComponent(i.organizationId)}`;
const tournamentPath = (i: Input) => `${org(i)}/tournaments/${encodeURIComponent(i.tournamentId)}`;

/** docs/contract.md sections 4 (auth, 2FA, account) and 7 (organizations, the audit log, admin). */
const REST = {
  'auth.requestLink': post('/auth/request-link'),
  'auth.verifyLink': post('/auth/verify-link'),
  'auth.login': post('/auth/login'),
  'auth.logout': post('/auth/logout'),
  'auth.me': get('/auth/me'),
  'auth.setPassword': post('/auth/password'),
  'auth.signOutEverywhere': post('/auth/sign-out-everywhere'),
  'twoFactor.verify': post('/auth/2fa/verify'),
  'twoFactor.sendEmailCode': post('/auth/2fa/email/send'),
  'twoFactor.totpSetup': post('/auth/2fa/totp/setup'),
  'twoFactor.totpConfirm': post('/auth/2fa/totp/confirm'),
  'twoFactor.emailSetup': post('/auth/2fa/email/setup'),
  'twoFactor.emailConfirm': post('/auth/2fa/email/confirm'),
  'twoFactor.disable': post('/auth/2fa/disable'),
  'twoFactor.regenerateRecoveryCodes': post('/auth/2fa/recovery-codes'),
  'orgs.create': post('/organizations'),
  'orgs.mine': get('/organizations'),
  'orgs.get': (i: Input): RestRequest => ({ method: 'GET', path: org(i) }),
  'orgs.members': (i: Input): RestRequest => ({ method: 'GET', path: `${org(i)}/members` }),
  'orgs.addMember': ({ organizationId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `${org({ organizationId })}/members`,
    body,
  }),
  'orgs.setRole': ({ organizationId, userId, ...body }: Input): RestRequest => ({
    method: 'PATCH',
    path: `${org({ organizationId })}/members/${encodeURIComponent(userId)}`,
    body,
  }),
  'orgs.removeMember': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: `${org(i)}/members/${encodeURIComponent(i.userId)}`,
  }),
  'orgs.auditLog': (i: Input): RestRequest => ({
    method: 'GET',
    path: `${org(i)}/audit-log${query(i, ['page', 'limit'])}`,
  }),
  'orgs.acceptInvitation': post('/organizations/invitations/accept'),
  'orgs.invitation': (i: Input): RestRequest => ({
    method: 'GET',
    path: `/organizations/invitations${query(i, ['token'])}`,
  }),
  'orgs.invitations': (i: Input): RestRequest => ({ method: 'GET', path: `${org(i)}/invitations` }),
  'orgs.resendInvitation': (i: Input): RestRequest => ({
    method: 'POST',
    path: `${org(i)}/invitations/${encodeURIComponent(i.invitationId)}/resend`,
  }),
  'orgs.cancelInvitation': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: `${org(i)}/invitations/${encodeURIComponent(i.invitationId)}`,
  }),
  'admin.users': (i: Input | undefined): RestRequest => ({
    method: 'GET',
    path: `/admin/users${query(i, ['q', 'page', 'limit'])}`,
  }),
  'admin.organizations': (i: Input | undefined): RestRequest => ({
    method: 'GET',
    path: `/admin/organizations${query(i, ['q', 'page', 'limit'])}`,
  }),
  'admin.signOutUser': (i: Input): RestRequest => ({
    method: 'POST',
    path: `/admin/users/${encodeURIComponent(i.userId)}/sign-out`,
  }),
  'account.emails': get('/account/emails'),
  'account.addEmail': post('/account/emails'),
  'account.confirmEmail': post('/account/emails/confirm'),
  'account.removeEmail': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: `/account/emails/${encodeURIComponent(i.email)}`,
  }),
  'account.requestMerge': post('/account/merge/request'),
  'account.confirmMerge': post('/account/merge/confirm'),
  'account.updateProfile': (i: Input | undefined): RestRequest => ({
    method: 'PATCH',
    path: '/account/profile',
    body: i,
  }),
  'account.language': get('/account/language'),
  'account.setLanguage': (i: Input): RestRequest => ({ method: 'PUT', path: '/account/language', body: i }),
  // Decision 0106: the user's own data, and deleting the account.
  'account.export': get('/account/export'),
  'account.requestDeletionCode': post('/account/deletion/code'),
  'account.delete': (i: Input): RestRequest => ({ method: 'DELETE', path: '/account', body: i }),
  // docs/contract.md section 13: Web Push (decision 0429).
  'push.publicKey': get('/push/public-key'),
  'account.addPushSubscription': post('/account/push-subscriptions'),
  'account.removePushSubscription': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: '/account/push-subscriptions',
    body: i,
  }),
  // docs/contract.md section 9: tournaments and their public pages.
  'tournaments.create': ({ organizationId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `${org({ organizationId })}/tournaments`,
    body,
  }),
  'tournaments.list': (i: Input): RestRequest => ({ method: 'GET', path: `${org(i)}/tournaments` }),
  'tournaments.get': (i: Input): RestRequest => ({ method: 'GET', path: tournamentPath(i) }),
  'tournaments.update': ({ organizationId, tournamentId, ...body }: Input): RestRequest => ({
    method: 'PATCH',
    path: tournamentPath({ organizationId, tournamentId }),
    body,
  }),
  'tournaments.setStatus': ({ organizationId, tournamentId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `${tournamentPath({ organizationId, tournamentId })}/status`,
    body,
  }),
  'tournaments.entries': (i: Input): RestRequest => ({ method: 'GET', path: `${tournamentPath(i)}/entries` }),
  'tournaments.enter': ({ organizationId, tournamentId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `${tournamentPath({ organizationId, tournamentId })}/entries`,
    body,
  }),
  'tournaments.withdraw': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: `${tournamentPath(i)}/entries/${encodeURIComponent(i.entryId)}`,
  }),
  'tournaments.setGroups': ({ organizationId, tournamentId, round, ...body }: Input): RestRequest => ({
    method: 'PUT',
    path: `${tournamentPath({ organizationId, tournamentId })}/rounds/${encodeURIComponent(round)}/groups`,
    body,
  }),
  'tournaments.publishStartList': (i: Input): RestRequest => ({
    method: 'POST',
    path: `${tournamentPath(i)}/start-list/publish`,
  }),
  'tournaments.setScore': ({ organizationId, tournamentId, ...body }: Input): RestRequest => ({
    method: 'PUT',
    path: `${tournamentPath({ organizationId, tournamentId })}/scores`,
    body,
  }),
  'tournaments.signCard': ({ organizationId, tournamentId, entryId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `${tournamentPath({ organizationId, tournamentId })}/cards/${encodeURIComponent(entryId)}/sign`,
    body,
  }),
  // Not JSON: the file's text arrives as `{csv}` (BOM kept), as tRPC answers it.
  'tournaments.cards': (i: Input): RestRequest => ({
    method: 'GET',
    path: `${tournamentPath(i)}/rounds/${encodeURIComponent(i.round)}/cards`,
  }),
  'tournaments.resultsCsv': (i: Input): RestRequest => ({ method: 'GET', path: `${tournamentPath(i)}/results.csv` }),
  // PDFs (decision 0431): the bytes arrive as `{pdf}` in base64 with the download's `filename`, as tRPC answers them.
  'tournaments.startListPdf': (i: Input): RestRequest => ({
    method: 'GET',
    path: `${tournamentPath(i)}/start-list.pdf`,
  }),
  'tournaments.scorecardsPdf': (i: Input): RestRequest => ({
    method: 'GET',
    path: `${tournamentPath(i)}/scorecards.pdf${query(i, ['round'])}`,
  }),
  'public.tournaments': (i: Input | undefined): RestRequest => ({
    method: 'GET',
    path: `/public/tournaments${query(i, ['q', 'limit', 'cursor'])}`,
  }),
  'public.tournament': (i: Input): RestRequest => ({
    method: 'GET',
    path: `/public/tournaments/${encodeURIComponent(i.slug)}`,
  }),
  'public.leaderboard': (i: Input): RestRequest => ({
    method: 'GET',
    path: `/public/tournaments/${encodeURIComponent(i.slug)}/leaderboard${query(i, ['division'])}`,
  }),
  'public.card': (i: Input): RestRequest => ({
    method: 'GET',
    path: `/public/tournaments/${encodeURIComponent(i.slug)}/entries/${encodeURIComponent(i.entryId)}/card`,
  }),
  'public.resultsPdf': (i: Input): RestRequest => ({
    method: 'GET',
    path: `/public/tournaments/${encodeURIComponent(i.slug)}/results.pdf`,
  }),
  // docs/contract.md section 10: team chat; the unread counts of decision 0601.
  'chat.history': (i: Input): RestRequest => ({
    method: 'GET',
    path: `${org(i)}/chat/messages${query(i, ['before', 'limit'])}`,
  }),
  'chat.send': ({ organizationId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `${org({ organizationId })}/chat/messages`,
    body,
  }),
  'chat.edit': ({ organizationId, messageId, ...body }: Input): RestRequest => ({
    method: 'PATCH',
    path: `${org({ organizationId })}/chat/messages/${encodeURIComponent(messageId)}`,
    body,
  }),
  'chat.delete': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: `${org(i)}/chat/messages/${encodeURIComponent(i.messageId)}`,
  }),
  'chat.unread': (i: Input): RestRequest => ({ method: 'GET', path: `${org(i)}/chat/unread` }),
  'chat.markRead': ({ organizationId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `${org({ organizationId })}/chat/read`,
    body,
  }),
  'chat.unreadAll': get('/chat/unread'),
  // docs/contract.md section 8: personal courses and creating a round on one.
  'personalCourses.create': post('/personal-courses'),
  'personalCourses.update': ({ personalCourseId, ...body }: Input): RestRequest => ({
    method: 'PATCH',
    path: `/personal-courses/${encodeURIComponent(personalCourseId)}`,
    body,
  }),
  'personalCourses.delete': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: `/personal-courses/${encodeURIComponent(i.personalCourseId)}`,
  }),
  'rounds.create': post('/rounds'),
  'rounds.addSide': ({ roundId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `/rounds/${encodeURIComponent(roundId)}/sides`,
    body,
  }),
  'rounds.addParticipant': ({ roundId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `/rounds/${encodeURIComponent(roundId)}/participants`,
    body,
  }),
  'rounds.get': (i: Input): RestRequest => ({ method: 'GET', path: `/rounds/${encodeURIComponent(i.roundId)}` }),
  'rounds.setScore': ({ roundId, ...body }: Input): RestRequest => ({
    method: 'PUT',
    path: `/rounds/${encodeURIComponent(roundId)}/scores`,
    body,
  }),
  'rounds.finish': ({ roundId }: Input): RestRequest => ({
    method: 'POST',
    path: `/rounds/${encodeURIComponent(roundId)}/finish`,
    body: {},
  }),
  // docs/contract.md section 10: the public feed, sharing a round to it, and hiding an item.
  'feed.list': (i: Input | undefined): RestRequest => ({
    method: 'GET',
    path: `/feed${query(i, ['before', 'limit'])}`,
  }),
  'rounds.share': (i: Input): RestRequest => ({
    method: 'POST',
    path: `/rounds/${encodeURIComponent(i.roundId)}/share`,
  }),
  'rounds.unshare': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: `/rounds/${encodeURIComponent(i.roundId)}/share`,
  }),
  // docs/contract.md section 11: the handicap record.
  'handicap.record': get('/account/handicap'),
  'tournaments.mine': get('/account/tournaments'),
  'handicap.setPlaysWith': (i: Input): RestRequest => ({
    method: 'PUT',
    path: '/account/handicap/plays-with',
    body: i,
  }),
  'rounds.attest': ({ roundId, ...body }: Input): RestRequest => ({
    method: 'POST',
    path: `/rounds/${encodeURIComponent(roundId)}/attest`,
    body,
  }),
  'rounds.withdrawAttestation': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: `/rounds/${encodeURIComponent(i.roundId)}/attest/${encodeURIComponent(i.participantId)}`,
  }),
  // docs/contract.md section 13: calendars (decision 0430). The files arrive as `{ics}`, as tRPC answers them.
  'account.calendar': get('/account/calendar'),
  'account.renewCalendar': post('/account/calendar/renew'),
  'public.calendar': (i: Input): RestRequest => ({
    method: 'GET',
    path: `/public/tournaments/${encodeURIComponent(i.slug)}/calendar.ics${query(i, ['lang'])}`,
  }),
  'calendar.feed': (i: Input): RestRequest => ({
    method: 'GET',
    path: `/calendar/${encodeURIComponent(i.token)}.ics`,
  }),
  'admin.hideFeedItem': (i: Input): RestRequest => ({
    method: 'DELETE',
    path: `/admin/feed/${encodeURIComponent(i.itemId)}`,
  }),
} satisfies Record<string, (input: Input) => RestRequest>;

/** A procedure as the tRPC router names it (`namespace.name`). */
export type Procedure = keyof typeof REST;

export interface Outcome {
  status: number;
  /** The answer on success. */
  body: any;
  /** On failure: the contract's code, Norwegian message and field issues. */
  error: { code: string; message: string; issues?: { path: string; message: string }[] } | null;
  retryAfter: number | null;
  setCookies: string[];
  /**
   * Everything the client received, as text: what "leaks nothing" is checked against. Not enumerable, so a
   * test comparing a whole outcome with toEqual compares the answer, not its wire form.
   */
  readonly raw: string;
}

function withRaw(outcome: Omit<Outcome, 'raw'>, raw: string): Outcome {
  return Object.defineProperty(outcome, 'raw', { value: raw, enumerable: false }) as Outcome;
}

/** Outcomes counted by status and code (`"404 NOT_FOUND"`, `"200"`): what a burst of parallel calls got. */
export function statuses(outcomes: Outcome[]): Record<string, number> {
  return outcomes.reduce<Record<string, number>>((acc, o) => {
    const key = o.error ? `${o.status} ${o.error.code}` : String(o.status);
    acc[key] = (acc[key] ?? 0) + 1;
    return acc;
  }, {});
}

export const serverErrors = (outcomes: Outcome[]): Outcome[] => outcomes.filter((o) => o.status >= 500);

/** `call` fired `times` times at once. */
export const fire = (times: number, call: (i: number) => Promise<Outcome>): Promise<Outcome[]> =>
  Promise.all(Array.from({ length: times }, (_, i) => call(i)));

export interface Client {
  transport: Transport;
  /** The session token the client holds (what a browser would send). */
  token: string | null;
  call(procedure: Procedure, input?: any): Promise<Outcome>;
}

/** The session token after these Set-Cookie headers: a cleared or expired cookie leaves none. */
function tokenAfter(setCookies: string[], current: string | null): string | null {
  let token = current;
  for (const cookie of setCookies) {
    if (!cookie.startsWith(`${SESSION_COOKIE}=`)) continue;
    const value = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!);
    token = value === '' || /max-age=0/i.test(cookie) ? null : value;
  }
  return token;
}

function asJson(value: unknown): any {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

export function trpcClient(deps: TestDeps, options: { token?: string | null; ip?: string } = {}): Client {
  const client: Client = {
    transport: 'trpc',
    token: options.token ?? null,
    async call(procedure, input) {
      const { caller, setCookies } = callerWithToken(deps, client.token, { ip: options.ip });
      const [namespace, name] = procedure.split('.') as [string, string];
      const fn = (caller as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>)[
        namespace
      ]![name]!;
      let outcome: Outcome;
      try {
        const body = asJson(await fn(input));
        outcome = withRaw(
          { status: 200, body, error: null, retryAfter: null, setCookies },
          JSON.stringify(body ?? null),
        );
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error;
        const d = describeError(error);
        const e = { code: d.code, message: d.message, ...(d.issues ? { issues: d.issues } : {}) };
        outcome = withRaw(
          { status: d.status, body: null, error: e, retryAfter: d.retryAfterSeconds ?? null, setCookies },
          // What a tRPC client receives: the formatted error (message, code, appCode).
          JSON.stringify({ trpcMessage: error.message, ...e }),
        );
      }
      client.token = tokenAfter(setCookies, client.token);
      return outcome;
    },
  };
  return client;
}

export function restClient(baseUrl: string, options: { token?: string | null } = {}): Client {
  const client: Client = {
    transport: 'rest',
    token: options.token ?? null,
    async call(procedure, input) {
      const req = (REST[procedure] as (input: Input | undefined) => RestRequest)(input);
      const headers: Record<string, string> = {};
      if (client.token) headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent(client.token)}`;
      if (req.method !== 'GET') headers['content-type'] = 'application/json';
      const res = await fetch(baseUrl + req.path, {
        method: req.method,
        headers,
        ...(req.method !== 'GET' && req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
      });
      // ignoreBOM: a leading BOM (results.csv) is part of what was sent, not decoding noise to drop.
      const bytes = Buffer.from(await res.arrayBuffer());
      const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      // Every answer is checked against the OpenAPI document: its status declared, its body as described.
      assertDocumented({
        method: req.method,
        url: req.path,
        status: res.status,
        contentType: res.headers.get('content-type'),
        body: raw,
      });
      const type = res.headers.get('content-type') ?? '';
      const json = !raw
        ? null
        : type.startsWith('text/csv')
          ? { csv: raw }
          : type.startsWith('application/pdf')
            ? {
                pdf: bytes.toString('base64'),
                filename: /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '',
              }
            : type.startsWith('text/calendar')
              ? { ics: raw }
              : JSON.parse(raw);
      const setCookies = res.headers.getSetCookie();
      client.token = tokenAfter(setCookies, client.token);
      const retryAfter = res.headers.get('retry-after');
      return withRaw(
        {
          status: res.status,
          body: res.ok ? json : null,
          error: res.ok ? null : json.error,
          retryAfter: retryAfter === null ? null : Number(retryAfter),
          setCookies,
        },
        raw,
      );
    },
  };
  return client;
}

/** A client of either transport; `baseUrl` is read only for REST, so a server started later will do. */
export function clientFor(
  transport: Transport,
  deps: TestDeps,
  baseUrl: () => string,
  options: { token?: string | null; ip?: string } = {},
): Client {
  return transport === 'trpc' ? trpcClient(deps, options) : restClient(baseUrl(), { token: options.token });
}

/** Makes clients of either transport; the REST server is started on first use and closed after the file. */
export function clients(deps: TestDeps) {
  let server: Promise<TestServer> | null = null;
  afterAll(async () => {
    if (server) await (await server).close();
  });
  async function make(transport: Transport, token: string | null): Promise<Client> {
    if (transport === 'trpc') return trpcClient(deps, { token });
    server ??= startTestServer(deps);
    return restClient((await server).url, { token });
  }
  return {
    anonymous: (transport: Transport) => make(transport, null),
    /** A client holding a session of `stage` for the user as it is in the database now. */
    async as(transport: Transport, user: Pick<UserRow, 'id'>, stage: SessionStage = 'full'): Promise<Client> {
      const fresh = await findUserById(deps.db, user.id);
      return make(transport, await sessionTokenFor(deps, fresh!, stage));
    },
    withToken: make,
  };
}

export interface DepsAndServer {
  /** The block's deps and server, readable in hooks and tests (not while the block is being declared). */
  readonly deps: TestDeps;
  readonly server: TestServer;
  readonly url: string;
  /** A client of `transport` holding a full session of `user` as given (none for null). */
  as(user: Pick<UserRow, 'id' | 'sessionVersion'> | null, transport: Transport): Promise<Client>;
}

/**
 * For a describe block: fresh deps and the real server on them, started before its tests and closed after
 * them (server first). `onStart` hands the deps over, so the tests keep reading them as a plain variable.
 */
export function useDepsAndServer(
  onStart?: (started: { deps: TestDeps; server: TestServer }) => void,
  options: { db?: DatabaseKind } = {},
): DepsAndServer {
  let deps: TestDeps | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    deps = await createTestDeps({ db: options.db, closeAfterAll: false });
    server = await startTestServer(deps);
    onStart?.({ deps, server });
  });
  afterAll(async () => {
    await server?.close();
    await deps?.close();
  });
  const started = {
    get deps() {
      if (!deps) throw new Error('useDepsAndServer: read deps inside a hook or a test');
      return deps;
    },
    get server() {
      if (!server) throw new Error('useDepsAndServer: read server inside a hook or a test');
      return server;
    },
    get url() {
      return started.server.url;
    },
    async as(user: Pick<UserRow, 'id' | 'sessionVersion'> | null, transport: Transport) {
      const token = user ? await sessionTokenFor(started.deps, user) : null;
      return clientFor(transport, started.deps, () => started.url, { token });
    },
  };
  return started;
}
