import { TRPCError } from '@trpc/server';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { sha256 } from '../../server/auth/tokens';
import type { Role } from '../../server/db/schema';
import { organizationInvitation } from '../../server/db/schema';
import type { SentMail } from '../../server/mail/mailer';
import { describeError } from '../../server/trpc/errors';
import { callerWithToken } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';

/**
 * One client for the procedures of issue 5 over both transports: tRPC through createCaller, and the REST
 * paths of CONTRACT.md on a real HTTP server. Answers are compared as JSON (dates as ISO strings) so a
 * test reads the same whichever transport it runs on.
 */
export type Transport = 'trpc' | 'rest';
export const TRANSPORTS: Transport[] = ['trpc', 'rest'];

export type Procedure =
  | 'orgs.create'
  | 'orgs.mine'
  | 'orgs.get'
  | 'orgs.members'
  | 'orgs.addMember'
  | 'orgs.setRole'
  | 'orgs.removeMember'
  | 'orgs.auditLog'
  | 'orgs.acceptInvitation'
  | 'admin.users'
  | 'admin.organizations'
  | 'admin.signOutUser'
  | 'account.emails'
  | 'account.addEmail'
  | 'account.confirmEmail'
  | 'account.removeEmail'
  | 'account.requestMerge'
  | 'account.confirmMerge'
  | 'account.updateProfile';

type Input = Record<string, any>;
interface RestRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

function query(input: Input, keys: string[]): string {
  const params = new URLSearchParams();
  for (const key of keys) if (input[key] !== undefined) params.set(key, String(input[key]));
  const s = params.toString();
  return s ? `?${s}` : '';
}

const org = (i: Input) => `/organizations/${encodeURIComponent(i.organizationId)}`;

/** CONTRACT.md sections 4 and 7 (and the audit-log path of docs/organizations.md). */
export const REST: Record<Procedure, (input: Input) => RestRequest> = {
  'orgs.create': (i) => ({ method: 'POST', path: '/organizations', body: i }),
  'orgs.mine': () => ({ method: 'GET', path: '/organizations' }),
  'orgs.get': (i) => ({ method: 'GET', path: org(i) }),
  'orgs.members': (i) => ({ method: 'GET', path: `${org(i)}/members` }),
  'orgs.addMember': ({ organizationId, ...body }) => ({ method: 'POST', path: `${org({ organizationId })}/members`, body }),
  'orgs.setRole': ({ organizationId, userId, ...body }) => ({
    method: 'PATCH',
    path: `${org({ organizationId })}/members/${encodeURIComponent(userId)}`,
    body,
  }),
  'orgs.removeMember': (i) => ({ method: 'DELETE', path: `${org(i)}/members/${encodeURIComponent(i.userId)}` }),
  'orgs.auditLog': (i) => ({ method: 'GET', path: `${org(i)}/audit-log${query(i, ['page', 'limit'])}` }),
  'orgs.acceptInvitation': (i) => ({ method: 'POST', path: '/organizations/invitations/accept', body: i }),
  'admin.users': (i) => ({ method: 'GET', path: `/admin/users${query(i, ['q', 'page', 'limit'])}` }),
  'admin.organizations': (i) => ({ method: 'GET', path: `/admin/organizations${query(i, ['q', 'page', 'limit'])}` }),
  'admin.signOutUser': (i) => ({ method: 'POST', path: `/admin/users/${encodeURIComponent(i.userId)}/sign-out` }),
  'account.emails': () => ({ method: 'GET', path: '/account/emails' }),
  'account.addEmail': (i) => ({ method: 'POST', path: '/account/emails', body: i }),
  'account.confirmEmail': (i) => ({ method: 'POST', path: '/account/emails/confirm', body: i }),
  'account.removeEmail': (i) => ({ method: 'DELETE', path: `/account/emails/${encodeURIComponent(i.email)}` }),
  'account.requestMerge': (i) => ({ method: 'POST', path: '/account/merge/request', body: i }),
  'account.confirmMerge': (i) => ({ method: 'POST', path: '/account/merge/confirm', body: i }),
  'account.updateProfile': (i) => ({ method: 'PATCH', path: '/account/profile', body: i }),
};

export interface Outcome {
  status: number;
  body: any;
  error: { code: string; message: string; issues?: { path: string; message: string }[] } | null;
  /** Everything the client received, as text: what "leaks nothing" is checked against. */
  raw: string;
}

export interface Client {
  call(procedure: Procedure, input?: Input): Promise<Outcome>;
  token: string | null;
}

function asJson(value: unknown): any {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

export function trpcClient(deps: TestDeps, token: string | null): Client {
  const client: Client = {
    token,
    async call(procedure, input) {
      const { caller } = callerWithToken(deps, client.token);
      const [domain, name] = procedure.split('.') as [string, string];
      const fn = (caller as any)[domain][name] as (input?: unknown) => Promise<unknown>;
      try {
        const body = asJson(await fn(input));
        return { status: 200, body, error: null, raw: JSON.stringify(body ?? null) };
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error;
        const d = describeError(error);
        const e = { code: d.code, message: d.message, ...(d.issues ? { issues: d.issues } : {}) };
        // What a tRPC client receives: the formatted error (message, code, appCode).
        return { status: d.status, body: null, error: e, raw: JSON.stringify({ trpcMessage: error.message, ...e }) };
      }
    },
  };
  return client;
}

export function restClient(baseUrl: string, token: string | null): Client {
  const client: Client = {
    token,
    async call(procedure, input = {}) {
      const req = REST[procedure](input);
      const headers: Record<string, string> = {};
      if (client.token) headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent(client.token)}`;
      if (req.method !== 'GET') headers['content-type'] = 'application/json';
      const res = await fetch(baseUrl + req.path, {
        method: req.method,
        headers,
        ...(req.method !== 'GET' && req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
      });
      const raw = await res.text();
      const json = raw ? JSON.parse(raw) : null;
      return { status: res.status, body: res.ok ? json : null, error: res.ok ? null : json.error, raw };
    },
  };
  return client;
}

export function clientFor(transport: Transport, deps: TestDeps, baseUrl: () => string, token: string | null): Client {
  return transport === 'trpc' ? trpcClient(deps, token) : restClient(baseUrl(), token);
}

/** An invitation with a known token, as if mailed (tests that need the link without reading a mail). */
export async function insertInvitation(
  deps: TestDeps,
  input: { organizationId: string; email: string; role: Role; invitedBy?: string | null; token?: string },
): Promise<string> {
  const token = input.token ?? `test-${crypto.randomUUID()}`;
  await deps.db.insert(organizationInvitation).values({
    organizationId: input.organizationId,
    email: input.email.toLowerCase(),
    role: input.role,
    tokenHash: sha256(token),
    invitedBy: input.invitedBy ?? null,
    expiresAt: new Date(deps.now().getTime() + 7 * 24 * 3600 * 1000),
    createdAt: deps.now(),
  });
  return token;
}

export function mailsTo(deps: TestDeps, address: string): SentMail[] {
  return deps.mailer.outbox.filter((m) => m.to === address.toLowerCase());
}

export function lastMailTo(deps: TestDeps, address: string): SentMail {
  const mails = mailsTo(deps, address);
  if (mails.length === 0) throw new Error(`no mail to ${address}`);
  return mails[mails.length - 1]!;
}

/** The link in a mail, and the token it carries; the six-digit code when there is one. */
export function linkFromMail(mail: Pick<SentMail, 'text'>, path: string): { link: string; token: string; code: string | null } {
  const link = new RegExp(`(https?://\\S+${path.replace(/[/.?]/g, (c) => `\\${c}`)}\\?token=\\S+)`).exec(mail.text)?.[1];
  if (!link) throw new Error(`no ${path} link in mail:\n${mail.text}`);
  const code = /koden: (\d{6})/.exec(mail.text)?.[1] ?? null;
  return { link, token: new URL(link).searchParams.get('token')!, code };
}

/** A real primary sign-in by magic link (issue 3's procedures): what a person clicking the mail gets. */
export async function signInByMagicLink(deps: TestDeps, address: string): Promise<{ stage: string; token: string; userId: string }> {
  const anonymous = callerWithToken(deps, null, { ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  await anonymous.caller.auth.requestLink({ email: address });
  const mail = lastMailTo(deps, address);
  const link = /(https?:\/\/\S+\/login\/verify\?token=\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`not a sign-in mail:\n${mail.text}`);
  const answer = await anonymous.caller.auth.verifyLink({ token: new URL(link).searchParams.get('token')! });
  return { stage: answer.stage, token: anonymous.lastSessionToken()!, userId: answer.user.id };
}

/** A real password sign-in (issue 3's procedure): the stage the next sign-in leads to. */
export async function signInWithPassword(deps: TestDeps, address: string, password: string): Promise<string> {
  const anonymous = callerWithToken(deps, null);
  const answer = await anonymous.caller.auth.login({ email: address, password });
  return answer.stage;
}
