import { errorChain } from '../error-chain';

/**
 * Whether an error means that the request lost a race with another one: a row it points at was deleted
 * meanwhile (foreign_key_violation), or PostgreSQL chose it as the loser of a deadlock or a serialization
 * conflict. The places known to race take locks and answer precisely
 * (tests/security/check-then-act-races.test.ts); this is the backstop for any other: 409 CONFLICT, "try
 * again", never 500. It is logged as a warning, so that each one seen can get its own lock.
 */
export function isLostRace(error: unknown): boolean {
  return errorChain(error).some(({ code }) => typeof code === 'string' && LOST_RACE_SQLSTATES.has(code));
}

/** foreign_key_violation, serialization_failure, deadlock_detected. */
const LOST_RACE_SQLSTATES = new Set(['23503', '40001', '40P01']);
