import { audit } from '../audit';
import type { Transaction } from '../db/client';
import { appUser } from '../db/schema';
import type { Visitor } from '../actor';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { signInMail } from '../mail/templates/sign-in';
import type { RequestLinkInput, VerifyLinkInput } from '../../shared/schemas/auth';

import { consumeLimit, handBackIfSendFails, LIMITS } from './rate-limit';
import type { SessionAnswer } from './sessions';
import { completePrimarySignIn } from './sign-in';
import { findUserByEmail, lockEmail, normalizeEmail, type UserRow } from './users';
import {
  consumeVerificationCode,
  consumeVerificationToken,
  findOpenByToken,
  issueVerification,
  voidVerification,
  type VerificationRow,
} from './verification';

/** docs/contract.md section 5: the link and its code live 15 minutes, one use, newest only. */
export const MAGIC_LINK_SECONDS = 15 * 60;

/** The page of the app that shows the "Logg inn" button; a mail scanner fetching it consumes nothing. */
export function signInLink(publicUrl: string, token: string): string {
  return `${publicUrl}/login/verify?token=${encodeURIComponent(token)}`;
}

// ---- Request ----

/**
 * Issues a sign-in link and code for an address and mails them. The address is never looked up: a known
 * and an unknown address take the same path, the same queries, the same mail (the first sign-in creates
 * the account), so neither the answer, nor its timing, nor the limits tell them apart. No user is created.
 *
 * Limits (docs/contract.md section 6), checked and counted under locks on the address and the IP so parallel
 * requests cannot slip past them: every request counts against its IP; a mail counts against the address
 * (60 s cooldown, and at most 5 mails per 10 minutes as for every mail-sending endpoint).
 */
export async function requestMagicLink(
  deps: Deps,
  origin: Pick<Visitor, 'ip' | 'language'>,
  input: RequestLinkInput,
): Promise<void> {
  const address = normalizeEmail(input.email);
  const issued = await deps.db.transaction(async (tx) => {
    await lockEmail(tx, address);
    await consumeLimit(deps, tx, LIMITS.magicLinkPerIp, origin.ip);
    const addressHits = [
      await consumeLimit(deps, tx, LIMITS.magicLinkPerAddress, address),
      await consumeLimit(deps, tx, LIMITS.mailsPerUser, `address:${address}`),
    ];

    // A new link makes every older unconsumed one for the address unusable (newest only).
    const { id, token, code } = await issueVerification(deps, tx, {
      purpose: 'sign_in',
      target: address,
      email: address,
      requestIp: origin.ip,
      ttlSeconds: MAGIC_LINK_SECONDS,
      link: true,
      code: true,
    });
    return { id, token: token!, code: code!, addressHits };
  });

  // If no mail goes out, the address's cooldown and mail budget are handed back so the user can try again
  // at once, and the undelivered link is void. The IP's count stays: the request was made.
  const mail = signInMail({
    to: address,
    link: signInLink(deps.config.publicUrl, issued.token),
    code: issued.code,
    validMinutes: MAGIC_LINK_SECONDS / 60,
    // The address is not looked up (its account's choice would tell that it exists): the request's language.
    language: origin.language ?? 'nb',
  });
  try {
    await handBackIfSendFails(deps.db, issued.addressHits, () => deps.mailer.send(mail));
  } catch (error) {
    await voidVerification(deps, deps.db, issued.id);
    throw error;
  }
}

// ---- Verify ----

/**
 * Consumes the link in one conditional UPDATE (server/auth/verification.ts). The address's lock is taken
 * first, as on every path that touches an address's links, so a token and a code used at the same moment
 * cannot deadlock.
 */
async function consumeByToken(deps: Deps, tx: Transaction, token: string): Promise<VerificationRow | null> {
  const open = await findOpenByToken(deps, tx, { purpose: 'sign_in', token });
  if (!open) return null;
  await lockEmail(tx, open.target);
  return consumeVerificationToken(deps, tx, { purpose: 'sign_in', token });
}

/**
 * Checks a typed code against the address's newest open link: the attempt is counted before the
 * comparison (server/auth/verification.ts), so parallel guesses get at most five tries per link; the
 * fifth wrong one voids the link itself too.
 */
async function consumeByCode(
  deps: Deps,
  tx: Transaction,
  email: string,
  code: string,
): Promise<VerificationRow | null> {
  const address = normalizeEmail(email);
  await lockEmail(tx, address);
  return consumeVerificationCode(deps, tx, { purpose: 'sign_in', target: address, code });
}

/**
 * The owner of the address (primary first, then secondary), or a new account for it: an account is created
 * only here, after a successful verification, under the address's lock so it is created once.
 */
async function userForVerifiedAddress(tx: Transaction, address: string): Promise<{ user: UserRow; created: boolean }> {
  await lockEmail(tx, address);
  const existing = await findUserByEmail(tx, address);
  if (existing) return { user: existing, created: false };
  const [user] = await tx.insert(appUser).values({ email: address }).returning();
  return { user: user!, created: true };
}

/**
 * Verifies a sign-in link (`{token}`) or its code (`{email, code}`) and starts the session. Unknown,
 * consumed, superseded, expired and (for codes) wrong all answer 400 INVALID_LINK. The consumption and the
 * account creation share one transaction: a failure in between leaves the link usable.
 */
export async function verifyMagicLink(deps: Deps, visitor: Visitor, input: VerifyLinkInput): Promise<SessionAnswer> {
  const outcome = await deps.db.transaction(async (tx) => {
    const link =
      input.kind === 'token'
        ? await consumeByToken(deps, tx, input.token)
        : await consumeByCode(deps, tx, input.email, input.code);
    // A wrong code's counted attempt must be kept: the transaction commits and the caller throws.
    if (!link) return null;
    return userForVerifiedAddress(tx, link.target);
  });

  if (!outcome) {
    await audit(deps, deps.db, {
      action: 'auth.sign_in_failed',
      ip: visitor.ip,
      details: { method: input.kind === 'token' ? 'magic_link' : 'magic_code' },
    });
    // A typed code is far more often mistyped than expired: the message says to check it first.
    throw new AppError('INVALID_LINK', input.kind === 'code' ? { key: 'errors.auth.wrongSignInCode' } : {});
  }
  return completePrimarySignIn(deps, visitor.jar, outcome.user, {
    ...visitor,
    method: input.kind === 'token' ? 'magic_link' : 'magic_code',
  });
}
