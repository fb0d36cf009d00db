import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { sessionStageSchema } from '../../shared/schemas/values';
import type { SessionStage } from '../../shared/values';

export const SESSION_COOKIE = 'service_session';
export const FULL_SESSION_SECONDS = 30 * 24 * 60 * 60;
export const SHORT_SESSION_SECONDS = 300;

export function sessionSeconds(stage: SessionStage): number {
  return stage === 'full' ? FULL_SESSION_SECONDS : SHORT_SESSION_SECONDS;
}

/**
 * The claims of docs/access.md section 2, plus `sv`: the user's session version when the token was issued.
 * Bumping the version ends every earlier token at once, including ones issued in the same second, which
 * `iat` alone cannot tell apart. A token without `sv` (older tokens) counts as version 0.
 */
const claimsSchema = z.object({
  sub: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
  stage: sessionStageSchema.exclude(['full']).optional(),
  sv: z.number().int().min(0).optional(),
});

export interface SessionClaims {
  userId: string;
  stage: SessionStage;
  issuedAt: number;
  expiresAt: number;
  version: number;
}

/**
 * Importing the raw secret as a CryptoKey costs a trip through WebCrypto on every call when jose is given
 * bytes; every authenticated request verifies a token, so the key is imported once per secret. (A process
 * has one secret; tests make many, hence the small bound.)
 */
const KEY_CACHE_MAX = 16;
const keys = new Map<string, Promise<CryptoKey>>();
function key(secret: string): Promise<CryptoKey> {
  let imported = keys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    if (keys.size >= KEY_CACHE_MAX) keys.delete(keys.keys().next().value!);
    keys.set(secret, imported);
  }
  return imported;
}

export async function signSessionToken(
  secret: string,
  input: { userId: string; stage: SessionStage; version: number; now: Date },
): Promise<string> {
  const iat = Math.floor(input.now.getTime() / 1000);
  const payload: Record<string, unknown> = {};
  if (input.stage !== 'full') payload.stage = input.stage;
  if (input.version > 0) payload.sv = input.version;
  return (
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(input.userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + sessionSeconds(input.stage))
      // A random id makes every token unique, even two issued to one user in the same second: logging out
      // one device (which revokes that token's hash) must not log out the other.
      .setJti(randomBytes(16).toString('base64url'))
      .sign(await key(secret))
  );
}

/**
 * Verifies signature (HS256 only, named explicitly: `alg: none` and algorithm confusion fail), expiry and
 * claim shapes. Any failure is null: the caller answers 401 without saying which check failed.
 */
export async function readSessionToken(secret: string, token: string, now: Date): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    // A token whose lifetime exceeds its stage's is not one this service issued.
    const stage: SessionStage = claims.data.stage ?? 'full';
    if (claims.data.exp - claims.data.iat > sessionSeconds(stage)) return null;
    return {
      userId: claims.data.sub,
      stage,
      issuedAt: claims.data.iat,
      expiresAt: claims.data.exp,
      version: claims.data.sv ?? 0,
    };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
