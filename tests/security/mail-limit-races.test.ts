import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/auth/rate-limit';
import { isOpen, type VerificationPurpose } from '../../server/auth/verification';
import { verification } from '../../server/db/schema';
import { databaseKinds } from '../helpers/db';
import { createTestDeps } from '../helpers/deps';
import { createUser, uniqueEmail } from '../helpers/factories';
import { mailsTo } from '../helpers/mail';
import { clients, fire, serverErrors, statuses, type Client, type Outcome } from '../helpers/transport';
import { enrolEmail } from '../two-factor/support';

/**
 * Every request that mails a code to the caller counts against their mail limit (docs/contract.md section 6,
 * five per ten minutes) and leaves one code open (a new code voids the previous one). Fired 50 at once over
 * the real server: at most five mails go out, the rest are 429, and exactly one code is open afterwards.
 */
const BURST = 50;
const MAIL_LIMIT = LIMITS.mailsPerUser.max;

const setups = await Promise.all(
  databaseKinds().map(async (kind) => {
    const deps = await createTestDeps({ db: kind });
    return { kind, deps, c: clients(deps) };
  }),
);

describe.each(setups)(`$kind: ${BURST} parallel requests for a mailed code`, ({ deps, c }) => {
  beforeEach(() => deps.clock.advance(LIMITS.mailsPerUser.windowSeconds + 1));

  const openCodes = async (purpose: VerificationPurpose, userId: string) =>
    (
      await deps.db
        .select({ id: verification.id })
        .from(verification)
        .where(and(eq(verification.purpose, purpose), eq(verification.target, userId), isOpen(deps.now())))
    ).length;

  async function expectLimitHeld(send: (i: number) => Promise<Outcome>, address: string) {
    const before = mailsTo(deps, address).length;
    const outcomes = await fire(BURST, send);
    expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
    expect(statuses(outcomes)).toEqual({ '200': MAIL_LIMIT, '429 RATE_LIMITED': BURST - MAIL_LIMIT });
    expect(mailsTo(deps, address).length - before).toBe(MAIL_LIMIT);
  }

  it('twoFactor.sendEmailCode: five codes mailed, one open', async () => {
    const user = await createUser(deps.db, { email: uniqueEmail('kode') });
    await enrolEmail(deps, await c.as('rest', user), user.email);
    deps.clock.advance(LIMITS.mailsPerUser.windowSeconds + 1);
    const sessions: Client[] = await Promise.all(
      Array.from({ length: BURST }, () => c.as('rest', user, 'pending_2fa')),
    );
    await expectLimitHeld((i) => sessions[i]!.call('twoFactor.sendEmailCode'), user.email);
    expect(await openCodes('two_factor', user.id)).toBe(1);
  });

  it('account.requestDeletionCode: five codes mailed, one open', async () => {
    const user = await createUser(deps.db, { email: uniqueEmail('slett') });
    const client = await c.as('rest', user);
    await expectLimitHeld(() => client.call('account.requestDeletionCode'), user.email);
    expect(await openCodes('account_deletion', user.id)).toBe(1);
  });
  it('account.addEmail: five confirmations mailed to the new address, one open', async () => {
    const user = await createUser(deps.db);
    const address = uniqueEmail('ny-adresse');
    const client = await c.as('rest', user);
    await expectLimitHeld(() => client.call('account.addEmail', { email: address }), address);
    expect(await openCodes('add_email', user.id)).toBe(1);
  });

  it('account.requestMerge: five confirmations mailed to the other account, one open', async () => {
    const user = await createUser(deps.db);
    const other = await createUser(deps.db, { email: uniqueEmail('andre') });
    const client = await c.as('rest', user);
    await expectLimitHeld(() => client.call('account.requestMerge', { email: other.email }), other.email);
    expect(await openCodes('merge', user.id)).toBe(1);
  });

  it('twoFactor.emailSetup: five enrolment codes mailed, one open', async () => {
    const user = await createUser(deps.db, { email: uniqueEmail('oppsett') });
    const client = await c.as('rest', user);
    await expectLimitHeld(() => client.call('twoFactor.emailSetup', {}), user.email);
    expect(await openCodes('two_factor_setup', user.id)).toBe(1);
  });

  it(`account.export: ${LIMITS.accountExportsPerUser.max} exports an hour, however many are asked for at once`, async () => {
    const user = await createUser(deps.db);
    const client = await c.as('rest', user);
    const outcomes = await fire(BURST, () => client.call('account.export'));
    const allowed = LIMITS.accountExportsPerUser.max;
    expect(statuses(outcomes)).toEqual({ '200': allowed, '429 RATE_LIMITED': BURST - allowed });
  });
});
