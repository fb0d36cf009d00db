import { auditOwn } from '../../audit';
import type { SessionHolder } from '../../actor';
import type { Deps } from '../../deps';
import { revokeSession, startSession, type SessionAnswer } from '../sessions';
import { requireSecondFactor } from './second-factor';

/** POST /auth/2fa/verify: a pending session plus a right code becomes a full session. */
export async function verifyPendingSignIn(
  deps: Deps,
  holder: Pick<SessionHolder, 'session' | 'jar' | 'ip'>,
  input: { code: string },
): Promise<SessionAnswer> {
  const { session, jar } = holder;
  const factor = await requireSecondFactor(deps, {
    user: session.user,
    code: input.code,
    ip: holder.ip,
    pending: { session, jar },
  });
  // The pending token has done its job; a copy of it must not be good for another try.
  await revokeSession(deps, session);
  await auditOwn(deps, deps.db, session.user.id, {
    action: 'auth.sign_in',
    ip: holder.ip,
    details: { secondFactor: factor },
  });
  return startSession(deps, jar, session.user, 'full');
}
