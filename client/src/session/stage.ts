import type { Language, SessionStage, TwoFactorMethod } from '../../../shared/values';
import { ROUTES, safeNext } from '../routes';

export type Stage = SessionStage;
export type { TwoFactorMethod };

/** The stages of a sign-in that is not yet complete. */
type PartStage = Exclude<SessionStage, 'full'>;

/**
 * What the app knows about the visitor. `auth.me` answers only for a full session; a pending or enrolling
 * session is known from the sign-in's session answer, remembered in sessionStorage until it expires (300 s).
 */
export type SessionState<U> =
  | { status: 'loading' }
  | { status: 'unreachable' }
  | { status: 'signed-out' }
  | {
      status: PartStage;
      email: string | null;
      method: TwoFactorMethod | null;
      expiresAt: number;
    }
  /** `language`: the account's saved choice (null: follow the browser), undefined until auth.me says. */
  | { status: 'full'; user: U; language?: Language | null | undefined };

export interface PendingStage {
  stage: PartStage;
  email: string | null;
  /** The account's method, from the session answer: the 2FA screen asks for the matching code. */
  method: TwoFactorMethod | null;
  expiresAt: number;
}

/** Who may see a route. */
export type Access =
  /** anyone, in any stage (the magic-link landing page) */
  | 'public'
  /** the sign-in screen: a signed-in visitor is sent on */
  | 'guest'
  /** 2FA verification: a pending_2fa session only */
  | 'pending'
  /** mandatory 2FA setup: a must_enroll_2fa session only */
  | 'enrolling'
  /** everything else: a full session */
  | 'full';

/** The screen a stage belongs on when it is somewhere it may not be. */
export function homeOfStage(status: SessionState<unknown>['status'], next: string | null): string {
  switch (status) {
    case 'full':
      return next ?? ROUTES.home;
    case 'pending_2fa':
      return withNext(ROUTES.twoFactor, next);
    case 'must_enroll_2fa':
      return withNext(ROUTES.enroll, next);
    default:
      return withNext(ROUTES.login, next);
  }
}

function withNext(path: string, next: string | null): string {
  return next ? `${path}?neste=${encodeURIComponent(next)}` : path;
}

/**
 * Where to send a visitor who opens `location` (path and query), or null to show it. A visitor sent to sign in
 * carries the page they wanted as `neste`, and comes back to it once the session is full.
 */
export function redirectFor(access: Access, status: SessionState<unknown>['status'], location: string): string | null {
  if (status === 'loading' || status === 'unreachable' || access === 'public') return null;
  const query = location.includes('?') ? location.slice(location.indexOf('?') + 1) : '';
  const carriedNext = safeNext(new URLSearchParams(query).get('neste'));
  switch (access) {
    case 'guest':
      return status === 'signed-out' ? null : homeOfStage(status, carriedNext);
    case 'pending':
      return status === 'pending_2fa' ? null : homeOfStage(status, carriedNext);
    case 'enrolling':
      // Once enrolment makes the session full, the sign-in goes on to where it was headed.
      return status === 'must_enroll_2fa' ? null : homeOfStage(status, carriedNext);
    case 'full':
      return status === 'full' ? null : homeOfStage(status, safeNext(location));
  }
}

/** The pending stage as remembered, or null once it has expired (the server has forgotten it too). */
export function livePending(pending: PendingStage | null, nowMs: number): PendingStage | null {
  return pending && pending.expiresAt > nowMs ? pending : null;
}

/**
 * `me` is auth.me's answer as the app caches it: {user} for a full session, null for "no full session",
 * undefined before the first answer. `meError` is a failure to ask at all (network, server down).
 */
export function sessionFrom<U>(
  me: { user: U; language?: Language | null } | null | undefined,
  meError: unknown,
  pending: PendingStage | null,
  nowMs: number,
): SessionState<U> {
  if (me) return { status: 'full', user: me.user, language: me.language };
  if (me === undefined) return meError ? { status: 'unreachable' } : { status: 'loading' };
  const live = livePending(pending, nowMs);
  if (live) return { status: live.stage, email: live.email, method: live.method, expiresAt: live.expiresAt };
  return { status: 'signed-out' };
}
