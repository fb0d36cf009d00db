import { execFileSync } from 'node:child_process';
import { TRPCError } from '@trpc/server';
import { afterAll, expect } from 'vitest';
import { SESSION_COOKIE, type Stage } from '../../server/auth/session-token';
import { findUserById, type UserRow } from '../../server/auth/users';
import { describeError } from '../../server/trpc/errors';
import { callerWithToken, sessionTokenFor } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import { startTestServer } from '../helpers/server';

/**
 * One client, two transports: each scenario runs against the tRPC procedures (createCaller) and against
 * the REST paths on a real HTTP server. Like a browser, the client keeps the session cookie it is given.
 */
export type Transport = 'trpc' | 'rest';
export const TRANSPORTS: Transport[] = ['trpc', 'rest'];

const REST = {
  'twoFactor.verify': { method: 'POST', path: '/auth/2fa/verify' },
  'twoFactor.sendEmailCode': { method: 'POST', path: '/auth/2fa/email/send' },
  'twoFactor.totpSetup': { method: 'POST', path: '/auth/2fa/totp/setup' },
  'twoFactor.totpConfirm': { method: 'POST', path: '/auth/2fa/totp/confirm' },
  'twoFactor.emailSetup': { method: 'POST', path: '/auth/2fa/email/setup' },
  'twoFactor.emailConfirm': { method: 'POST', path: '/auth/2fa/email/confirm' },
  'twoFactor.disable': { method: 'POST', path: '/auth/2fa/disable' },
  'twoFactor.regenerateRecoveryCodes': { method: 'POST', path: '/auth/2fa/recovery-codes' },
  'auth.me': { method: 'GET', path: '/auth/me' },
  'auth.login': { method: 'POST', path: '/auth/login' },
  'auth.requestLink': { method: 'POST', path: '/auth/request-link' },
  'auth.verifyLink': { method: 'POST', path: '/auth/verify-link' },
} as const;

export type Call = keyof typeof REST;

export interface Outcome {
  status: number;
  /** The answer on success. */
  body: any;
  /** On failure: the contract's code, Norwegian message and field issues. */
  error: { code: string; message: string; issues?: { path: string; message: string }[] } | null;
  retryAfter: number | null;
  setCookies: string[];
}

export interface Client {
  transport: Transport;
  /** The session token the client holds (what a browser would send). */
  token: string | null;
  call(name: Call, input?: unknown): Promise<Outcome>;
}

function tokenAfter(setCookies: string[], current: string | null): string | null {
  let token = current;
  for (const cookie of setCookies) {
    if (!cookie.startsWith(`${SESSION_COOKIE}=`)) continue;
    const value = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!);
    token = value === '' || /max-age=0/i.test(cookie) ? null : value;
  }
  return token;
}

function trpcClient(deps: TestDeps, token: string | null): Client {
  const client: Client = {
    transport: 'trpc',
    token,
    async call(name, input) {
      const { caller, setCookies } = callerWithToken(deps, client.token);
      const [namespace, procedure] = name.split('.') as [string, string];
      const fn = (caller as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>)[namespace]![procedure]!;
      let outcome: Outcome;
      try {
        outcome = { status: 200, body: await fn(input), error: null, retryAfter: null, setCookies };
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error;
        const d = describeError(error);
        outcome = {
          status: d.status,
          body: null,
          error: { code: d.code, message: d.message, ...(d.issues ? { issues: d.issues } : {}) },
          retryAfter: d.retryAfterSeconds ?? null,
          setCookies,
        };
      }
      client.token = tokenAfter(setCookies, client.token);
      return outcome;
    },
  };
  return client;
}

function restClient(baseUrl: string, token: string | null): Client {
  const client: Client = {
    transport: 'rest',
    token,
    async call(name, input) {
      const { method, path } = REST[name];
      const headers: Record<string, string> = {};
      if (client.token) headers.cookie = `${SESSION_COOKIE}=${client.token}`;
      if (method !== 'GET') headers['content-type'] = 'application/json';
      const res = await fetch(baseUrl + path, {
        method,
        headers,
        ...(method !== 'GET' && input !== undefined ? { body: JSON.stringify(input) } : {}),
      });
      const json = (await res.json()) as any;
      const setCookies = res.headers.getSetCookie();
      client.token = tokenAfter(setCookies, client.token);
      const retryAfter = res.headers.get('retry-after');
      return {
        status: res.status,
        body: res.ok ? json : null,
        error: res.ok ? null : json.error,
        retryAfter: retryAfter === null ? null : Number(retryAfter),
        setCookies,
      };
    },
  };
  return client;
}

/** Makes clients of either transport; the REST server is started on first use and closed after the file. */
export function clients(deps: TestDeps) {
  let server: Promise<{ url: string; close(): Promise<void> }> | null = null;
  afterAll(async () => {
    if (server) await (await server).close();
  });
  async function make(transport: Transport, token: string | null): Promise<Client> {
    if (transport === 'trpc') return trpcClient(deps, token);
    server ??= startTestServer(deps);
    return restClient((await server).url, token);
  }
  return {
    anonymous: (transport: Transport) => make(transport, null),
    /** A client holding a session of `stage` for the user as it is in the database now. */
    async as(transport: Transport, user: Pick<UserRow, 'id'>, stage: Stage = 'full'): Promise<Client> {
      const fresh = await findUserById(deps.db, user.id);
      return make(transport, await sessionTokenFor(deps, fresh!, stage));
    },
    withToken: make,
  };
}

// ---- An independent TOTP implementation: Debian's oathtool ----

/** The code oathtool computes for the base32 secret at `at` (any instant: the test clock's, or ± steps). */
export function oathtool(secret: string, at: Date, digits = 6): string {
  const epoch = Math.floor(at.getTime() / 1000);
  return execFileSync('oathtool', ['--totp', '-b', '-d', String(digits), '-N', `@${epoch}`, secret], {
    encoding: 'utf8',
  }).trim();
}

/** The secret a user's authenticator app would read from the provisioning URI. */
export function secretFromUri(otpauthUri: string): string {
  const url = new URL(otpauthUri);
  expect(url.protocol).toBe('otpauth:');
  const secret = url.searchParams.get('secret');
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  return secret!;
}

export function at(deps: TestDeps, offsetSeconds = 0): Date {
  return new Date(deps.now().getTime() + offsetSeconds * 1000);
}

/** Moves the test clock to the middle of a 30-second step, so ±1-step arithmetic is unambiguous. */
export function toMiddleOfStep(deps: TestDeps): void {
  const ms = deps.now().getTime();
  deps.clock.set(new Date(Math.floor(ms / 30_000) * 30_000 + 30_000 + 15_000));
}

/** The 6-digit code in a mail body. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code in mail: ${text}`);
  return match[1]!;
}

export function lastMailTo(deps: TestDeps, to: string) {
  const mail = [...deps.mailer.outbox].reverse().find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export function mailsTo(deps: TestDeps, to: string) {
  return deps.mailer.outbox.filter((m) => m.to === to);
}

/**
 * Enrols TOTP through the real endpoints as a full session (the client keeps its new cookie) and moves
 * the clock a step on, so the next code is not a replay of the confirmation's.
 */
export async function enrolTotp(deps: TestDeps, client: Client): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.call('twoFactor.totpSetup', {});
  expect(setup.status).toBe(200);
  const secret = secretFromUri(setup.body.otpauthUri);
  const confirm = await client.call('twoFactor.totpConfirm', { code: oathtool(secret, deps.now()) });
  expect(confirm.status).toBe(200);
  deps.clock.advance(30);
  return { secret, recoveryCodes: confirm.body.recoveryCodes };
}

/** Enrols the e-mail method through the real endpoints, reading the code from the outbox. */
export async function enrolEmail(deps: TestDeps, client: Client, email: string): Promise<{ recoveryCodes: string[] }> {
  const setup = await client.call('twoFactor.emailSetup', {});
  expect(setup.status).toBe(200);
  const confirm = await client.call('twoFactor.emailConfirm', { code: codeIn(lastMailTo(deps, email).text) });
  expect(confirm.status).toBe(200);
  return { recoveryCodes: confirm.body.recoveryCodes };
}
