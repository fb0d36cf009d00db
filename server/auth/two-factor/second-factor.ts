import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { appUser } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { consumeRecoveryCode, isRecoveryCodeFormat } from '../recovery-codes';
import { matchTotpStep } from '../totp';
import type { UserRow } from '../users';
import { consumeVerificationCode } from '../verification';
import { countedAttempt, type AttemptInput } from './attempts';
import type { SecondFactor } from './policy';
import { totpBox } from './secret';

/**
 * Checking a code of the user's current method, or a recovery code: for the verification of a pending
 * sign-in, and wherever a signed-in user proves the second factor again (replacing or disabling the
 * method, new recovery codes). Every check is a counted attempt (./attempts.ts).
 */

/**
 * Takes step `step` as used, in one statement: only a step later than the last accepted one is taken, so
 * of parallel submissions of one code exactly one gets a row back, and a code is never accepted twice.
 */
async function claimTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(appUser)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(appUser.id, userId),
        eq(appUser.twoFactorMethod, 'totp'),
        or(isNull(appUser.totpLastStep), lt(appUser.totpLastStep, step)),
      ),
    )
    .returning({ id: appUser.id });
  return rows.length > 0;
}

async function matchesCurrentMethod(deps: Deps, user: UserRow, code: string): Promise<SecondFactor | null> {
  if (isRecoveryCodeFormat(code)) {
    if (user.twoFactorMethod === null) return null;
    return (await consumeRecoveryCode(deps, deps.db, user.id, code)) ? 'recovery_code' : null;
  }
  if (user.twoFactorMethod === 'totp' && user.totpSecret) {
    const secret = totpBox(deps).open(user.totpSecret, user.id);
    if (secret === null) {
      deps.logger.error({ userId: user.id }, 'stored TOTP secret does not decrypt (was SESSION_SECRET changed?)');
      return null;
    }
    const step = await matchTotpStep(secret, code, deps.now(), user.totpLastStep);
    return step !== null && (await claimTotpStep(deps.db, user.id, step)) ? 'totp' : null;
  }
  if (user.twoFactorMethod === 'email') {
    const row = await consumeVerificationCode(deps, deps.db, { purpose: 'two_factor', target: user.id, code });
    return row ? 'email' : null;
  }
  return null;
}

/** A code of the user's current method or a recovery code, as one counted attempt. */
export async function requireSecondFactor(deps: Deps, input: AttemptInput & { code: string }): Promise<SecondFactor> {
  return countedAttempt(deps, input, () => matchesCurrentMethod(deps, input.user, input.code));
}

/** Replacing a method needs a current code; enrolling the first one does not. */
export async function requireCurrentCodeIfEnrolled(
  deps: Deps,
  input: { user: UserRow; currentCode: string | undefined; ip: string | null },
): Promise<void> {
  if (input.user.twoFactorMethod === null) return;
  if (input.currentCode === undefined) {
    throw new AppError('INVALID_INPUT', {
      issues: [{ path: 'currentCode', key: 'errors.auth.currentMethodCode' }],
    });
  }
  await requireSecondFactor(deps, { user: input.user, code: input.currentCode, ip: input.ip });
}
