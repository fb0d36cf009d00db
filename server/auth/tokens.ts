import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** docs/access.md section 2: 32 random bytes, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Stored form of a high-entropy token: its SHA-256, so a database leak yields nothing usable. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A 6-digit code, uniformly drawn. */
export function randomDigits(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/**
 * Stored form of a low-entropy code (6 digits): keyed with the server secret and bound to the record it
 * belongs to, so the hashes in a leaked database cannot be brute-forced offline without the secret.
 */
export function hashCode(secret: string, recordId: string, code: string): string {
  return createHmac('sha256', secret).update(`${recordId}:${code}`, 'utf8').digest('hex');
}

export function equalHashes(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
