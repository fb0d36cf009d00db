import { errorChain } from '../error-chain';

/**
 * Whether an error means that the database cannot be reached right now (decision 0015): it is down,
 * restarting, refusing connections, or dropped the connection under a query. Such a failure is answered
 * 503 `UNAVAILABLE` with Retry-After, not 500: nothing is wrong with the request, and the same request
 * will work once the database is back. Walks the `cause` chain (drizzle wraps the driver's error).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(({ code, message }) =>
    typeof code === 'string'
      ? NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')
      : DRIVER_MESSAGES.some((pattern) => pattern.test(message)),
  );
}

/** How long a client is told to wait (Retry-After): a restart of PostgreSQL takes a few seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The socket failures of a server that is gone or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going or not yet there: admin_shutdown (a fast or immediate stop), crash_shutdown,
 * cannot_connect_now (starting up or shutting down), too_many_connections. Class 08 (connection
 * exceptions) is matched by prefix.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own errors for a connection that died, which carry no code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect$/,
  /^Client was closed/,
];
