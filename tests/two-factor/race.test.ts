import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/db';
import { createTestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { clients, type Client } from '../helpers/transport';
import { codeIn, lastMailTo } from '../helpers/mail';
import { enrolEmail, enrolTotp, oathtool, secretFromUri } from './support';

const PARALLEL = 8;

/**
 * Parallel submissions of one valid code: exactly one succeeds. On PostgreSQL (TEST_DATABASE_URL) the
 * requests really run at once on separate connections; the consumption is one conditional statement.
 */
const setups = await Promise.all(
  databaseKinds().map(async (kind) => {
    const deps = await createTestDeps({ db: kind });
    return { kind, deps, c: clients(deps) };
  }),
);

describe.each(setups)('one valid code submitted in parallel on $kind', ({ deps, c }) => {
  async function pendingClients(user: { id: string }, transport: 'trpc' | 'rest'): Promise<Client[]> {
    return Promise.all(Array.from({ length: PARALLEL }, () => c.as(transport, user, 'pending_2fa')));
  }
  const statuses = (outcomes: { status: number }[]) => outcomes.map((o) => o.status).sort();
  const oneWinner = [200, ...Array(PARALLEL - 1).fill(400)];

  it.each(['trpc', 'rest'] as const)('TOTP verification over %s', async (transport) => {
    const user = await createUser(deps.db);
    const { secret } = await enrolTotp(deps, await c.as(transport, user));
    const code = oathtool(secret, deps.now());
    const outcomes = await Promise.all(
      (await pendingClients(user, transport)).map((cl) => cl.call('twoFactor.verify', { code })),
    );
    expect(statuses(outcomes)).toEqual(oneWinner);
  });

  it('recovery code', async () => {
    const user = await createUser(deps.db);
    const { recoveryCodes } = await enrolTotp(deps, await c.as('trpc', user));
    const code = recoveryCodes[0];
    const outcomes = await Promise.all(
      (await pendingClients(user, 'rest')).map((cl) => cl.call('twoFactor.verify', { code })),
    );
    expect(statuses(outcomes)).toEqual(oneWinner);
  });

  it('e-mailed code', async () => {
    const user = await createUser(deps.db);
    await enrolEmail(deps, await c.as('trpc', user), user.email);
    const sessions = await pendingClients(user, 'trpc');
    await sessions[0]!.call('twoFactor.sendEmailCode');
    const code = codeIn(lastMailTo(deps, user.email).text);
    const outcomes = await Promise.all(sessions.map((cl) => cl.call('twoFactor.verify', { code })));
    expect(statuses(outcomes)).toEqual(oneWinner);
  });

  it('TOTP enrolment confirmation: one set of recovery codes is the valid one', async () => {
    const user = await createUser(deps.db);
    const client = await c.as('rest', user);
    const secret = secretFromUri((await client.call('twoFactor.totpSetup', {})).body.otpauthUri);
    const code = oathtool(secret, deps.now());
    const copies = await Promise.all(Array.from({ length: PARALLEL }, () => c.withToken('rest', client.token)));
    const outcomes = await Promise.all(copies.map((cl) => cl.call('twoFactor.totpConfirm', { code })));
    // A loser finds either the code used (400) or the setup already confirmed (409).
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(1);
    expect(
      outcomes.every((o) => o.status === 200 || o.error?.code === 'INVALID_CODE' || o.error?.code === 'CONFLICT'),
    ).toBe(true);

    const issued = outcomes.find((o) => o.status === 200)!.body.recoveryCodes as string[];
    deps.clock.advance(30);
    const pending = await c.as('rest', user, 'pending_2fa');
    expect((await pending.call('twoFactor.verify', { code: issued[0] })).status).toBe(200);
  });
});
