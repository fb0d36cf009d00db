import { eq } from 'drizzle-orm';
import { toPublicUser, type PublicUser, type UserRow } from '../auth/users';
import { appUser } from '../db/schema';
import type { Actor } from '../actor';
import type { Deps } from '../deps';
import type { Language } from '../../shared/values';

/** The account's language for the app, error messages and mails (decision 0108); null follows the browser. */
export async function setLanguage(
  deps: Deps,
  actor: Pick<Actor, 'user'>,
  input: { language: Language | null },
): Promise<{ language: Language | null }> {
  await deps.db.update(appUser).set({ language: input.language }).where(eq(appUser.id, actor.user.id));
  return { language: input.language };
}

/** Name and handicap index; a field left out stays as it is, null clears it. */
export async function updateProfile(
  deps: Deps,
  actor: Pick<Actor, 'user'>,
  input: { name?: string | null | undefined; handicapIndex?: number | null | undefined },
): Promise<{ user: PublicUser }> {
  const changes: Partial<Pick<UserRow, 'name' | 'handicapIndex'>> = {};
  if (input.name !== undefined) changes.name = input.name;
  // One decimal (WHS): 12.3 stays 12.3 whatever binary fraction the number arrived as.
  if (input.handicapIndex !== undefined)
    changes.handicapIndex = input.handicapIndex === null ? null : Math.round(input.handicapIndex * 10) / 10;
  if (Object.keys(changes).length === 0) return { user: toPublicUser(actor.user) };
  const [updated] = await deps.db.update(appUser).set(changes).where(eq(appUser.id, actor.user.id)).returning();
  return { user: toPublicUser(updated ?? actor.user) };
}
