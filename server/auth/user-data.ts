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

/**
 * The end of an account merge (decision 0303): the other account's addresses become the survivor's, what the
 * survivor has not filled in (name, handicap index) is taken from it, nothing the survivor has is
 * overwritten (`survivor` is the row read under lock in this transaction), and the other account is deleted,
 * ending its sessions. Answers how many addresses the survivor gained.
 */
export async function absorbUser(tx: Transaction, survivor: UserRow, other: UserRow): Promise<number> {
  const emails = await tx
    .update(userSecondaryEmail)
    .set({ userId: survivor.id })
    .where(eq(userSecondaryEmail.userId, other.id))
    .returning({ email: userSecondaryEmail.email });
  await tx
    .update(appUser)
    .set({ name: survivor.name ?? other.name, handicapIndex: survivor.handicapIndex ?? other.handicapIndex })
    .where(eq(appUser.id, survivor.id));
  await tx.delete(appUser).where(eq(appUser.id, other.id));
  // After the delete: the address is free as a primary one only now.
  await tx.insert(userSecondaryEmail).values({ userId: survivor.id, email: other.email });
  return emails.length + 1;
}
