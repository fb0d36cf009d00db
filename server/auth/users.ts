import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { appUser, userSecondaryEmail } from '../db/schema';
import type { PublicUser } from '../../shared/schemas/auth';
import { lockKey } from '../db/locks';

export type UserRow = typeof appUser.$inferSelect;

/** The `User` of docs/contract.md section 4: its shape is the output schema's (shared/schemas/auth.ts). */
export type { PublicUser };

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    handicapIndex: user.handicapIndex,
    twoFactorMethod: user.twoFactorMethod,
    isSuperAdmin: user.isSuperAdmin,
    hasPassword: user.passwordHash !== null,
  };
}

/** Addresses are compared case-insensitively: they are stored and looked up lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * docs/access.md section 2: the primary address first, then the secondary addresses. Null when neither matches;
 * the caller decides what that means (create, reject, or EMAIL_NOT_FOUND).
 */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const address = normalizeEmail(email);
  const [primary] = await db.select().from(appUser).where(eq(appUser.email, address)).limit(1);
  if (primary) return primary;
  const [secondary] = await db
    .select({ user: appUser })
    .from(userSecondaryEmail)
    .innerJoin(appUser, eq(appUser.id, userSecondaryEmail.userId))
    .where(eq(userSecondaryEmail.email, address))
    .limit(1);
  return secondary?.user ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(appUser).where(eq(appUser.id, id)).limit(1);
  return user ?? null;
}

/** Serialises work on one address across transactions (and server instances): creation, adding, merging. */
export async function lockEmail(tx: Queryable, email: string): Promise<void> {
  await lockKey(tx, `email:${normalizeEmail(email)}`);
}
