import { lt } from 'drizzle-orm';
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
  const before = (seconds: number) => new Date(now - seconds * 1000);
  const hits = await deps.db
    .delete(rateLimitHit)
    .where(lt(rateLimitHit.at, before(LONGEST_WINDOW_SECONDS)))
    .returning({ id: rateLimitHit.id });
  const revoked = await deps.db
    .delete(revokedSession)
    .where(lt(revokedSession.expiresAt, before(0)))
    .returning({ tokenHash: revokedSession.tokenHash });
  const verifications = await deps.db
    .delete(verification)
    .where(lt(verification.expiresAt, before(EXPIRED_KEPT_SECONDS)))
    .returning({ id: verification.id });
  const busPayloads = await deps.db
    .delete(busPayload)
    .where(lt(busPayload.createdAt, before(BUS_PAYLOAD_KEPT_SECONDS)))
    .returning({ id: busPayload.id });
  return {
    rateLimitHits: hits.length,
    revokedSessions: revoked.length,
    verifications: verifications.length,
    busPayloads: busPayloads.length,
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
