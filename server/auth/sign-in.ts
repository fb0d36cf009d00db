import type { Language } from '../../shared/values';
import { eq } from 'drizzle-orm';
import { audit, type AuditEvent, auditOwn } from '../audit';
import { appUser } from '../db/schema';
import { acceptInvitationsOnSignIn } from '../organizations/invitations';
import type { SessionHolder, Visitor } from '../actor';
import type { Deps } from '../deps';
import { announceSessionsEnded } from '../realtime/channels';
import { AppError } from '../errors';
import type { LoginInput, SetPasswordInput } from '../../shared/schemas/auth';
import { hashPassword, verifyPassword } from './password';
import { assertUnderLimit, clearHits, LIMITS, lockLimitKey, recordHit, removeHit } from './rate-limit';
import {
  clearSession,
  endAllSessions,
  resolveSession,
  revokeSession,
  startSession,
  type CookieJar,
  type SessionAnswer,
} from './sessions';
import { randomToken } from './tokens';
import { mailCodeAtSignIn } from './two-factor/email';
import { stageAfterPrimarySignIn } from './two-factor/policy';
import { findUserByEmail, normalizeEmail, type UserRow } from './users';

export type SignInMethod = 'magic_link' | 'magic_code' | 'password';

/** Who is asking, as far as the auth code needs to know: the address limits and the audit log are keyed by. */
export interface RequestOrigin {
  ip: string;
  /** The request's language (decision 0020), for a mail the request causes. */
  language?: Language;
}

/**
 * The one path from "primary identity proven" to a session, for every primary sign-in method: the stage
 * (docs/access.md section 3), a new token in the cookie, and the audit record. Steps that must run on every
 * sign-in (accepting pending organization invitations, for one) belong here, before the stage is chosen,
 * since they can change it.
 */
export async function completePrimarySignIn(
  deps: Deps,
  jar: CookieJar,
  user: UserRow,
  origin: RequestOrigin & { method: SignInMethod },
): Promise<SessionAnswer> {
  // Invitations to any of the user's addresses join now, before the stage: becoming admin requires 2FA.
  await acceptInvitationsOnSignIn(deps, user, { ip: origin.ip });
  const stage = await stageAfterPrimarySignIn(deps.db, user);
  await auditOwn(deps, deps.db, user.id, {
    action: 'auth.sign_in',
    ip: origin.ip,
    details: { method: origin.method, stage },
  });
  if (stage === 'pending_2fa') await mailCodeAtSignIn(deps, user, origin.language);
  return startSession(deps, jar, user, stage);
}

// ---- Password sign-in ----

/**
 * Verified against when there is no hash to verify against (unknown address, or an account without a
 * password), so those answers take as long as a wrong password. Started at load so no request pays for it.
 */
const DUMMY_HASH = hashPassword(randomToken());
DUMMY_HASH.catch(() => {});

/** Failures per account are counted per user when the address is known, else per address typed. */
function accountKey(user: UserRow | null, address: string): string {
  return user ? `user:${user.id}` : `address:${address}`;
}

interface PasswordAttempt {
  account: string;
  ipHitId: number;
}

/**
 * Takes one attempt from both failure budgets before the password is checked, or answers 429. Counting first
 * (under locks on the keys) is what stops a burst of parallel guesses from all passing the check while none
 * has failed yet; a successful attempt is handed back (forgiveAttempt). No hashing happens when refused.
 */
async function takePasswordAttempt(deps: Deps, ip: string, account: string): Promise<PasswordAttempt> {
  return deps.db.transaction(async (tx) => {
    await lockLimitKey(tx, LIMITS.passwordFailuresPerAccount, account);
    await lockLimitKey(tx, LIMITS.passwordFailuresPerIp, ip);
    await assertUnderLimit(deps, tx, LIMITS.passwordFailuresPerIp, ip);
    await assertUnderLimit(deps, tx, LIMITS.passwordFailuresPerAccount, account);
    await recordHit(deps, tx, LIMITS.passwordFailuresPerAccount, account);
    return { account, ipHitId: await recordHit(deps, tx, LIMITS.passwordFailuresPerIp, ip) };
  });
}

/** The password was right: this attempt was no failure, and the owner's earlier typos are forgiven. */
async function forgiveAttempt(deps: Deps, attempt: PasswordAttempt): Promise<void> {
  await removeHit(deps.db, attempt.ipHitId);
  await clearHits(deps, deps.db, LIMITS.passwordFailuresPerAccount, attempt.account);
}

/** Verifies the password in full; a user without a password is checked against the dummy all the same. */
async function passwordMatches(user: UserRow | null, password: string): Promise<boolean> {
  const hash = user?.passwordHash ?? null;
  if (hash === null) {
    // The same work as a real check, and the same answer as a mismatch.
    await verifyPassword(await DUMMY_HASH, password);
    return false;
  }
  return verifyPassword(hash, password);
}

/**
 * E-mail (primary or secondary) and password. Unknown address, no password and wrong password are one
 * answer, 401 INVALID_CREDENTIALS, after the same amount of hashing work. Failures are limited per
 * account and per IP (docs/contract.md section 6); the limit is checked before any hashing.
 */
export async function signInWithPassword(deps: Deps, visitor: Visitor, input: LoginInput): Promise<SessionAnswer> {
  const address = normalizeEmail(input.email);
  const user = await findUserByEmail(deps.db, address);
  const attempt = await takePasswordAttempt(deps, visitor.ip, accountKey(user, address));

  // Hash first, whatever the user: the time taken must not depend on whether the address is known.
  const matches = await passwordMatches(user, input.password);
  if (!user || !matches) {
    await audit(deps, deps.db, {
      action: 'auth.sign_in_failed',
      subjectUserId: user?.id ?? null,
      ip: visitor.ip,
      details: { method: 'password' },
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  await forgiveAttempt(deps, attempt);
  return completePrimarySignIn(deps, visitor.jar, user, { ...visitor, method: 'password' });
}

// ---- Password change ----

/**
 * Sets or changes the password. When one is set, the current one must be given and is checked like a
 * sign-in (a stolen session cannot guess it: wrong tries count towards the same limits). Every other
 * session of the user ends; this device gets a fresh token.
 */
export async function setPassword(
  deps: Deps,
  holder: Pick<SessionHolder, 'session' | 'jar' | 'ip'>,
  input: SetPasswordInput,
): Promise<void> {
  const { user } = holder.session;
  if (user.passwordHash !== null) {
    if (input.currentPassword === undefined) {
      throw new AppError('INVALID_INPUT', {
        issues: [{ path: 'currentPassword', key: 'errors.auth.currentPasswordMissing' }],
      });
    }
    const attempt = await takePasswordAttempt(deps, holder.ip, accountKey(user, user.email));
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('INVALID_CREDENTIALS', { key: 'errors.auth.wrongCurrentPassword' });
    }
    await forgiveAttempt(deps, attempt);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await deps.db.transaction(async (tx) => {
    await tx.update(appUser).set({ passwordHash }).where(eq(appUser.id, user.id));
    return endAllSessions(tx, user.id);
  });
  await goOnHereAlone(deps, holder, updated, {
    action: 'auth.password_changed',
    details: { hadPassword: user.passwordHash !== null },
  });
}

// ---- Ending sessions ----

/** Every earlier token of the user is refused from now on; this device continues with a fresh one. */
export async function signOutEverywhere(
  deps: Deps,
  holder: Pick<SessionHolder, 'session' | 'jar' | 'ip'>,
): Promise<void> {
  const { user } = holder.session;
  const updated = await endAllSessions(deps.db, user.id);
  await goOnHereAlone(deps, holder, updated, { action: 'auth.sign_out_everywhere' });
}

/**
 * After every session of the user was ended (`updated`, the row with its new session version): the other
 * devices' sockets close now, the change is recorded, and this device goes on with a fresh token.
 */
async function goOnHereAlone(
  deps: Deps,
  holder: Pick<SessionHolder, 'jar' | 'ip'>,
  updated: UserRow,
  event: Pick<AuditEvent, 'action' | 'details'>,
): Promise<void> {
  announceSessionsEnded(deps, updated.id);
  await audit(deps, deps.db, { ...event, actorUserId: updated.id, subjectUserId: updated.id, ip: holder.ip });
  await startSession(deps, holder.jar, updated, 'full');
}

/**
 * Logout from a session of any stage. The cookie is cleared whatever happens, so a browser holding a
 * dead cookie is cleaned up too; without a valid session the answer is still 401.
 */
export async function signOut(deps: Deps, jar: CookieJar, token: string | null): Promise<void> {
  clearSession(jar);
  const session = await resolveSession(deps, token);
  if (!session) throw new AppError('NOT_AUTHENTICATED');
  await revokeSession(deps, session);
  announceSessionsEnded(deps, session.user.id);
}
