import type { Actor } from '../actor';
import { consumeLimit, handBackIfSendFails, LIMITS } from '../auth/rate-limit';
import {
  consumeVerificationCode,
  consumeVerificationToken,
  issueVerification,
  type VerificationRow,
} from '../auth/verification';
import { lockEmail, normalizeEmail } from '../auth/users';
import type { Queryable, Transaction } from '../db/client';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { mailLanguage } from '../mail/language';
import type { MailMessage } from '../mail/mailer';
import type { addEmailMail } from '../mail/templates/account';

/** Adding an address and merging an account: the mailed link and code live 30 minutes, one use. */
export const CONFIRMATION_SECONDS = 30 * 60;
export const CONFIRMATION_MINUTES = CONFIRMATION_SECONDS / 60;

export type Confirmation = { token: string } | { code: string };
type Purpose = 'add_email' | 'merge';

/**
 * Counts one mail-sending request against the user's mail limit (docs/contract.md section 6). Counted before
 * the address is looked at, so the 409 and 404 answers that tell whether an address has an account cannot
 * be probed faster than mails can be sent.
 */
export async function countMailRequest(deps: Deps, userId: string): Promise<number> {
  return consumeLimit(deps, deps.db, LIMITS.mailsPerUser, userId);
}

export async function issueConfirmation(
  deps: Deps,
  input: { userId: string; purpose: Purpose; targetEmail: string },
): Promise<{ token: string; code: string }> {
  const issued = await issueVerification(deps, deps.db, {
    purpose: input.purpose,
    target: input.userId,
    userId: input.userId,
    email: input.targetEmail,
    ttlSeconds: CONFIRMATION_SECONDS,
    link: true,
    code: true,
  });
  return { token: issued.token!, code: issued.code! };
}

/** What both confirmation mails say (the add-address and the merge mail take the same): the address asked
 * for, the account asking, its link and code. */
export type ConfirmationMail = Parameters<typeof addEmailMail>[0];

/**
 * Both requests of a confirmation (adding an address, merging an account), in the order that keeps addresses
 * from being probed: the request counted against the mail limit first, then the address normalised and handed
 * to `refuse` (which throws the request's 409 or 404), then a confirmation of it issued to the actor (a link and
 * a code, 30 minutes, one use) and mailed. A mail that cannot be sent gives the counted request back; a refused
 * address keeps it counted.
 */
export async function mailConfirmation(
  deps: Deps,
  actor: Pick<Actor, 'user' | 'language'>,
  input: {
    purpose: Purpose;
    email: string;
    refuse: (address: string) => Promise<void>;
    link: (token: string) => string;
    mail: (message: ConfirmationMail) => MailMessage;
  },
): Promise<{ ok: true }> {
  const counted = await countMailRequest(deps, actor.user.id);
  const address = normalizeEmail(input.email);
  await input.refuse(address);
  const { token, code } = await issueConfirmation(deps, {
    userId: actor.user.id,
    purpose: input.purpose,
    targetEmail: address,
  });
  const mail = input.mail({
    to: address,
    accountEmail: actor.user.email,
    link: input.link(token),
    code,
    minutes: CONFIRMATION_MINUTES,
    language: mailLanguage(actor.user.language, actor.language),
  });
  await handBackIfSendFails(deps.db, [counted], () => deps.mailer.send(mail));
  return { ok: true };
}

/**
 * Consumes the user's open confirmation by link token or code (server/auth/verification.ts); `email` of the
 * row is the address confirmed. A wrong code counts an attempt, which must stay counted, so the caller
 * commits before throwing the error returned here.
 */
export async function consumeConfirmation(
  deps: Deps,
  db: Queryable,
  input: { userId: string; purpose: Purpose; confirmation: Confirmation },
): Promise<VerificationRow | AppError> {
  const { confirmation } = input;
  if ('token' in confirmation) {
    const row = await consumeVerificationToken(deps, db, {
      token: confirmation.token,
      purpose: input.purpose,
      userId: input.userId,
    });
    return row ?? new AppError('INVALID_LINK');
  }
  const row = await consumeVerificationCode(deps, db, {
    target: input.userId,
    purpose: input.purpose,
    code: confirmation.code,
  });
  return row ?? new AppError('INVALID_CODE');
}

/**
 * Both confirmations' one transaction: the confirmation consumed, the confirmed address locked, then `work`
 * with it. A wrong link or code is returned out of the transaction, not thrown, so its counted attempt is
 * committed, and thrown after; any failure of `work` rolls everything back, the link included.
 */
export async function withConfirmedAddress<T>(
  deps: Deps,
  input: { userId: string; purpose: Purpose; confirmation: Confirmation },
  work: (tx: Transaction, address: string) => Promise<T>,
): Promise<T> {
  const outcome = await deps.db.transaction(async (tx) => {
    const challenge = await consumeConfirmation(deps, tx, input);
    if (challenge instanceof AppError) return { refused: challenge };
    await lockEmail(tx, challenge.email);
    return { done: await work(tx, challenge.email) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.done;
}
