import { TRPCError } from '@trpc/server';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import type { SentMail } from '../../server/mail/mailer';
import { describeError } from '../../server/trpc/errors';
import { callerWithToken } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';

/**
 * One client, two transports: the same test runs against the tRPC procedures (createCaller) and against
 * the REST paths on a real HTTP server. Like a browser, the client keeps the session cookie it is given.
 */
export type Transport = 'trpc' | 'rest';
export const TRANSPORTS: Transport[] = ['trpc', 'rest'];

export type AuthCall = 'requestLink' | 'verifyLink' | 'login' | 'logout' | 'me' | 'setPassword' | 'signOutEverywhere';

const REST: Record<AuthCall, { method: 'GET' | 'POST'; path: string }> = {
  requestLink: { method: 'POST', path: '/auth/request-link' },
  verifyLink: { method: 'POST', path: '/auth/verify-link' },
  login: { method: 'POST', path: '/auth/login' },
  logout: { method: 'POST', path: '/auth/logout' },
  me: { method: 'GET', path: '/auth/me' },
  setPassword: { method: 'POST', path: '/auth/password' },
  signOutEverywhere: { method: 'POST', path: '/auth/sign-out-everywhere' },
};

export interface Outcome {
  status: number;
  /** The answer on success; on failure the contract's error code, Norwegian message and field issues. */
  body: any;
  error: { code: string; message: string; issues?: { path: string; message: string }[] } | null;
  retryAfter: number | null;
  setCookies: string[];
}

export interface AuthClient {
  call(procedure: AuthCall, input?: unknown): Promise<Outcome>;
  /** The session token the client currently holds (what the browser would send). */
  token: string | null;
}

function tokenFromSetCookie(setCookies: string[], current: string | null): string | null {
  let token = current;
  for (const cookie of setCookies) {
    if (!cookie.startsWith(`${SESSION_COOKIE}=`)) continue;
    const value = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!);
    token = value === '' || /max-age=0/i.test(cookie) ? null : value;
  }
  return token;
}

export function trpcClient(deps: TestDeps, options: { ip?: string; token?: string | null } = {}): AuthClient {
  const client: AuthClient = {
    token: options.token ?? null,
    async call(procedure, input) {
      const { caller, setCookies } = callerWithToken(deps, client.token, { ip: options.ip });
      const auth = caller.auth as unknown as Record<AuthCall, (input?: unknown) => Promise<unknown>>;
      let outcome: Outcome;
      try {
        const body = await auth[procedure](input);
        outcome = { status: 200, body, error: null, retryAfter: null, setCookies };
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
      client.token = tokenFromSetCookie(setCookies, client.token);
      return outcome;
    },
  };
  return client;
}

export function restClient(baseUrl: string, options: { token?: string | null; headers?: Record<string, string> } = {}): AuthClient {
  const client: AuthClient = {
    token: options.token ?? null,
    async call(procedure, input) {
      const { method, path } = REST[procedure];
      const headers: Record<string, string> = { ...options.headers };
      if (client.token) headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent(client.token)}`;
      if (method === 'POST') headers['content-type'] = 'application/json';
      const res = await fetch(baseUrl + path, {
        method,
        headers,
        ...(method === 'POST' && input !== undefined ? { body: JSON.stringify(input) } : {}),
      });
      const json = (await res.json()) as any;
      const setCookies = res.headers.getSetCookie();
      client.token = tokenFromSetCookie(setCookies, client.token);
      const retry = res.headers.get('retry-after');
      return {
        status: res.status,
        body: res.ok ? json : null,
        error: res.ok ? null : json.error,
        retryAfter: retry === null ? null : Number(retry),
        setCookies,
      };
    },
  };
  return client;
}

export function clientFor(transport: Transport, deps: TestDeps, baseUrl: () => string, options: { ip?: string } = {}): AuthClient {
  return transport === 'trpc' ? trpcClient(deps, options) : restClient(baseUrl());
}

/** The sign-in mail's link token and code, read the way a person would: from the text. */
export function signInFromMail(mail: Pick<SentMail, 'text'>): { token: string; code: string; link: string } {
  const link = /(https?:\/\/\S+\/login\/verify\?token=\S+)/.exec(mail.text)?.[1];
  const code = /koden[^:\n]*: (\d{6})/.exec(mail.text)?.[1];
  if (!link || !code) throw new Error(`not a sign-in mail:\n${mail.text}`);
  const token = new URL(link).searchParams.get('token')!;
  return { token, code, link };
}

export function mailsTo(deps: TestDeps, address: string): SentMail[] {
  return deps.mailer.outbox.filter((m) => m.to === address.toLowerCase());
}

export function lastMailTo(deps: TestDeps, address: string): SentMail {
  const mails = mailsTo(deps, address);
  if (mails.length === 0) throw new Error(`no mail to ${address}`);
  return mails[mails.length - 1]!;
}

/** Median wall time of `run` over `times` runs, in milliseconds. */
export async function medianMs(times: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
