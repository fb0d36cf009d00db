import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { emailChallenge } from '../db/schema';
import type { Deps } from '../deps';
import { equalHashes, hashCode, randomDigits, randomToken, sha256 } from './tokens';

/**
 * One mechanism for every e-mailed link or code other than the sign-in link: 2FA codes, e-mail 2FA
 * enrolment, adding an address, account merge. A new challenge voids the user's older open ones of the
 * same purpose; each is consumed at most once, atomically; a code dies after MAX_CODE_ATTEMPTS wrong tries.
 */
export type ChallengePurpose = (typeof emailChallenge.$inferSelect)['purpose'];
export type ChallengeRow = typeof emailChallenge.$inferSelect;

export const MAX_CODE_ATTEMPTS = 5;

export interface IssuedChallenge {
  id: string;
  /** 32 random bytes, URL-safe, when a link was asked for. */
  token: string | null;
  /** Six digits, when a code was asked for. */
  code: string | null;
}

/** Not consumed and not voided (expiry is checked where it matters, against the caller's clock). */
const unused = () => and(isNull(emailChallenge.consumedAt), isNull(emailChallenge.invalidatedAt));

/** The user's unused challenges of one purpose. */
const unusedOf = (userId: string, purpose: ChallengePurpose) =>
  and(eq(emailChallenge.userId, userId), eq(emailChallenge.purpose, purpose), unused());

export async function issueChallenge(
  deps: Deps,
  db: Queryable,
  input: { userId: string; purpose: ChallengePurpose; targetEmail: string; ttlSeconds: number; link: boolean; code: boolean },
): Promise<IssuedChallenge> {
  const now = deps.now();
  await db.update(emailChallenge).set({ invalidatedAt: now }).where(unusedOf(input.userId, input.purpose));
  const id = crypto.randomUUID();
  const token = input.link ? randomToken() : null;
  const code = input.code ? randomDigits(6) : null;
  await db.insert(emailChallenge).values({
    id,
    userId: input.userId,
    purpose: input.purpose,
    targetEmail: input.targetEmail,
    tokenHash: token ? sha256(token) : null,
    codeHash: code ? hashCode(deps.config.sessionSecret, id, code) : null,
    expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
    createdAt: now,
  });
  return { id, token, code };
}

/** Marks the challenge consumed if it still is open; false when another request got there first. */
async function consume(deps: Deps, db: Queryable, id: string): Promise<ChallengeRow | null> {
  const now = deps.now();
  const [row] = await db
    .update(emailChallenge)
    .set({ consumedAt: now })
    .where(and(eq(emailChallenge.id, id), unused(), gt(emailChallenge.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Consumes the challenge a link token belongs to; null for unknown, used, voided or expired alike. */
export async function consumeChallengeToken(
  deps: Deps,
  db: Queryable,
  input: { token: string; purpose: ChallengePurpose; userId?: string },
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(emailChallenge)
    .where(and(eq(emailChallenge.tokenHash, sha256(input.token)), eq(emailChallenge.purpose, input.purpose)))
    .limit(1);
  if (!row || (input.userId !== undefined && row.userId !== input.userId)) return null;
  return consume(deps, db, row.id);
}

/**
 * Checks a code against the user's newest open challenge of `purpose`. A wrong code counts an attempt and
 * voids the challenge at the limit; a right one consumes it (only one of parallel attempts wins).
 */
export async function consumeChallengeCode(
  deps: Deps,
  db: Queryable,
  input: { userId: string; purpose: ChallengePurpose; code: string },
): Promise<ChallengeRow | null> {
  const now = deps.now();
  const [row] = await db
    .select()
    .from(emailChallenge)
    .where(and(unusedOf(input.userId, input.purpose), gt(emailChallenge.expiresAt, now)))
    .orderBy(desc(emailChallenge.createdAt))
    .limit(1);
  if (!row?.codeHash) return null;
  if (!equalHashes(row.codeHash, hashCode(deps.config.sessionSecret, row.id, input.code))) {
    await db
      .update(emailChallenge)
      .set({
        attempts: sql`${emailChallenge.attempts} + 1`,
        invalidatedAt: sql`case when ${emailChallenge.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(eq(emailChallenge.id, row.id));
    return null;
  }
  return consume(deps, db, row.id);
}
