import { and, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { verification, type VERIFICATION_PURPOSES } from '../db/schema';
import type { Deps } from '../deps';
import { equalHashes, hashCode, randomDigits, randomToken, sha256 } from './tokens';
import { inTransaction, lockKey } from '../db/locks';

/**
 * One mechanism for every link and code the service mails (decision 0205): the sign-in link and code,
 * e-mailed 2FA and enrolment codes, address and merge confirmations, organization invitations.
 *
 * - Issue: a row keyed by purpose and target, holding the SHA-256 of a link token and a keyed hash of a
 *   code bound to the row; a new row voids the older open ones of the same purpose and target (newest only).
 * - Consume: one conditional UPDATE that only an open row passes, so of parallel uses one wins (single use).
 *   A code's attempt is counted before the comparison, in the statement that checks the count, so a burst
 *   of parallel guesses gets at most MAX_CODE_ATTEMPTS comparisons; the last wrong one voids the row.
 * - Expire: `expiresAt` is part of "open"; housekeeping deletes rows a day past it.
 */
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];
export type VerificationRow = typeof verification.$inferSelect;

/** docs/contract.md section 5: five wrong tries void a code (and the link it came with). */
export const MAX_CODE_ATTEMPTS = 5;

export interface IssuedVerification {
  id: string;
  /** 32 random bytes, URL-safe, when a link was asked for. */
  token: string | null;
  /** Six digits, when a code was asked for. */
  code: string | null;
}

/** Not consumed, not voided, not expired. */
export function isOpen(now: Date): SQL {
  return and(isNull(verification.consumedAt), isNull(verification.invalidatedAt), gt(verification.expiresAt, now))!;
}

export async function issueVerification(
  deps: Deps,
  db: Queryable,
  input: {
    purpose: VerificationPurpose;
    target: string;
    email: string;
    userId?: string | null;
    requestIp?: string | null;
    ttlSeconds: number;
    link: boolean;
    code: boolean;
  },
): Promise<IssuedVerification> {
  const now = deps.now();
  const id = crypto.randomUUID();
  const token = input.link ? randomToken() : null;
  const code = input.code ? randomDigits(6) : null;
  // Newest only, also for parallel requests: under the target's lock each one voids the one before it.
  await inTransaction(db, async (tx) => {
    await lockVerificationTarget(tx, input.purpose, input.target);
    await voidOpen(deps, tx, input.purpose, input.target);
    await tx.insert(verification).values({
      id,
      purpose: input.purpose,
      target: input.target,
      email: input.email,
      userId: input.userId ?? null,
      requestIp: input.requestIp ?? null,
      tokenHash: token ? sha256(token) : null,
      codeHash: code ? hashCode(deps.config.sessionSecret, id, code) : null,
      expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
      createdAt: now,
    });
  });
  return { id, token, code };
}

/**
 * Issuing a verification of one purpose and target waits for any other issuing it, until the transaction
 * ends. A caller that locks an open verification row before issuing (a resend) takes this lock first, in
 * the order `issueVerification` takes them, so two issuers cannot deadlock.
 */
export async function lockVerificationTarget(
  tx: Queryable,
  purpose: VerificationPurpose,
  target: string,
): Promise<void> {
  await lockKey(tx, `verification:${purpose}:${target}`);
}

/** Voids the open rows of a purpose and target (a newer one replaces them, or the mail never went out). */
export async function voidOpen(deps: Deps, db: Queryable, purpose: VerificationPurpose, target: string): Promise<void> {
  const now = deps.now();
  await db
    .update(verification)
    .set({ invalidatedAt: now })
    .where(
      and(
        eq(verification.purpose, purpose),
        eq(verification.target, target),
        isNull(verification.consumedAt),
        isNull(verification.invalidatedAt),
      ),
    );
}

export async function voidVerification(deps: Deps, db: Queryable, id: string): Promise<void> {
  await db.update(verification).set({ invalidatedAt: deps.now() }).where(eq(verification.id, id));
}

/** Consumes the row if it still is open: of parallel attempts, the database lets exactly one through. */
export async function consumeVerificationById(deps: Deps, db: Queryable, id: string): Promise<VerificationRow | null> {
  const [row] = await db
    .update(verification)
    .set({ consumedAt: deps.now() })
    .where(and(eq(verification.id, id), isOpen(deps.now())))
    .returning();
  return row ?? null;
}

/** The open row a link token belongs to, without consuming it (for callers that must lock something first). */
export async function findOpenByToken(
  deps: Deps,
  db: Queryable,
  input: { purpose: VerificationPurpose; token: string },
): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(verification)
    .where(
      and(eq(verification.tokenHash, sha256(input.token)), eq(verification.purpose, input.purpose), isOpen(deps.now())),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Consumes the row a link token belongs to, in one statement; null for unknown, used, voided, expired, or
 * (with `userId`) another user's alike. A token is 256 random bits: it is not guessed, so it has no counter.
 */
export async function consumeVerificationToken(
  deps: Deps,
  db: Queryable,
  input: { purpose: VerificationPurpose; token: string; userId?: string },
): Promise<VerificationRow | null> {
  const now = deps.now();
  const [row] = await db
    .update(verification)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verification.tokenHash, sha256(input.token)),
        eq(verification.purpose, input.purpose),
        input.userId === undefined ? undefined : eq(verification.userId, input.userId),
        isOpen(now),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Checks a typed code against the newest open row of a purpose and target. The attempt is counted first,
 * in one conditional UPDATE that passes only while fewer than MAX_CODE_ATTEMPTS were counted: parallel
 * UPDATEs of one row wait for each other and re-check the condition, so no burst gets more comparisons
 * than the limit. The last allowed wrong code voids the row; a right one consumes it (one of parallel wins).
 * A wrong code's count must be kept: a caller inside a transaction commits before it reports the failure.
 */
export async function consumeVerificationCode(
  deps: Deps,
  db: Queryable,
  input: { purpose: VerificationPurpose; target: string; code: string },
): Promise<VerificationRow | null> {
  const now = deps.now();
  const newest = db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.purpose, input.purpose), eq(verification.target, input.target), isOpen(now)))
    .orderBy(desc(verification.createdAt))
    .limit(1);
  const [counted] = await db
    .update(verification)
    .set({ attempts: sql`${verification.attempts} + 1` })
    .where(and(eq(verification.id, sql`(${newest})`), lt(verification.attempts, MAX_CODE_ATTEMPTS), isOpen(now)))
    .returning();
  if (!counted?.codeHash) return null;
  if (!equalHashes(counted.codeHash, hashCode(deps.config.sessionSecret, counted.id, input.code))) {
    if (counted.attempts >= MAX_CODE_ATTEMPTS) await voidVerification(deps, db, counted.id);
    return null;
  }
  return consumeVerificationById(deps, db, counted.id);
}
