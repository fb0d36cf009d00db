import argon2 from 'argon2';

/** docs/contract.md section 5: 10 to 1024 characters, compared in full, never trimmed or normalised. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;

/** Argon2id at the contract's floor (m=19456 KiB, t=2, p=1); hashing runs on libuv's thread pool. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** An invalid hash or a mismatch is a plain false: never an exception that could turn into a 500. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
