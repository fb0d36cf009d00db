import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueConfirmation } from '../../server/account/confirmation';
import { limitState, LIMITS } from '../../server/auth/rate-limit';
import { sha256 } from '../../server/auth/tokens';
import { MAX_CODE_ATTEMPTS, type VerificationPurpose } from '../../server/auth/verification';
import { userSecondaryEmail, verification } from '../../server/db/schema';
import { databaseKinds } from '../helpers/db';
import { createTestDeps } from '../helpers/deps';
import { createUser, uniqueEmail } from '../helpers/factories';
import { codeIn, lastMailTo, signInFromMail } from '../helpers/mail';
import { clients, type Client, type Outcome } from '../helpers/transport';
import { at, enrolEmail, enrolTotp, oathtool } from '../two-factor/support';

/**
 * A burst of parallel wrong codes gets no more tries than the contract's limits
 * (docs/contract.md sections 5 and 6), for every code the service accepts. 50 requests at once over the real
 * HTTP server; on PostgreSQL (TEST_DATABASE_URL) they run on separate connections, which is where a
 * "compare first, count afterwards" check lets them all through. PGlite runs one statement at a time, so
 * there the tests hold on any code; PostgreSQL is the run that matters.
 */
const BURST = 50;
const USER_FAILURE_LIMIT = LIMITS.twoFactorFailuresPerUser.max;
const SESSION_FAILURE_LIMIT = LIMITS.twoFactorFailuresPerSession.max;

const setups = await Promise.all(
  databaseKinds().map(async (kind) => {
    const deps = await createTestDeps({ db: kind });
    return { kind, deps, c: clients(deps) };
  }),
);

describe.each(setups)('$kind: 50 parallel wrong codes', ({ deps, c }) => {
  const burst = (send: (i: number) => Promise<Outcome>) =>
    Promise.all(Array.from({ length: BURST }, (_, i) => send(i)));
  const codes = (outcomes: Outcome[]) => outcomes.map((o) => o.error?.code ?? 'ok');
  const count = (outcomes: Outcome[], code: string) => codes(outcomes).filter((c) => c === code).length;
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function newestVerification(purpose: VerificationPurpose, target: string) {
    const [row] = await deps.db
      .select()
      .from(verification)
      .where(and(eq(verification.purpose, purpose), eq(verification.target, target)))
      .orderBy(desc(verification.createdAt))
      .limit(1);
    return row!;
  }
  const userFailures = async (userId: string) =>
    (await limitState(deps, deps.db, LIMITS.twoFactorFailuresPerUser, userId)).count;
  const pendingSessions = (user: { id: string }) =>
    Promise.all(Array.from({ length: BURST }, () => c.as('rest', user, 'pending_2fa')));

  /** Each wrong 2FA code either was one of the at most ten counted tries, or was refused with 429. */
  function expectUserLimitHeld(outcomes: Outcome[], failures: number) {
    expect(failures).toBeLessThanOrEqual(USER_FAILURE_LIMIT);
    expect(count(outcomes, 'INVALID_CODE')).toBe(failures);
    expect(count(outcomes, 'RATE_LIMITED')).toBe(BURST - failures);
    expect(outcomes.filter((o) => o.error?.code === 'RATE_LIMITED').every((o) => o.status === 429)).toBe(true);
  }

  it('sign-in code: five tries at the link, then the link and its code are void', async () => {
    const address = uniqueEmail('burst');
    await (await c.anonymous('rest')).call('auth.requestLink', { email: address });
    const { code, token } = signInFromMail(lastMailTo(deps, address));
    const outcomes = await burst(async () =>
      (await c.anonymous('rest')).call('auth.verifyLink', { email: address, code: otherThan(code) }),
    );
    expect(codes(outcomes).every((c) => c === 'INVALID_LINK')).toBe(true);
    const row = await newestVerification('sign_in', address);
    expect(row.tokenHash).toBe(sha256(token));
    expect(row.attempts).toBe(MAX_CODE_ATTEMPTS);
    expect((await (await c.anonymous('rest')).call('auth.verifyLink', { email: address, code })).error?.code).toBe(
      'INVALID_LINK',
    );
    expect((await (await c.anonymous('rest')).call('auth.verifyLink', { token })).error?.code).toBe('INVALID_LINK');
  });

  it('e-mailed 2FA code: five tries at the code, ten counted failures, then 429 for the right code too', async () => {
    const user = await createUser(deps.db);
    await enrolEmail(deps, await c.as('rest', user), user.email);
    deps.clock.advance(601); // past the enrolment's mail
    const sessions = await pendingSessions(user);
    await sessions[0]!.call('twoFactor.sendEmailCode');
    const code = codeIn(lastMailTo(deps, user.email).text);
    const outcomes = await burst((i) => sessions[i]!.call('twoFactor.verify', { code: otherThan(code) }));

    const row = await newestVerification('two_factor', user.id);
    expect(row.attempts).toBeLessThanOrEqual(MAX_CODE_ATTEMPTS);
    expect(row.invalidatedAt).not.toBeNull();
    expectUserLimitHeld(outcomes, await userFailures(user.id));
    const right = await (await c.as('rest', user, 'pending_2fa')).call('twoFactor.verify', { code });
    expect(right.status).toBe(429);
  });

  it('TOTP on 50 pending sessions: ten counted failures lock 2FA, the rest and then the right code get 429', async () => {
    const user = await createUser(deps.db);
    const { secret } = await enrolTotp(deps, await c.as('rest', user));
    const sessions = await pendingSessions(user);
    const wrong = oathtool(secret, at(deps, -300));
    const outcomes = await burst((i) => sessions[i]!.call('twoFactor.verify', { code: wrong }));
    expectUserLimitHeld(outcomes, await userFailures(user.id));
    const right = await (await c.as('rest', user, 'pending_2fa')).call('twoFactor.verify', {
      code: oathtool(secret, deps.now()),
    });
    expect(right.status).toBe(429);
  });

  it('TOTP on one pending session: five counted failures end it; the rest and then the right code get 401', async () => {
    const user = await createUser(deps.db);
    const { secret } = await enrolTotp(deps, await c.as('rest', user));
    const session = await c.as('rest', user, 'pending_2fa');
    const copies: Client[] = await Promise.all(Array.from({ length: BURST }, () => c.withToken('rest', session.token)));
    const wrong = oathtool(secret, at(deps, -300));
    const outcomes = await burst((i) => copies[i]!.call('twoFactor.verify', { code: wrong }));

    const sessionFailures = (
      await limitState(deps, deps.db, LIMITS.twoFactorFailuresPerSession, sha256(session.token!))
    ).count;
    expect(sessionFailures).toBeLessThanOrEqual(SESSION_FAILURE_LIMIT);
    expect(await userFailures(user.id)).toBe(sessionFailures);
    expect(count(outcomes, 'INVALID_CODE')).toBe(sessionFailures);
    expect(count(outcomes, 'NOT_AUTHENTICATED')).toBe(BURST - sessionFailures);
    const right = await (await c.withToken('rest', session.token)).call('twoFactor.verify', {
      code: oathtool(secret, deps.now()),
    });
    expect(right.error?.code).toBe('NOT_AUTHENTICATED');
  });

  it('recovery codes (new recovery codes on a full session): ten counted failures, then 429 for a right one too', async () => {
    const user = await createUser(deps.db);
    const { recoveryCodes } = await enrolTotp(deps, await c.as('rest', user));
    const full = await c.as('rest', user);
    const copies = await Promise.all(Array.from({ length: BURST }, () => c.withToken('rest', full.token)));
    const outcomes = await burst((i) => copies[i]!.call('twoFactor.regenerateRecoveryCodes', { code: 'aaaaa-aaaaa' }));
    expectUserLimitHeld(outcomes, await userFailures(user.id));
    expect((await full.call('twoFactor.regenerateRecoveryCodes', { code: recoveryCodes[0] })).status).toBe(429);
  });

  it('e-mail 2FA enrolment code: five tries at the code, ten counted failures, and the enrolment does not happen', async () => {
    const user = await createUser(deps.db);
    const full = await c.as('rest', user);
    expect((await full.call('twoFactor.emailSetup', {})).status).toBe(200);
    const code = codeIn(lastMailTo(deps, user.email).text);
    const copies = await Promise.all(Array.from({ length: BURST }, () => c.withToken('rest', full.token)));
    const outcomes = await burst((i) => copies[i]!.call('twoFactor.emailConfirm', { code: otherThan(code) }));

    const row = await newestVerification('two_factor_setup', user.id);
    expect(row.attempts).toBeLessThanOrEqual(MAX_CODE_ATTEMPTS);
    expect(row.invalidatedAt).not.toBeNull();
    expectUserLimitHeld(outcomes, await userFailures(user.id));
    expect((await full.call('twoFactor.emailConfirm', { code })).status).not.toBe(200);
    expect((await full.call('auth.me')).body.user.twoFactorMethod).toBeNull();
  });

  it.each([
    ['address confirmation', 'add_email', 'account.confirmEmail'],
    ['merge confirmation', 'merge', 'account.confirmMerge'],
  ] as const)(
    '%s code: five tries, then the confirmation is void and the right code refused',
    async (_, purpose, procedure) => {
      const user = await createUser(deps.db);
      const other = await createUser(deps.db);
      const targetEmail = purpose === 'merge' ? other.email : uniqueEmail('ny');
      const { code, token } = await issueConfirmation(deps, { userId: user.id, purpose, targetEmail });
      const full = await c.as('rest', user);
      const copies = await Promise.all(Array.from({ length: BURST }, () => c.withToken('rest', full.token)));
      const outcomes = await burst((i) => copies[i]!.call(procedure, { code: otherThan(code) }));

      expect(codes(outcomes).every((c) => c === 'INVALID_CODE')).toBe(true);
      const row = await newestVerification(purpose, user.id);
      expect(row.attempts).toBe(MAX_CODE_ATTEMPTS);
      expect(row.invalidatedAt).not.toBeNull();
      expect((await full.call(procedure, { code })).error?.code).toBe('INVALID_CODE');
      expect((await full.call(procedure, { token })).error?.code).toBe('INVALID_LINK');
      expect(await deps.db.select().from(userSecondaryEmail).where(eq(userSecondaryEmail.userId, user.id))).toEqual([]);
    },
  );
});
