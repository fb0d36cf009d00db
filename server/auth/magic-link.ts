import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { audit } from '../audit';
import type { Transaction } from '../db/client';
import { appUser, magicLinkToken } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { signInMail } from '../mail/templates/sign-in';
import type { RequestLinkInput, VerifyLinkInput } from '../../shared/schemas/auth';
import { consumeLimit, handBackIfSendFails, LIMITS, lockLimitKey } from './rate-limit';
import type { CookieJar, SessionAnswer } from './sessions';
import { completePrimarySignIn, type RequestOrigin } from './sign-in';
import { equalHashes, hashCode, randomDigits, randomToken, sha256 } from './tokens';
import { findUserByEmail, lockEmail, normalizeEmail, type UserRow } from './users';

/** CONTRACT.md section 5: the link and its code live 15 minutes, one use, newest only. */
export const MAGIC_LINK_SECONDS = 15 * 60;
/** Wrong codes a link survives: at the fifth the link and its code are void (decision 0101). */
export const MAGIC_LINK_MAX_CODE_ATTEMPTS = 5;

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
 * Limits (CONTRACT.md section 6), checked and counted under locks on the address and the IP so parallel
 * requests cannot slip past them: every request counts against its IP; a mail counts against the address
 * (60 s cooldown, and at most 5 mails per 10 minutes as for every mail-sending endpoint).
 */
export async function requestMagicLink(deps: Deps, input: RequestLinkInput, origin: RequestOrigin): Promise<void> {
  const address = normalizeEmail(input.email);
  const now = deps.now();
  const issued = await deps.db.transaction(async (tx) => {
    await lockEmail(tx, address);
    await lockLimitKey(tx, LIMITS.magicLinkPerIp, origin.ip);
    await consumeLimit(deps, tx, LIMITS.magicLinkPerIp, origin.ip);
    const addressHits = [
      await consumeLimit(deps, tx, LIMITS.magicLinkPerAddress, address),
      await consumeLimit(deps, tx, LIMITS.mailsPerUser, `address:${address}`),
    ];

    // A new link makes every older unconsumed one for the address unusable.
    await tx
      .update(magicLinkToken)
      .set({ invalidatedAt: now })
      .where(and(eq(magicLinkToken.email, address), isNull(magicLinkToken.consumedAt), isNull(magicLinkToken.invalidatedAt)));
    const id = crypto.randomUUID();
    const token = randomToken();
    const code = randomDigits(6);
    await tx.insert(magicLinkToken).values({
      id,
      email: address,
      tokenHash: sha256(token),
      codeHash: hashCode(deps.config.sessionSecret, id, code),
      requestIp: origin.ip,
      expiresAt: new Date(now.getTime() + MAGIC_LINK_SECONDS * 1000),
      createdAt: now,
    });
    return { id, token, code, addressHits };
  });

  // If no mail goes out, the address's cooldown and mail budget are handed back so the user can try again
  // at once, and the undelivered link is void. The IP's count stays: the request was made.
  const mail = signInMail({
    to: address,
    link: signInLink(deps.config.publicUrl, issued.token),
    code: issued.code,
    validMinutes: MAGIC_LINK_SECONDS / 60,
  });
  try {
    await handBackIfSendFails(deps.db, issued.addressHits, () => deps.mailer.send(mail));
  } catch (error) {
    await deps.db.update(magicLinkToken).set({ invalidatedAt: deps.now() }).where(eq(magicLinkToken.id, issued.id));
    throw error;
  }
}

// ---- Verify ----

type LinkRow = typeof magicLinkToken.$inferSelect;

/** Open = not consumed, not superseded or voided, not expired. */
function isOpen(now: Date) {
  return and(isNull(magicLinkToken.consumedAt), isNull(magicLinkToken.invalidatedAt), gt(magicLinkToken.expiresAt, now));
}

/**
 * Consumes the link in one conditional UPDATE: of parallel attempts with one token, the database lets
 * exactly one see the row still open. The address's lock is taken first, as on every path that touches an
 * address's links, so a token and a code used at the same moment cannot deadlock.
 */
async function consumeByToken(tx: Transaction, token: string, now: Date): Promise<LinkRow | null> {
  const tokenHash = sha256(token);
  const [known] = await tx.select({ email: magicLinkToken.email }).from(magicLinkToken).where(eq(magicLinkToken.tokenHash, tokenHash));
  if (!known) return null;
  await lockEmail(tx, known.email);
  const [row] = await tx
    .update(magicLinkToken)
    .set({ consumedAt: now })
    .where(and(eq(magicLinkToken.tokenHash, tokenHash), isOpen(now)))
    .returning();
  return row ?? null;
}

/**
 * Checks a typed code against the address's open link. The attempt is counted before the comparison, in
 * the same statement that checks the count, so even parallel guesses get at most five tries per link; a
 * fifth wrong one voids the link itself too. Runs under the address's lock.
 */
async function consumeByCode(deps: Deps, tx: Transaction, email: string, code: string, now: Date): Promise<LinkRow | null> {
  const address = normalizeEmail(email);
  await lockEmail(tx, address);
  const [open] = await tx
    .select({ id: magicLinkToken.id })
    .from(magicLinkToken)
    .where(and(eq(magicLinkToken.email, address), isOpen(now)))
    .orderBy(desc(magicLinkToken.createdAt))
    .limit(1);
  if (!open) return null;
  const [counted] = await tx
    .update(magicLinkToken)
    .set({ codeAttempts: sql`${magicLinkToken.codeAttempts} + 1` })
    .where(and(eq(magicLinkToken.id, open.id), lt(magicLinkToken.codeAttempts, MAGIC_LINK_MAX_CODE_ATTEMPTS), isOpen(now)))
    .returning();
  if (!counted) return null;
  if (!equalHashes(counted.codeHash, hashCode(deps.config.sessionSecret, counted.id, code))) {
    if (counted.codeAttempts >= MAGIC_LINK_MAX_CODE_ATTEMPTS) {
      await tx.update(magicLinkToken).set({ invalidatedAt: now }).where(eq(magicLinkToken.id, counted.id));
    }
    return null;
  }
  const [consumed] = await tx
    .update(magicLinkToken)
    .set({ consumedAt: now })
    .where(and(eq(magicLinkToken.id, counted.id), isOpen(now)))
    .returning();
  return consumed ?? null;
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
export async function verifyMagicLink(
  deps: Deps,
  jar: CookieJar,
  input: VerifyLinkInput,
  origin: RequestOrigin,
): Promise<SessionAnswer> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const link =
      input.kind === 'token' ? await consumeByToken(tx, input.token, now) : await consumeByCode(deps, tx, input.email, input.code, now);
    // A wrong code's counted attempt must be kept: the transaction commits and the caller throws.
    if (!link) return null;
    return userForVerifiedAddress(tx, link.email);
  });

  if (!outcome) {
    await audit(deps, deps.db, {
      action: 'auth.sign_in_failed',
      ip: origin.ip,
      details: { method: input.kind === 'token' ? 'magic_link' : 'magic_code' },
    });
    throw new AppError('INVALID_LINK');
  }
  return completePrimarySignIn(deps, jar, outcome.user, {
    ...origin,
    method: input.kind === 'token' ? 'magic_link' : 'magic_code',
  });
}
