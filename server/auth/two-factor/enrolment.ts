import type { Language } from '../../../shared/values';
import { and, eq, isNull } from 'drizzle-orm';
import { auditOwn } from '../../audit';
import { appUser, twoFactorSetup } from '../../db/schema';
import type { SessionHolder } from '../../actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { announceSessionsEnded } from '../../realtime/channels';
import type { TwoFactorChange } from '../../mail/templates/two-factor';
import { assertUnderLimit, consumeLimit, LIMITS } from '../rate-limit';
import { replaceRecoveryCodes } from '../recovery-codes';
import { endAllSessions, startSession, type CookieJar, type Session, type SessionAnswer } from '../sessions';
import { matchTotpStep, newTotpSecret, totpProvisioningUri } from '../totp';
import { consumeVerificationCode } from '../verification';
import { assertNotLocked, countedAttempt } from './attempts';
import { mailCode, notifyChange } from './email';
import { findPendingSetup, savePendingSetup } from './pending-setup';
import type { TwoFactorMethod } from '../../../shared/values';
import { requireCurrentCodeIfEnrolled } from './second-factor';
import { totpBox } from './secret';

/**
 * Enrolling a method and replacing one (decision 0204): a setup is started, then confirmed with a code
 * from the new method; only the confirmation changes the account.
 */

/**
 * POST /auth/2fa/totp/setup: a new secret and its provisioning URI, kept (encrypted) as a pending setup.
 * The account does not change until the confirmation.
 */
export async function startTotpSetup(
  deps: Deps,
  holder: Pick<SessionHolder, 'session' | 'ip'>,
  input: { currentCode?: string | undefined } | undefined,
): Promise<{ secret: string; otpauthUri: string }> {
  const { user } = holder.session;
  await requireCurrentCodeIfEnrolled(deps, { user, currentCode: input?.currentCode, ip: holder.ip });
  const secret = newTotpSecret();
  await savePendingSetup(deps, user.id, 'totp', totpBox(deps).seal(secret, user.id));
  return { secret, otpauthUri: totpProvisioningUri(secret, user.email) };
}

/** POST /auth/2fa/email/setup: a pending e-mail setup and an enrolment code mailed to the primary address. */
export async function startEmailSetup(
  deps: Deps,
  holder: Pick<SessionHolder, 'session' | 'ip' | 'language'>,
  input: { currentCode?: string | undefined } | undefined,
): Promise<void> {
  const { user } = holder.session;
  // Checked before the code so that a refused mail does not waste the user's current code.
  await assertUnderLimit(deps, deps.db, LIMITS.mailsPerUser, user.id);
  await requireCurrentCodeIfEnrolled(deps, { user, currentCode: input?.currentCode, ip: holder.ip });
  const counted = await consumeLimit(deps, deps.db, LIMITS.mailsPerUser, user.id);
  await savePendingSetup(deps, user.id, 'email', null);
  await mailCode(deps, user, 'two_factor_setup', counted, holder.language);
}

export interface EnrolmentAnswer extends SessionAnswer {
  recoveryCodes: string[];
}

/**
 * The shared end of both confirmations: the pending setup is taken (one statement, so of parallel
 * confirmations one wins), the method set, recovery codes issued, and, when a method is replaced, every
 * other session ended. The caller gets a fresh full session either way.
 */
async function completeEnrolment(
  deps: Deps,
  input: {
    session: Session;
    jar: CookieJar;
    ip: string | null;
    language?: Language;
    method: TwoFactorMethod;
    setupSecret: string | null;
    totpStep: number | null;
  },
): Promise<EnrolmentAnswer> {
  const previous = input.session.user.twoFactorMethod;
  const userId = input.session.user.id;
  const outcome = await deps.db.transaction(async (tx) => {
    const taken = await tx
      .delete(twoFactorSetup)
      .where(
        and(
          eq(twoFactorSetup.userId, userId),
          eq(twoFactorSetup.method, input.method),
          input.setupSecret === null ? isNull(twoFactorSetup.secret) : eq(twoFactorSetup.secret, input.setupSecret),
        ),
      )
      .returning({ userId: twoFactorSetup.userId });
    if (taken.length === 0) return null;
    let [user] = await tx
      .update(appUser)
      .set({ twoFactorMethod: input.method, totpSecret: input.setupSecret, totpLastStep: input.totpStep })
      .where(eq(appUser.id, userId))
      .returning();
    if (!user) return null;
    const recoveryCodes = await replaceRecoveryCodes(deps, tx, userId);
    if (previous !== null) user = await endAllSessions(tx, userId);
    await auditOwn(deps, tx, userId, {
      action: 'two_factor.enabled',
      ip: input.ip,
      details: { method: input.method, replaced: previous },
    });
    return { user, recoveryCodes };
  });
  if (!outcome) throw new AppError('INVALID_CODE');
  if (previous !== null) announceSessionsEnded(deps, userId);
  const answer = await startSession(deps, input.jar, outcome.user, 'full');
  const change: TwoFactorChange =
    previous === null
      ? { kind: 'enabled', method: input.method }
      : { kind: 'replaced', from: previous, to: input.method };
  await notifyChange(deps, outcome.user, change, input.language);
  return { ...answer, recoveryCodes: outcome.recoveryCodes };
}

function noSetup(): AppError {
  return new AppError('CONFLICT', { key: 'errors.auth.restartEnrolment' });
}

/** A confirmation's opening: a locked account is refused first, then a confirmation with no setup started. */
async function setupToConfirm(deps: Deps, holder: SessionHolder, method: TwoFactorMethod) {
  const user = holder.session.user;
  await assertNotLocked(deps, user.id);
  const setup = await findPendingSetup(deps, user.id, method);
  if (!setup) throw noSetup();
  return { user, setup };
}

/** POST /auth/2fa/totp/confirm: a code from the new secret turns TOTP on (a counted attempt). */
export async function confirmTotpSetup(
  deps: Deps,
  holder: SessionHolder,
  input: { code: string },
): Promise<EnrolmentAnswer> {
  const { user, setup } = await setupToConfirm(deps, holder, 'totp');
  const secret = setup.secret ? totpBox(deps).open(setup.secret, user.id) : null;
  if (!setup.secret || secret === null) throw noSetup();
  const step = await countedAttempt(deps, { user, ip: holder.ip }, () => matchTotpStep(secret, input.code, deps.now()));
  return completeEnrolment(deps, { ...holder, method: 'totp', setupSecret: setup.secret, totpStep: step });
}

/** POST /auth/2fa/email/confirm: the mailed enrolment code turns e-mail codes on (a counted attempt). */
export async function confirmEmailSetup(
  deps: Deps,
  holder: SessionHolder,
  input: { code: string },
): Promise<EnrolmentAnswer> {
  const { user } = await setupToConfirm(deps, holder, 'email');
  await countedAttempt(deps, { user, ip: holder.ip }, () =>
    consumeVerificationCode(deps, deps.db, { purpose: 'two_factor_setup', target: user.id, code: input.code }),
  );
  return completeEnrolment(deps, { ...holder, method: 'email', setupSecret: null, totpStep: null });
}
