import { audit } from '../../audit';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { limitState, LIMITS, lockLimitKey, recordHit, refusedBy, removeHit, type Limit } from '../rate-limit';
import { clearSession, revokeSession, type CookieJar, type Session } from '../sessions';
import { sha256 } from '../tokens';
import type { UserRow } from '../users';

/**
 * The 2FA attempt limits (docs/contract.md section 6), for every code a user types as a second factor: TOTP,
 * e-mailed code, recovery code, on every endpoint that asks for one. 5 wrong codes end a pending session;
 * 10 wrong codes in 15 minutes lock the user's 2FA for 15 minutes.
 *
 * An attempt is counted BEFORE the code is compared, under a lock on the user, and the count is checked in
 * the same step: of 50 parallel guesses at most the limit get a comparison, the rest are refused without
 * one. A right code takes its count back afterwards, as the password sign-in does.
 */
export const TWO_FACTOR_LOCK: Limit = { bucket: 'two_factor_lock', max: 1, windowSeconds: 15 * 60 };

export interface AttemptInput {
  user: UserRow;
  ip: string | null;
  /** On the verification of a pending sign-in: the pending session, which ends at its fifth wrong code. */
  pending?: { session: Session; jar: CookieJar };
}

interface CountedAttempt {
  hits: number[];
  sessionKey: string | null;
}

/** Throws 429 RATE_LIMITED while the user's 2FA is locked. */
export async function assertNotLocked(deps: Deps, userId: string): Promise<void> {
  const lock = await limitState(deps, deps.db, TWO_FACTOR_LOCK, userId);
  if (lock.exceeded) throw refusedBy(deps, TWO_FACTOR_LOCK, lock.retryAfterSeconds);
}

async function endPendingSession(deps: Deps, pending: NonNullable<AttemptInput['pending']>): Promise<void> {
  await revokeSession(deps, pending.session);
  clearSession(pending.jar);
}

/**
 * Checks the limits and counts one attempt, in one transaction under the user's lock. Refuses with 429
 * while locked or when the user's failures already reach the limit (the lock row may still be on its way
 * from a parallel request), and with 401 when the pending session has used up its tries.
 */
async function countAttempt(deps: Deps, input: AttemptInput): Promise<CountedAttempt> {
  const userId = input.user.id;
  const sessionKey = input.pending ? sha256(input.pending.session.token) : null;
  const outcome = await deps.db.transaction(async (tx) => {
    await lockLimitKey(tx, LIMITS.twoFactorFailuresPerUser, userId);
    const lock = await limitState(deps, tx, TWO_FACTOR_LOCK, userId);
    if (lock.exceeded) return refusedBy(deps, TWO_FACTOR_LOCK, lock.retryAfterSeconds);
    const failures = await limitState(deps, tx, LIMITS.twoFactorFailuresPerUser, userId);
    if (failures.exceeded) return refusedBy(deps, LIMITS.twoFactorFailuresPerUser, TWO_FACTOR_LOCK.windowSeconds);
    if (sessionKey !== null && (await limitState(deps, tx, LIMITS.twoFactorFailuresPerSession, sessionKey)).exceeded) {
      return 'session_used_up' as const;
    }
    const hits = [await recordHit(deps, tx, LIMITS.twoFactorFailuresPerUser, userId)];
    if (sessionKey !== null) hits.push(await recordHit(deps, tx, LIMITS.twoFactorFailuresPerSession, sessionKey));
    return { hits, sessionKey };
  });
  if (outcome instanceof AppError) throw outcome;
  if (outcome === 'session_used_up') {
    await endPendingSession(deps, input.pending!);
    throw new AppError('NOT_AUTHENTICATED');
  }
  return outcome;
}

/**
 * The counted attempt was wrong: its count stays. At the user's tenth failure the lock starts (once, under
 * the user's lock); at the pending session's fifth it ends. The answer itself is always INVALID_CODE: the
 * consequences show on the next request.
 */
async function keepFailure(deps: Deps, input: AttemptInput, counted: CountedAttempt): Promise<never> {
  const userId = input.user.id;
  await deps.db.transaction(async (tx) => {
    await lockLimitKey(tx, LIMITS.twoFactorFailuresPerUser, userId);
    const failures = await limitState(deps, tx, LIMITS.twoFactorFailuresPerUser, userId);
    if (failures.exceeded && !(await limitState(deps, tx, TWO_FACTOR_LOCK, userId)).exceeded) {
      await recordHit(deps, tx, TWO_FACTOR_LOCK, userId);
      await audit(deps, tx, {
        action: 'two_factor.locked',
        subjectUserId: userId,
        ip: input.ip,
        details: { failures: failures.count, lockSeconds: TWO_FACTOR_LOCK.windowSeconds },
      });
    }
  });
  if (input.pending && counted.sessionKey !== null) {
    await audit(deps, deps.db, {
      action: 'auth.sign_in_failed',
      subjectUserId: userId,
      ip: input.ip,
      details: { reason: 'wrong_two_factor_code' },
    });
    if ((await limitState(deps, deps.db, LIMITS.twoFactorFailuresPerSession, counted.sessionKey)).exceeded) {
      await endPendingSession(deps, input.pending);
    }
  }
  throw new AppError('INVALID_CODE');
}

/**
 * Runs `compare` (which checks, and on success consumes, a code) as one counted attempt: counted first,
 * compared second, the count taken back when `compare` found the code right. Null from `compare` is a
 * wrong code: 400 INVALID_CODE, with the limits' consequences.
 */
export async function countedAttempt<T>(deps: Deps, input: AttemptInput, compare: () => Promise<T | null>): Promise<T> {
  const counted = await countAttempt(deps, input);
  const result = await compare();
  if (result === null) return keepFailure(deps, input, counted);
  for (const hit of counted.hits) await removeHit(deps.db, hit);
  return result;
}
