import { eq } from 'drizzle-orm';
import type { Actor, SessionHolder } from '../../actor';
import { auditOwn } from '../../audit';
import { appUser, twoFactorSetup } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { announceSessionsEnded } from '../../realtime/channels';
import { deleteRecoveryCodes, replaceRecoveryCodes } from '../recovery-codes';
import { endAllSessions, startSession } from '../sessions';
import { notifyChange } from './email';
import { requireMayDisable } from './policy';
import { requireSecondFactor } from './second-factor';

/** Turning 2FA off, and a new set of recovery codes: both need the second factor proven again. */

/** POST /auth/2fa/disable, for whoever the policy lets (./policy.ts); every session ends. */
export async function disableTwoFactor(deps: Deps, holder: SessionHolder, input: { code: string }): Promise<void> {
  const user = holder.session.user;
  const method = await requireMayDisable(deps.db, user);
  await requireSecondFactor(deps, { user, code: input.code, ip: holder.ip });
  const updated = await deps.db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({ twoFactorMethod: null, totpSecret: null, totpLastStep: null })
      .where(eq(appUser.id, user.id));
    await deleteRecoveryCodes(tx, user.id);
    await tx.delete(twoFactorSetup).where(eq(twoFactorSetup.userId, user.id));
    await auditOwn(deps, tx, user.id, {
      action: 'two_factor.disabled',
      ip: holder.ip,
      details: { method },
    });
    return endAllSessions(tx, user.id);
  });
  announceSessionsEnded(deps, user.id);
  await startSession(deps, holder.jar, updated, 'full');
  await notifyChange(deps, updated, { kind: 'disabled', method }, holder.language);
}

/** POST /auth/2fa/recovery-codes: a new set of ten; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  actor: Pick<Actor, 'user' | 'ip'>,
  input: { code: string },
): Promise<{ recoveryCodes: string[] }> {
  if (actor.user.twoFactorMethod === null) {
    throw new AppError('CONFLICT', { key: 'errors.auth.twoFactorNotOn' });
  }
  await requireSecondFactor(deps, { user: actor.user, code: input.code, ip: actor.ip });
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(deps, tx, actor.user.id);
    await auditOwn(deps, tx, actor.user.id, {
      action: 'two_factor.recovery_codes_regenerated',
      ip: actor.ip,
    });
    return codes;
  });
  return { recoveryCodes };
}
