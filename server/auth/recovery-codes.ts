import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { recoveryCode } from '../db/schema';
import type { Deps } from '../deps';
import { recoveryCodePattern } from '../../shared/schemas/twoFactor';
import { hashCode } from './tokens';

/**
 * Recovery codes (docs/contract.md section 5): 10 per user, shown once, each usable once. A code is 10
 * characters of lower-case base32 (50 random bits) shown as `xxxxx-xxxxx`; typing it in capitals or without
 * the hyphen works too. Stored as a keyed hash bound to the user (server/auth/tokens.ts hashCode), so a
 * leaked table is useless without SESSION_SECRET, and one user's hash cannot be replayed for another.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const GROUP_LENGTH = 5;

export function isRecoveryCodeFormat(value: string): boolean {
  return recoveryCodePattern.test(value);
}

function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < GROUP_LENGTH * 2; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, GROUP_LENGTH)}-${raw.slice(GROUP_LENGTH)}`;
}

function canonical(code: string): string {
  return code.replace('-', '').toLowerCase();
}

function hashRecoveryCode(deps: Pick<Deps, 'config'>, userId: string, code: string): string {
  return hashCode(deps.config.sessionSecret, `recovery:${userId}`, canonical(code));
}

/** Voids the user's codes and issues a fresh set; the only time the plain codes exist. */
export async function replaceRecoveryCodes(
  deps: Pick<Deps, 'config'>,
  db: Queryable,
  userId: string,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await db.delete(recoveryCode).where(eq(recoveryCode.userId, userId));
  await db
    .insert(recoveryCode)
    .values([...codes].map((code) => ({ userId, codeHash: hashRecoveryCode(deps, userId, code) })));
  return [...codes];
}

export async function deleteRecoveryCodes(db: Queryable, userId: string): Promise<void> {
  await db.delete(recoveryCode).where(eq(recoveryCode.userId, userId));
}

/** Marks a matching unused code as used in one statement: of parallel uses of one code, one wins. */
export async function consumeRecoveryCode(deps: Deps, db: Queryable, userId: string, code: string): Promise<boolean> {
  if (!isRecoveryCodeFormat(code)) return false;
  const used = await db
    .update(recoveryCode)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(recoveryCode.userId, userId),
        eq(recoveryCode.codeHash, hashRecoveryCode(deps, userId, code)),
        isNull(recoveryCode.usedAt),
      ),
    )
    .returning({ id: recoveryCode.id });
  return used.length > 0;
}

export async function remainingRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCode.id })
    .from(recoveryCode)
    .where(and(eq(recoveryCode.userId, userId), isNull(recoveryCode.usedAt)));
  return rows.length;
}
