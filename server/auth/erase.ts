import { eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { appUser, userSecondaryEmail, verification } from '../db/schema';
import type { UserRow } from './users';

/** Every address of an account, primary first, in lower case: what a deletion must leave nowhere. */
export async function userAddresses(tx: Transaction, user: Pick<UserRow, 'id' | 'email'>): Promise<string[]> {
  const secondary = await tx
    .select({ email: userSecondaryEmail.email })
    .from(userSecondaryEmail)
    .where(eq(userSecondaryEmail.userId, user.id));
  return [user.email, ...secondary.map((a) => a.email)].map((a) => a.toLowerCase());
}

/**
 * The account row goes last (decision 0107), and with it every session (tokens are checked against app_user
 * on every call); memberships, addresses, codes, recovery codes and 2FA setups cascade, cards in others'
 * rounds become guests' (trigger). First every open link and code mailed to one of `addresses`: sign-in
 * links (keyed by address, not account), organizations' invitations (their rows go with them),
 * confirmations another account asked for. Rate-limit counts never held them (a keyed hash: rate-limit.ts).
 */
export async function eraseUser(tx: Transaction, userId: string, addresses: string[]): Promise<void> {
  await tx.delete(verification).where(inArray(sql`lower(${verification.email})`, addresses));
  await tx.delete(appUser).where(eq(appUser.id, userId));
}
