import { and, asc, eq } from 'drizzle-orm';
import { auditOwn } from '../audit';
import { findUserByEmail, normalizeEmail, type UserRow } from '../auth/users';
import type { Queryable } from '../db/client';
import { userSecondaryEmail } from '../db/schema';
import type { Actor } from '../actor';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { addEmailMail } from '../mail/templates/account';
import { acceptInvitationsOnSignIn } from '../organizations/invitations';
import { mailConfirmation, withConfirmedAddress, type Confirmation } from './confirmation';
import type { AccountEmails } from '../../shared/schemas/account';

export type { AccountEmails };

const ADDRESS_TAKEN = 'errors.account.emailInUse';

/** The app's page that confirms an added address (client/src/routes.ts, ROUTES.confirmEmail). */
export function confirmEmailLink(deps: Deps, token: string): string {
  return `${deps.config.publicUrl}/konto/bekreft-epost?token=${encodeURIComponent(token)}`;
}

export async function listEmails(db: Queryable, user: Pick<UserRow, 'id' | 'email'>): Promise<AccountEmails> {
  const rows = await db
    .select({ email: userSecondaryEmail.email })
    .from(userSecondaryEmail)
    .where(eq(userSecondaryEmail.userId, user.id))
    .orderBy(asc(userSecondaryEmail.createdAt), asc(userSecondaryEmail.email));
  return { primary: user.email, secondary: rows.map((r) => r.email) };
}

/**
 * Mails a link and a code to the address to be added; nothing changes until one of them comes back.
 * 409 when the address already belongs to an account (this one included).
 */
export async function requestAddEmail(
  deps: Deps,
  actor: Pick<Actor, 'user' | 'language'>,
  input: { email: string },
): Promise<{ ok: true }> {
  return mailConfirmation(deps, actor, {
    purpose: 'add_email',
    email: input.email,
    refuse: async (address) => {
      if (await findUserByEmail(deps.db, address)) throw new AppError('CONFLICT', { key: ADDRESS_TAKEN });
    },
    link: (token) => confirmEmailLink(deps, token),
    mail: addEmailMail,
  });
}

/**
 * Adds the confirmed address as a secondary one. The address is locked, so two accounts confirming the
 * same address at once cannot both get it; the one that comes second gets 409.
 */
export async function confirmAddEmail(
  deps: Deps,
  actor: Pick<Actor, 'user' | 'ip'>,
  confirmation: Confirmation,
): Promise<AccountEmails> {
  await withConfirmedAddress(
    deps,
    { userId: actor.user.id, purpose: 'add_email', confirmation },
    async (tx, address) => {
      if (await findUserByEmail(tx, address)) throw new AppError('CONFLICT', { key: ADDRESS_TAKEN });
      await tx.insert(userSecondaryEmail).values({ userId: actor.user.id, email: address, createdAt: deps.now() });
      await auditOwn(deps, tx, actor.user.id, {
        action: 'account.email_added',
        ip: actor.ip,
        details: { email: address },
      });
    },
  );
  // An address confirmed is as good as signing in with it: invitations sent to it now join.
  await acceptInvitationsOnSignIn(deps, actor.user, { ip: actor.ip });
  return listEmails(deps.db, actor.user);
}

/** Removes a secondary address; the primary one cannot be removed (409), an unknown one is 404. */
export async function removeEmail(
  deps: Deps,
  actor: Pick<Actor, 'user' | 'ip'>,
  input: { email: string },
): Promise<AccountEmails> {
  const address = normalizeEmail(input.email);
  if (address === actor.user.email) throw new AppError('CONFLICT', { key: 'errors.account.mainAddressStays' });
  const removed = await deps.db
    .delete(userSecondaryEmail)
    .where(and(eq(userSecondaryEmail.userId, actor.user.id), eq(userSecondaryEmail.email, address)))
    .returning({ email: userSecondaryEmail.email });
  if (removed.length === 0) throw new AppError('NOT_FOUND');
  await auditOwn(deps, deps.db, actor.user.id, {
    action: 'account.email_removed',
    ip: actor.ip,
    details: { email: address },
  });
  return listEmails(deps.db, actor.user);
}
