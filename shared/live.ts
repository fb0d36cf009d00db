/**
 * The close code of a WebSocket whose session has ended (logout, sign out everywhere, a new password, the
 * account deleted, expiry): docs/access.md section 5. The server closes with it; the app takes it as "signed
 * out" rather than as a network failure to retry.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * The close code of a WebSocket refused because its client address or its session already holds the most
 * sockets one client may (server/realtime/socket-limits.ts): the app waits before it connects again.
 */
export const TOO_MANY_SOCKETS_CLOSE_CODE = 4429;
