import { createHmac } from 'node:crypto';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rateLimitHit } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { inTransaction, lockKey } from '../db/locks';

/**
 * Sliding-window limits held in the database, so they hold across server instances (docs/contract.md
 * section 6). A limit counts rows of (bucket, key) newer than the window.
 */
export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  magicLinkPerAddress: { bucket: 'magic_link_address', max: 1, windowSeconds: 60 },
  magicLinkPerIp: { bucket: 'magic_link_ip', max: 100, windowSeconds: 3600 },
  passwordFailuresPerAccount: { bucket: 'password_fail_account', max: 5, windowSeconds: 15 * 60 },
  passwordFailuresPerIp: { bucket: 'password_fail_ip', max: 20, windowSeconds: 15 * 60 },
  twoFactorFailuresPerSession: { bucket: 'two_factor_fail_session', max: 5, windowSeconds: 5 * 60 },
  twoFactorFailuresPerUser: { bucket: 'two_factor_fail_user', max: 10, windowSeconds: 15 * 60 },
  mailsPerUser: { bucket: 'mail_user', max: 5, windowSeconds: 10 * 60 },
  // Decision 0106: the data export reads everything of the user; a few a day is plenty for a person.
  accountExportsPerUser: { bucket: 'account_export', max: 5, windowSeconds: 60 * 60 },
  // The join page reads an invitation by its token before accepting it (docs/organizations.md): a person
  // opens their link a few times; more than this in ten minutes is someone probing tokens.
  invitationReadsPerUser: { bucket: 'invitation_read', max: 20, windowSeconds: 10 * 60 },
  // Accepting by link: tokens no invitation was ever mailed with, counted as password failures are. A person
  // pastes a link cut short a few times; as many as the page's reads in ten minutes is someone guessing.
  invitationGuessesPerUser: { bucket: 'invitation_guess', max: 20, windowSeconds: 10 * 60 },
  // docs/contract.md section 6: new chat messages per user per organization (edits and deletes do not count).
  chatMessagesPerMember: { bucket: 'chat_message', max: 20, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

/**
 * What the table keeps of a key: a keyed hash, never the key. Keys are addresses, account ids and client
 * addresses; an address kept as itself would outlive its account's deletion for the whole window, and a dump
 * of the table would list who asked for sign-in links. The same key always hashes to the same stored key,
 * so the limits hold exactly as before (across a deletion too), on every instance sharing SESSION_SECRET.
 */
export function storedLimitKey(deps: Pick<Deps, 'config'>, limit: Limit, key: string): string {
  return createHmac('sha256', deps.config.sessionSecret)
    .update(`rate-limit\0${limit.bucket}\0${key}`)
    .digest('base64url');
}

export interface LimitState {
  count: number;
  /** Seconds until the oldest counted event leaves the window (0 when under the limit). */
  retryAfterSeconds: number;
  exceeded: boolean;
}

export async function limitState(deps: Deps, db: Queryable, limit: Limit, key: string): Promise<LimitState> {
  const now = deps.now();
  const since = new Date(now.getTime() - limit.windowSeconds * 1000);
  const where = and(
    eq(rateLimitHit.bucket, limit.bucket),
    eq(rateLimitHit.key, storedLimitKey(deps, limit, key)),
    gt(rateLimitHit.at, since),
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(rateLimitHit).where(where);
  if (n < limit.max) return { count: n, retryAfterSeconds: 0, exceeded: false };
  // The window reopens when enough of the oldest events have aged out to drop below the limit.
  const [oldest] = await db
    .select({ at: rateLimitHit.at })
    .from(rateLimitHit)
    .where(where)
    .orderBy(asc(rateLimitHit.at))
    .offset(n - limit.max)
    .limit(1);
  const reopensAt = (oldest?.at.getTime() ?? now.getTime()) + limit.windowSeconds * 1000;
  return { count: n, retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)), exceeded: true };
}

/** The 429 of a limit, counted in the metrics by the limit's name (never its key). */
export function refusedBy(deps: Pick<Deps, 'metrics'>, limit: Limit, retryAfterSeconds: number): AppError {
  deps.metrics?.rateLimited(limit.bucket);
  return new AppError('RATE_LIMITED', { retryAfterSeconds });
}

/** Throws 429 RATE_LIMITED (with Retry-After) when the limit is already reached. */
export async function assertUnderLimit(deps: Deps, db: Queryable, limit: Limit, key: string): Promise<void> {
  const state = await limitState(deps, db, limit, key);
  if (state.exceeded) throw refusedBy(deps, limit, state.retryAfterSeconds);
}

/** Counts one event; returns its id, for the rare caller that may take it back (removeHit). */
export async function recordHit(deps: Deps, db: Queryable, limit: Limit, key: string): Promise<number> {
  const [row] = await db
    .insert(rateLimitHit)
    .values({ bucket: limit.bucket, key: storedLimitKey(deps, limit, key), at: deps.now() })
    .returning({ id: rateLimitHit.id });
  return row!.id;
}

/**
 * Takes one counted event back. For limits on failures that must be counted before the outcome is known
 * (so parallel attempts cannot all pass the check): count first, take it back on success.
 */
export async function removeHit(db: Queryable, id: number): Promise<void> {
  await db.delete(rateLimitHit).where(eq(rateLimitHit.id, id));
}

/**
 * Serialises check-and-count on one (limit, key) until the transaction ends, across connections and server
 * instances, so parallel requests cannot all pass a check before any has counted.
 */
export async function lockLimitKey(tx: Queryable, limit: Limit, key: string): Promise<void> {
  await lockKey(tx, `limit:${limit.bucket}:${key}`);
}

/**
 * Check and count in one step, for limits on attempts (not on failures); returns the counted event's id.
 * Under the key's lock (`lockLimitKey`), in the caller's transaction or one of its own (inTransaction), so that
 * of parallel requests no more than the limit pass: without it thirty parallel requests for a deletion code
 * all found the count under five and all mailed one.
 */
export async function consumeLimit(deps: Deps, db: Queryable, limit: Limit, key: string): Promise<number> {
  const counted = await countUnderLimit(deps, db, limit, key);
  if (typeof counted !== 'number') throw refusedBy(deps, limit, counted.retryAfterSeconds);
  return counted;
}

/** `consumeLimit` for a caller that goes on without counting when the limit is reached: null then. */
export async function consumeLimitIfUnder(
  deps: Deps,
  db: Queryable,
  limit: Limit,
  key: string,
): Promise<number | null> {
  const counted = await countUnderLimit(deps, db, limit, key);
  return typeof counted === 'number' ? counted : null;
}

/** The counted event's id, or the limit's state when it is reached (nothing counted then). */
async function countUnderLimit(deps: Deps, db: Queryable, limit: Limit, key: string): Promise<number | LimitState> {
  return inTransaction(db, async (tx) => {
    await lockLimitKey(tx, limit, key);
    const state = await limitState(deps, tx, limit, key);
    return state.exceeded ? state : recordHit(deps, tx, limit, key);
  });
}

/**
 * Sends a mail that was counted against limits (`hits`): when sending fails nothing went out, so the counts
 * are handed back and the user may ask again at once. The error goes on to the caller.
 */
export async function handBackIfSendFails(db: Queryable, hits: number[], send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    for (const hit of hits) await removeHit(db, hit);
    throw error;
  }
}

export async function clearHits(deps: Pick<Deps, 'config'>, db: Queryable, limit: Limit, key: string): Promise<void> {
  await db
    .delete(rateLimitHit)
    .where(and(eq(rateLimitHit.bucket, limit.bucket), eq(rateLimitHit.key, storedLimitKey(deps, limit, key))));
}
