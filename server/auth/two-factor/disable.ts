import type { Language } from '../../../shared/values';
import { eq } from 'drizzle-orm';
import { audit } from '../../audit';
import { appUser, twoFactorSetup } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { announceSessionsEnded } from '../../realtime/channels';
import { deleteRecoveryCodes, replaceRecoveryCodes } from '../recovery-codes';
import { endAllSessions, startSession, type CookieJar, type Session } from '../sessions';
import type { UserRow } from '../users';
import { notifyChange } from './email';
import { requireMayDisable } from './policy';
import { requireSecondFactor } from './second-factor';

/** Turning 2FA off, and a new set of recovery codes: both need the second factor proven again. */

/** POST /auth/2fa/disable, for whoever the policy lets (./policy.ts); every session ends. */
export async function disableTwoFactor(
  deps: Deps,
  input: { session: Session; jar: CookieJar; code: string; ip: string | null; language?: Language },
): Promise<void> {
  const user = input.session.user;
  const method = await requireMayDisable(deps.db, user);
  await requireSecondFactor(deps, { user, code: input.code, ip: input.ip });
  const updated = await deps.db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({ twoFactorMethod: null, totpSecret: null, totpLastStep: null })
      .where(eq(appUser.id, user.id));
    await deleteRecoveryCodes(tx, user.id);
    await tx.delete(twoFactorSetup).where(eq(twoFactorSetup.userId, user.id));
    await audit(deps, tx, {
      action: 'two_factor.disabled',
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: input.ip,
      details: { method },
    });
    return endAllSessions(tx, user.id);
  });
  announceSessionsEnded(deps, user.id);
  await startSession(deps, input.jar, updated, 'full');
  await notifyChange(deps, updated, { kind: 'disabled', method }, input.language);
}

/** POST /auth/2fa/recovery-codes: a new set of ten; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  input: { user: UserRow; code: string; ip: string | null },
): Promise<{ recoveryCodes: string[] }> {
  if (input.user.twoFactorMethod === null) {
    throw new AppError('CONFLICT', { key: 'errors.auth.twoFactorNotOn' });
  }
  await requireSecondFactor(deps, input);
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(deps, tx, input.user.id);
    await audit(deps, tx, {
      action: 'two_factor.recovery_codes_regenerated',
      actorUserId: input.user.id,
      subjectUserId: input.user.id,
      ip: input.ip,
    });
    return codes;
  });
  return { recoveryCodes };
}
