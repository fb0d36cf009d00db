import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { appUser, twoFactorSetup } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { audit } from '../audit';
import {
  twoFactorChangedMail,
  twoFactorCodeMail,
  twoFactorSetupCodeMail,
  type TwoFactorChange,
} from '../mail/templates/two-factor';
import { secretBox } from './crypto';
import { consumeChallengeCode, issueChallenge } from './email-challenge';
import { assertUnderLimit, consumeLimit, handBackIfSendFails, limitState, recordHit, LIMITS, type Limit } from './rate-limit';
import { consumeRecoveryCode, deleteRecoveryCodes, isRecoveryCodeFormat, replaceRecoveryCodes } from './recovery-codes';
import {
  clearSession,
  endAllSessions,
  isOwnerOrAdminAnywhere,
  revokeSession,
  startSession,
  type CookieJar,
  type Session,
  type SessionAnswer,
} from './sessions';
import { sha256 } from './tokens';
import { matchTotpStep, newTotpSecret, totpProvisioningUri } from './totp';
import type { UserRow } from './users';

/**
 * Two-factor authentication (SPEC.md section 5, CONTRACT.md sections 4 to 6): verifying a pending sign-in,
 * enrolling and replacing a method, disabling it, and recovery codes. docs/two-factor.md explains the
 * threat model and where each defence is tested.
 */
export type TwoFactorMethod = 'totp' | 'email';
/** What proved the second factor: a method's code or a recovery code. */
export type SecondFactor = TwoFactorMethod | 'recovery_code';

/** CONTRACT.md section 5: e-mailed codes live 10 minutes. */
export const EMAIL_CODE_SECONDS = 10 * 60;
/** An enrolment started but not confirmed is forgotten after 15 minutes. */
export const SETUP_SECONDS = 15 * 60;
/**
 * CONTRACT.md section 6: the tenth wrong code within 15 minutes locks the user's 2FA for 15 minutes,
 * counted from that tenth failure (a lock row; the failures' own sliding window would reopen sooner).
 */
export const TWO_FACTOR_LOCK: Limit = { bucket: 'two_factor_lock', max: 1, windowSeconds: 15 * 60 };

const TOTP_SECRET_PURPOSE = 'totp-secret';

function totpBox(deps: Deps) {
  return secretBox(deps.config.sessionSecret, TOTP_SECRET_PURPOSE);
}

// ---- Attempt limits ----

async function assertNotLocked(deps: Deps, userId: string): Promise<void> {
  await assertUnderLimit(deps, deps.db, TWO_FACTOR_LOCK, userId);
}

/**
 * Counts a wrong code and throws INVALID_CODE. Every wrong code counts against the user (10 in 15 minutes
 * lock 2FA); on the verification endpoint it also counts against the pending session, which ends at the
 * fifth (the cookie is cleared; the token is refused from then on). The failing answer itself is always
 * INVALID_CODE: the consequences show on the next request.
 */
async function wrongCode(
  deps: Deps,
  input: { user: UserRow; ip: string | null; pending?: { session: Session; jar: CookieJar } },
): Promise<never> {
  const userId = input.user.id;
  await recordHit(deps, deps.db, LIMITS.twoFactorFailuresPerUser, userId);
  const userFailures = await limitState(deps, deps.db, LIMITS.twoFactorFailuresPerUser, userId);
  if (userFailures.exceeded && !(await limitState(deps, deps.db, TWO_FACTOR_LOCK, userId)).exceeded) {
    await recordHit(deps, deps.db, TWO_FACTOR_LOCK, userId);
    await audit(deps, deps.db, {
      action: 'two_factor.locked',
      subjectUserId: userId,
      ip: input.ip,
      details: { failures: userFailures.count, lockSeconds: TWO_FACTOR_LOCK.windowSeconds },
    });
  }
  if (input.pending) {
    const key = sha256(input.pending.session.token);
    await recordHit(deps, deps.db, LIMITS.twoFactorFailuresPerSession, key);
    await audit(deps, deps.db, {
      action: 'auth.sign_in_failed',
      subjectUserId: userId,
      ip: input.ip,
      details: { reason: 'wrong_two_factor_code' },
    });
    if ((await limitState(deps, deps.db, LIMITS.twoFactorFailuresPerSession, key)).exceeded) {
      await revokeSession(deps, input.pending.session);
      clearSession(input.pending.jar);
    }
  }
  throw new AppError('INVALID_CODE');
}

// ---- Checking a code of the user's current method ----

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
    const challenge = await consumeChallengeCode(deps, deps.db, { userId: user.id, purpose: 'two_factor', code });
    return challenge ? 'email' : null;
  }
  return null;
}

/** A code of the user's current method or a recovery code, under the lock and the attempt limits. */
async function requireSecondFactor(
  deps: Deps,
  input: { user: UserRow; code: string; ip: string | null; pending?: { session: Session; jar: CookieJar } },
): Promise<SecondFactor> {
  await assertNotLocked(deps, input.user.id);
  const factor = await matchesCurrentMethod(deps, input.user, input.code);
  if (factor === null) return wrongCode(deps, input);
  return factor;
}

/** Replacing a method needs a current code; enrolling the first one does not. */
async function requireCurrentCodeIfEnrolled(
  deps: Deps,
  input: { user: UserRow; currentCode: string | undefined; ip: string | null },
): Promise<void> {
  if (input.user.twoFactorMethod === null) return;
  if (input.currentCode === undefined) {
    throw new AppError('INVALID_INPUT', {
      issues: [{ path: 'currentCode', message: 'Oppgi en kode fra metoden du bruker i dag, eller en gjenopprettingskode.' }],
    });
  }
  await requireSecondFactor(deps, { user: input.user, code: input.currentCode, ip: input.ip });
}

// ---- Verification of a pending sign-in ----

/** POST /auth/2fa/verify: a pending session plus a right code becomes a full session. */
export async function verifyPendingSignIn(
  deps: Deps,
  input: { session: Session; jar: CookieJar; code: string; ip: string | null },
): Promise<SessionAnswer> {
  const { session, jar } = input;
  const factor = await requireSecondFactor(deps, { user: session.user, code: input.code, ip: input.ip, pending: { session, jar } });
  // The pending token has done its job; a copy of it must not be good for another try.
  await revokeSession(deps, session);
  await audit(deps, deps.db, {
    action: 'auth.sign_in',
    actorUserId: session.user.id,
    subjectUserId: session.user.id,
    ip: input.ip,
    details: { secondFactor: factor },
  });
  return startSession(deps, jar, session.user, 'full');
}

// ---- E-mailed codes ----

async function pendingSetup(deps: Deps, userId: string, method: TwoFactorMethod) {
  const [row] = await deps.db
    .select()
    .from(twoFactorSetup)
    .where(and(eq(twoFactorSetup.userId, userId), eq(twoFactorSetup.method, method), gt(twoFactorSetup.expiresAt, deps.now())))
    .limit(1);
  return row ?? null;
}

/** Issues and mails a code; `counted` is the mail-limit count for it, handed back if the mail cannot be sent. */
async function mailCode(deps: Deps, user: UserRow, purpose: 'two_factor' | 'two_factor_setup', counted: number): Promise<void> {
  const challenge = await issueChallenge(deps, deps.db, {
    userId: user.id,
    purpose,
    targetEmail: user.email,
    ttlSeconds: EMAIL_CODE_SECONDS,
    link: false,
    code: true,
  });
  const minutes = EMAIL_CODE_SECONDS / 60;
  const mail =
    purpose === 'two_factor'
      ? twoFactorCodeMail(user.email, challenge.code!, minutes)
      : twoFactorSetupCodeMail(user.email, challenge.code!, minutes);
  await handBackIfSendFails(deps.db, [counted], () => deps.mailer.send(mail));
}

/**
 * POST /auth/2fa/email/send. Which code is mailed follows from the session and the account:
 * - during an e-mail enrolment (full or must_enroll_2fa): a new enrolment code;
 * - pending_2fa, or a full session whose method is e-mail: a sign-in code, which is also the "current code"
 *   that replacing or disabling the method asks for.
 * Anything else has nothing to send: 409 CONFLICT. A new code voids the previous one.
 */
export async function sendEmailCode(deps: Deps, input: { session: Session }): Promise<void> {
  const { user, stage } = input.session;
  let purpose: 'two_factor' | 'two_factor_setup';
  const setup = stage === 'pending_2fa' ? null : await pendingSetup(deps, user.id, 'email');
  if (setup) purpose = 'two_factor_setup';
  else if (stage !== 'must_enroll_2fa' && user.twoFactorMethod === 'email') purpose = 'two_factor';
  else throw new AppError('CONFLICT', { message: 'Det er ingen kode å sende på e-post nå.' });

  const counted = await consumeLimit(deps, deps.db, LIMITS.mailsPerUser, user.id);
  if (setup) {
    await deps.db
      .update(twoFactorSetup)
      .set({ expiresAt: new Date(deps.now().getTime() + SETUP_SECONDS * 1000) })
      .where(eq(twoFactorSetup.userId, user.id));
  }
  await mailCode(deps, user, purpose, counted);
}

/**
 * A primary sign-in of an account with e-mailed codes mails the first code without being asked, so every
 * client (the app, a REST client) finds it in the inbox. Over the mail limit nothing is sent and the sign-in
 * still succeeds: the pending screen offers "send a new code" (which then answers 429) and recovery codes.
 * The same when the mail cannot be sent: the sign-in is not lost over it.
 */
export async function mailCodeAtSignIn(deps: Deps, user: UserRow): Promise<void> {
  if (user.twoFactorMethod !== 'email') return;
  if ((await limitState(deps, deps.db, LIMITS.mailsPerUser, user.id)).exceeded) return;
  const counted = await recordHit(deps, deps.db, LIMITS.mailsPerUser, user.id);
  try {
    await mailCode(deps, user, 'two_factor', counted);
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, 'the sign-in code could not be mailed');
  }
}

// ---- Enrolment ----

/**
 * POST /auth/2fa/totp/setup: a new secret and its provisioning URI, kept (encrypted) as a pending setup.
 * The account does not change until the confirmation.
 */
export async function startTotpSetup(
  deps: Deps,
  input: { user: UserRow; currentCode: string | undefined; ip: string | null },
): Promise<{ secret: string; otpauthUri: string }> {
  await requireCurrentCodeIfEnrolled(deps, input);
  const secret = newTotpSecret();
  const row = {
    method: 'totp' as const,
    secret: totpBox(deps).seal(secret, input.user.id),
    expiresAt: new Date(deps.now().getTime() + SETUP_SECONDS * 1000),
  };
  await deps.db
    .insert(twoFactorSetup)
    .values({ userId: input.user.id, ...row })
    .onConflictDoUpdate({ target: twoFactorSetup.userId, set: row });
  return { secret, otpauthUri: totpProvisioningUri(secret, input.user.email) };
}

/** POST /auth/2fa/email/setup: a pending e-mail setup and an enrolment code mailed to the primary address. */
export async function startEmailSetup(
  deps: Deps,
  input: { user: UserRow; currentCode: string | undefined; ip: string | null },
): Promise<void> {
  // Checked before the code so that a refused mail does not waste the user's current code.
  await assertUnderLimit(deps, deps.db, LIMITS.mailsPerUser, input.user.id);
  await requireCurrentCodeIfEnrolled(deps, input);
  const counted = await recordHit(deps, deps.db, LIMITS.mailsPerUser, input.user.id);
  const row = { method: 'email' as const, secret: null, expiresAt: new Date(deps.now().getTime() + SETUP_SECONDS * 1000) };
  await deps.db
    .insert(twoFactorSetup)
    .values({ userId: input.user.id, ...row })
    .onConflictDoUpdate({ target: twoFactorSetup.userId, set: row });
  await mailCode(deps, input.user, 'two_factor_setup', counted);
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
    await audit(deps, tx, {
      action: 'two_factor.enabled',
      actorUserId: userId,
      subjectUserId: userId,
      ip: input.ip,
      details: { method: input.method, replaced: previous },
    });
    return { user, recoveryCodes };
  });
  if (!outcome) throw new AppError('INVALID_CODE');
  const answer = await startSession(deps, input.jar, outcome.user, 'full');
  const change: TwoFactorChange =
    previous === null ? { kind: 'enabled', method: input.method } : { kind: 'replaced', from: previous, to: input.method };
  await notify(deps, outcome.user.email, change);
  return { ...answer, recoveryCodes: outcome.recoveryCodes };
}

function noSetup(): AppError {
  return new AppError('CONFLICT', { message: 'Start oppsettet av tofaktorautentisering på nytt.' });
}

/** POST /auth/2fa/totp/confirm: a code from the new secret turns TOTP on. */
export async function confirmTotpSetup(
  deps: Deps,
  input: { session: Session; jar: CookieJar; code: string; ip: string | null },
): Promise<EnrolmentAnswer> {
  const user = input.session.user;
  await assertNotLocked(deps, user.id);
  const setup = await pendingSetup(deps, user.id, 'totp');
  const secret = setup?.secret ? totpBox(deps).open(setup.secret, user.id) : null;
  if (!setup?.secret || secret === null) throw noSetup();
  const step = await matchTotpStep(secret, input.code, deps.now());
  if (step === null) return wrongCode(deps, { user, ip: input.ip });
  return completeEnrolment(deps, { ...input, method: 'totp', setupSecret: setup.secret, totpStep: step });
}

/** POST /auth/2fa/email/confirm: the mailed enrolment code turns e-mail codes on. */
export async function confirmEmailSetup(
  deps: Deps,
  input: { session: Session; jar: CookieJar; code: string; ip: string | null },
): Promise<EnrolmentAnswer> {
  const user = input.session.user;
  await assertNotLocked(deps, user.id);
  if (!(await pendingSetup(deps, user.id, 'email'))) throw noSetup();
  const challenge = await consumeChallengeCode(deps, deps.db, { userId: user.id, purpose: 'two_factor_setup', code: input.code });
  if (!challenge) return wrongCode(deps, { user, ip: input.ip });
  return completeEnrolment(deps, { ...input, method: 'email', setupSecret: null, totpStep: null });
}

// ---- Disabling and recovery codes ----

/**
 * POST /auth/2fa/disable. An owner or admin of any organization must keep 2FA (403 TWO_FACTOR_REQUIRED,
 * checked first so a refused request does not use up the code).
 */
export async function disableTwoFactor(
  deps: Deps,
  input: { session: Session; jar: CookieJar; code: string; ip: string | null },
): Promise<void> {
  const user = input.session.user;
  const method = user.twoFactorMethod;
  if (method === null) throw new AppError('CONFLICT', { message: 'Tofaktorautentisering er ikke slått på.' });
  if (await isOwnerOrAdminAnywhere(deps.db, user.id)) throw new AppError('TWO_FACTOR_REQUIRED');
  await requireSecondFactor(deps, { user, code: input.code, ip: input.ip });
  const updated = await deps.db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({ twoFactorMethod: null, totpSecret: null, totpLastStep: null })
      .where(eq(appUser.id, user.id));
    await deleteRecoveryCodes(tx, user.id);
    await tx.delete(twoFactorSetup).where(eq(twoFactorSetup.userId, user.id));
    await audit(deps, tx, {
      action: 'two_factor.disabled',
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: input.ip,
      details: { method },
    });
    return endAllSessions(tx, user.id);
  });
  await startSession(deps, input.jar, updated, 'full');
  await notify(deps, updated.email, { kind: 'disabled', method });
}

/** POST /auth/2fa/recovery-codes: a new set of ten; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  input: { user: UserRow; code: string; ip: string | null },
): Promise<{ recoveryCodes: string[] }> {
  if (input.user.twoFactorMethod === null) {
    throw new AppError('CONFLICT', { message: 'Tofaktorautentisering er ikke slått på.' });
  }
  await requireSecondFactor(deps, input);
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(deps, tx, input.user.id);
    await audit(deps, tx, {
      action: 'two_factor.recovery_codes_regenerated',
      actorUserId: input.user.id,
      subjectUserId: input.user.id,
      ip: input.ip,
    });
    return codes;
  });
  return { recoveryCodes };
}

/** A security notice must not turn a completed change into an error: a failed send is logged instead. */
async function notify(deps: Deps, to: string, change: TwoFactorChange): Promise<void> {
  try {
    await deps.mailer.send(twoFactorChangedMail(to, change, deps.now()));
  } catch (error) {
    deps.logger.error({ err: error, change: change.kind }, 'two-factor notice not sent');
  }
}
