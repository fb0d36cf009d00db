import { sha256 } from '../../server/auth/tokens';
import { organizationInvitation, verification } from '../../server/db/schema';
import { callerWithToken } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import { lastMailTo, signInFromMail } from '../helpers/mail';
import type { Role } from '../../shared/values';

/** An invitation with a known token, as if mailed (tests that need the link without reading a mail). */
export async function insertInvitation(
  deps: TestDeps,
  input: { organizationId: string; email: string; role: Role; invitedBy?: string | null; token?: string },
): Promise<string> {
  const token = input.token ?? `test-${crypto.randomUUID()}`;
  const email = input.email.toLowerCase();
  const [row] = await deps.db
    .insert(verification)
    .values({
      purpose: 'invitation',
      target: `${input.organizationId}:${email}`,
      email,
      tokenHash: sha256(token),
      expiresAt: new Date(deps.now().getTime() + 7 * 24 * 3600 * 1000),
      createdAt: deps.now(),
    })
    .returning({ id: verification.id });
  await deps.db.insert(organizationInvitation).values({
    id: row!.id,
    organizationId: input.organizationId,
    email,
    role: input.role,
    invitedBy: input.invitedBy ?? null,
    createdAt: deps.now(),
  });
  return token;
}

/** A real primary sign-in by magic link: what a person clicking the mail gets. */
export async function signInByMagicLink(
  deps: TestDeps,
  address: string,
): Promise<{ stage: string; token: string; userId: string }> {
  const anonymous = callerWithToken(deps, null, {
    ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  await anonymous.caller.auth.requestLink({ email: address });
  const { token } = signInFromMail(lastMailTo(deps, address));
  const answer = await anonymous.caller.auth.verifyLink({ token });
  return { stage: answer.stage, token: anonymous.lastSessionToken()!, userId: answer.user.id };
}

/** A real password sign-in: the stage the next sign-in leads to. */
export async function signInWithPassword(deps: TestDeps, address: string, password: string): Promise<string> {
  const anonymous = callerWithToken(deps, null);
  const answer = await anonymous.caller.auth.login({ email: address, password });
  return answer.stage;
}
