import { lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIMITS } from './auth/rate-limit';
import { busPayload, rateLimitHit, revokedSession, verification } from './db/schema';
import type { Deps } from './deps';

/** Counted events older than the longest limit window count towards nothing any more. */
const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(LIMITS).map((limit) => limit.windowSeconds));
/** Expired links and codes answer like unknown ones; a day's grace keeps them for anyone looking into a complaint. */
const EXPIRED_KEPT_SECONDS = 24 * 60 * 60;
/** Every listening instance reads a stored bus message within milliseconds; ten minutes is ample. */
const BUS_PAYLOAD_KEPT_SECONDS = 10 * 60;

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes rows that can no longer change an answer: rate-limit events past every window, revocations of
 * tokens that have expired anyway, verifications (links, codes, invitations) a day past their expiry, and
 * large bus messages (realtime/postgres-bus.ts) every instance has read long since.
 * Without it these tables only grow. Returns how many rows of each went.
 */
export async function pruneExpired(deps: Pick<Deps, 'db' | 'now'>) {
  const now = deps.now().getTime();
  /** Deletes the rows whose `column` lies more than `keptSeconds` in the past; answers how many went. */
  const prune = async (table: PgTable, column: PgColumn, keptSeconds: number) => {
    const gone = await deps.db
      .delete(table)
      .where(lt(column, new Date(now - keptSeconds * 1000)))
      .returning({ one: sql`1` });
    return gone.length;
  };
  return {
    rateLimitHits: await prune(rateLimitHit, rateLimitHit.at, LONGEST_WINDOW_SECONDS),
    revokedSessions: await prune(revokedSession, revokedSession.expiresAt, 0),
    verifications: await prune(verification, verification.expiresAt, EXPIRED_KEPT_SECONDS),
    busPayloads: await prune(busPayload, busPayload.createdAt, BUS_PAYLOAD_KEPT_SECONDS),
  };
}

/** Prunes at start and then hourly; the timer never keeps the process alive. Returns a stop function. */
export function startHousekeeping(deps: Pick<Deps, 'db' | 'now' | 'logger'>): () => void {
  const run = () =>
    pruneExpired(deps).then(
      (pruned) => deps.logger.info({ pruned }, 'housekeeping'),
      (error: unknown) => deps.logger.error({ err: error }, 'housekeeping failed'),
    );
  void run();
  const timer = setInterval(() => void run(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
