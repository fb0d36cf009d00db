import { generate, generateSecret, verify } from 'otplib';

/**
 * TOTP per RFC 6238 with the parameters of docs/contract.md section 5: HMAC-SHA-1, 6 digits, 30-second steps,
 * a 160-bit secret, and codes accepted at steps t-1, t and t+1 only. otplib does the arithmetic; the time
 * always comes from the caller (deps.now()), never from the machine's clock.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_SECRET_BYTES = 20;
/** One step each way: otplib's tolerance is in seconds and covers floor((now ± 30) / 30). */
export const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
export const TOTP_ISSUER = 'Hullvis';

/** A random 160-bit secret, base32 (RFC 4648, no padding): 32 characters. */
export function newTotpSecret(): string {
  return generateSecret({ length: TOTP_SECRET_BYTES });
}

function epochSeconds(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

export function totpStep(now: Date): number {
  return Math.floor(epochSeconds(now) / TOTP_PERIOD_SECONDS);
}

/**
 * The `otpauth://` provisioning URI of Google's Key Uri Format, with every parameter spelled out so an
 * app never has to guess: label `Issuer:email`, and issuer repeated as a parameter.
 */
export function totpProvisioningUri(secret: string, email: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(email)}`;
  const params = [
    `secret=${secret}`,
    `issuer=${encodeURIComponent(TOTP_ISSUER)}`,
    'algorithm=SHA1',
    `digits=${TOTP_DIGITS}`,
    `period=${TOTP_PERIOD_SECONDS}`,
  ];
  return `otpauth://totp/${label}?${params.join('&')}`;
}

/**
 * The code for `now`. `secret` is base32, or raw key bytes (the RFC 6238 test vectors use a 20-byte ASCII
 * key); `digits` is 6 for this service, 8 for the RFC's vectors.
 */
export function totpCode(secret: string | Uint8Array, now: Date, digits: 6 | 8 = TOTP_DIGITS): Promise<string> {
  return generate({ secret, epoch: epochSeconds(now), period: TOTP_PERIOD_SECONDS, digits, algorithm: 'sha1' });
}

/**
 * The step at which `code` matches within t-1..t+1, skipping steps at or before `afterStep` (already used),
 * or null. Whether the step may still be used is settled by the caller atomically in the database; this
 * only does the arithmetic.
 */
export async function matchTotpStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null = null,
): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  // otplib refuses an afterTimeStep beyond the window instead of answering "no": nothing is left to try.
  if (afterStep !== null && afterStep >= totpStep(now) + 1) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: epochSeconds(now),
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    algorithm: 'sha1',
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  // The functional API's result type also covers HOTP; a TOTP match always carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
