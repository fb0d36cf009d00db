import { signSessionToken } from '../../server/auth/session-token';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import type { UserRow } from '../../server/auth/users';
import type { Context } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/router';
import type { TestDeps } from './deps';
import type { SessionStage } from '../../shared/values';

export async function sessionTokenFor(
  deps: TestDeps,
  user: Pick<UserRow, 'id' | 'sessionVersion'>,
  stage: SessionStage = 'full',
) {
  return signSessionToken(deps.config.sessionSecret, {
    userId: user.id,
    stage,
    version: user.sessionVersion,
    now: deps.now(),
  });
}

export interface TestCaller {
  caller: ReturnType<typeof createCaller>;
  ctx: Context;
  /** Every Set-Cookie the procedures sent, in order. */
  setCookies: string[];
  /** The session token of the last Set-Cookie, if it set one (empty string when it cleared it). */
  lastSessionToken(): string | null;
}

/** A caller with the given raw token (or none), as a client sending that cookie would be. */
export function callerWithToken(
  deps: TestDeps,
  token: string | null,
  options: { ip?: string; secure?: boolean } = {},
): TestCaller {
  const setCookies: string[] = [];
  const ctx: Context = {
    deps,
    meta: { requestId: 'test', ip: options.ip ?? '127.0.0.1', userAgent: 'vitest', language: 'nb' },
    sessionToken: token,
    cookies: { secure: options.secure ?? false, setCookie: (value) => setCookies.push(value) },
  };
  return {
    caller: createCaller(ctx),
    ctx,
    setCookies,
    lastSessionToken() {
      const cookie = [...setCookies].reverse().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      return cookie ? decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!) : null;
    },
  };
}

/** A caller signed in as `user` in the given stage (anonymous when user is null). */
export async function callerAs(
  deps: TestDeps,
  user: Pick<UserRow, 'id' | 'sessionVersion'> | null,
  stage: SessionStage = 'full',
) {
  return callerWithToken(deps, user ? await sessionTokenFor(deps, user, stage) : null);
}
