import type { Language } from '../../../shared/values';
import { mailLanguage } from '../../mail/language';
import type { SessionHolder } from '../../actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import {
  twoFactorChangedMail,
  twoFactorCodeMail,
  twoFactorSetupCodeMail,
  type TwoFactorChange,
} from '../../mail/templates/two-factor';
import { consumeLimit, consumeLimitIfUnder, handBackIfSendFails, LIMITS } from '../rate-limit';
import type { UserRow } from '../users';
import { issueVerification } from '../verification';
import { findPendingSetup, renewPendingSetup } from './pending-setup';

/** The mails of 2FA: e-mailed codes (a sign-in code, an enrolment code) and the security notices. */

/** docs/contract.md section 5: e-mailed codes live 10 minutes. */
export const EMAIL_CODE_SECONDS = 10 * 60;

type CodePurpose = 'two_factor' | 'two_factor_setup';

/**
 * Issues and mails a code (a verification keyed by the user: a new code voids the previous one); `counted`
 * is the mail-limit count for it, handed back if the mail cannot be sent.
 */
export async function mailCode(
  deps: Deps,
  user: UserRow,
  purpose: CodePurpose,
  counted: number,
  requestLanguage?: Language,
): Promise<void> {
  const issued = await issueVerification(deps, deps.db, {
    purpose,
    target: user.id,
    userId: user.id,
    email: user.email,
    ttlSeconds: EMAIL_CODE_SECONDS,
    link: false,
    code: true,
  });
  const minutes = EMAIL_CODE_SECONDS / 60;
  const language = mailLanguage(user.language, requestLanguage);
  const mail =
    purpose === 'two_factor'
      ? twoFactorCodeMail(user.email, issued.code!, minutes, language)
      : twoFactorSetupCodeMail(user.email, issued.code!, minutes, language);
  await handBackIfSendFails(deps.db, [counted], () => deps.mailer.send(mail));
}

/**
 * POST /auth/2fa/email/send. Which code is mailed follows from the session and the account:
 * - during an e-mail enrolment (full or must_enroll_2fa): a new enrolment code;
 * - pending_2fa, or a full session whose method is e-mail: a sign-in code, which is also the "current code"
 *   that replacing or disabling the method asks for.
 * Anything else has nothing to send: 409 CONFLICT. A new code voids the previous one.
 */
export async function sendEmailCode(deps: Deps, holder: Pick<SessionHolder, 'session' | 'language'>): Promise<void> {
  const { user, stage } = holder.session;
  let purpose: CodePurpose;
  const setup = stage === 'pending_2fa' ? null : await findPendingSetup(deps, user.id, 'email');
  if (setup) purpose = 'two_factor_setup';
  else if (stage !== 'must_enroll_2fa' && user.twoFactorMethod === 'email') purpose = 'two_factor';
  else throw new AppError('CONFLICT', { key: 'errors.auth.noCodeToSend' });

  const counted = await consumeLimit(deps, deps.db, LIMITS.mailsPerUser, user.id);
  if (setup) await renewPendingSetup(deps, user.id);
  await mailCode(deps, user, purpose, counted, holder.language);
}

/**
 * A primary sign-in of an account with e-mailed codes mails the first code without being asked, so every
 * client (the app, a REST client) finds it in the inbox. Over the mail limit nothing is sent and the sign-in
 * still succeeds: the pending screen offers "send a new code" (which then answers 429) and recovery codes.
 * The same when the mail cannot be sent: the sign-in is not lost over it.
 */
export async function mailCodeAtSignIn(deps: Deps, user: UserRow, requestLanguage?: Language): Promise<void> {
  if (user.twoFactorMethod !== 'email') return;
  const counted = await consumeLimitIfUnder(deps, deps.db, LIMITS.mailsPerUser, user.id);
  if (counted === null) return;
  try {
    await mailCode(deps, user, 'two_factor', counted, requestLanguage);
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, 'the sign-in code could not be mailed');
  }
}

/**
 * A security notice must not turn a completed change into an error: a failed send is logged instead. In the
 * account's language, else the request's.
 */
export async function notifyChange(
  deps: Deps,
  user: Pick<UserRow, 'email' | 'language'>,
  change: TwoFactorChange,
  requestLanguage?: Language,
): Promise<void> {
  try {
    const language = mailLanguage(user.language, requestLanguage);
    await deps.mailer.send(twoFactorChangedMail(user.email, change, deps.now(), language));
  } catch (error) {
    deps.logger.error({ err: error, change: change.kind }, 'two-factor notice not sent');
  }
}
