import { and, eq, gt } from 'drizzle-orm';
import { twoFactorSetup } from '../../db/schema';
import type { Deps } from '../../deps';
import type { TwoFactorMethod } from '../../../shared/values';

/**
 * An enrolment started but not yet confirmed (nothing about the user changes until then). Its own module
 * because both the enrolment and the e-mailed codes (which renew it) read it.
 */
export const SETUP_SECONDS = 15 * 60;

export async function findPendingSetup(deps: Deps, userId: string, method: TwoFactorMethod) {
  const [row] = await deps.db
    .select()
    .from(twoFactorSetup)
    .where(
      and(
        eq(twoFactorSetup.userId, userId),
        eq(twoFactorSetup.method, method),
        gt(twoFactorSetup.expiresAt, deps.now()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Starts (or restarts) the user's pending setup; `secret` is the encrypted TOTP secret, null for e-mail. */
export async function savePendingSetup(
  deps: Deps,
  userId: string,
  method: TwoFactorMethod,
  secret: string | null,
): Promise<void> {
  const row = { method, secret, expiresAt: new Date(deps.now().getTime() + SETUP_SECONDS * 1000) };
  await deps.db
    .insert(twoFactorSetup)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: twoFactorSetup.userId, set: row });
}

/** Another SETUP_SECONDS for the setup, when a new enrolment code is mailed. */
export async function renewPendingSetup(deps: Deps, userId: string): Promise<void> {
  await deps.db
    .update(twoFactorSetup)
    .set({ expiresAt: new Date(deps.now().getTime() + SETUP_SECONDS * 1000) })
    .where(eq(twoFactorSetup.userId, userId));
}
