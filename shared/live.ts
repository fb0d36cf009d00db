/**
 * The close code of a WebSocket whose session has ended (logout, sign out everywhere, a new password, the
 * account deleted, expiry): CONTRACT.md section 10. The server closes with it; the app takes it as "signed
 * out" rather than as a network failure to retry.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;
