import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appUser } from '../../server/db/schema';
import { createTestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { clients, TRANSPORTS, type Client } from '../helpers/transport';
import { codeIn, lastMailTo } from '../helpers/mail';
import { at, enrolEmail, enrolTotp, oathtool, toMiddleOfStep } from './support';

const deps = await createTestDeps();
const c = clients(deps);

/** POST /auth/2fa/verify: a pending session plus a right code becomes a full session. */
describe.each(TRANSPORTS)('2FA verification over %s', (transport) => {
  async function totpUser() {
    const user = await createUser(deps.db);
    const { secret, recoveryCodes } = await enrolTotp(deps, await c.as(transport, user));
    return { user, secret, recoveryCodes };
  }
  const pending = (user: { id: string }) => c.as(transport, user, 'pending_2fa');
  const verify = (client: Client, code: unknown) => client.call('twoFactor.verify', { code });

  it('turns a pending session into a full one with a TOTP code from an independent implementation', async () => {
    const { user, secret } = await totpUser();
    const client = await pending(user);
    expect((await client.call('auth.me')).status).toBe(401);
    const pendingToken = client.token;

    const answer = await verify(client, oathtool(secret, deps.now()));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      user: expect.objectContaining({ id: user.id, twoFactorMethod: 'totp' }),
      stage: 'full',
    });
    expect(answer.setCookies.join()).toMatch(/service_session=.+Max-Age=2592000/);
    expect(client.token).not.toBe(pendingToken);
    expect((await client.call('auth.me')).body.user.id).toBe(user.id);

    // The pending token has been used up: a kept copy is good for nothing.
    const copy = await c.withToken(transport, pendingToken);
    deps.clock.advance(30);
    expect((await verify(copy, oathtool(secret, deps.now()))).error?.code).toBe('NOT_AUTHENTICATED');
  });

  it('accepts steps t-1, t and t+1 only, and each step once (a replay within the window fails)', async () => {
    const { user, secret } = await totpUser();
    toMiddleOfStep(deps);
    const code = (steps: number) => oathtool(secret, at(deps, steps * 30));

    const first = await pending(user);
    expect((await verify(first, code(-2))).error?.code).toBe('INVALID_CODE');
    expect((await verify(first, code(2))).error?.code).toBe('INVALID_CODE');
    expect((await verify(first, code(-1))).status).toBe(200);

    const second = await pending(user);
    expect((await verify(second, code(-1))).error?.code).toBe('INVALID_CODE');
    expect((await verify(second, code(0))).status).toBe(200);

    const third = await pending(user);
    expect((await verify(third, code(0))).error?.code).toBe('INVALID_CODE');
    expect((await verify(third, code(1))).status).toBe(200);

    // t+1 has been used: it and every earlier step are spent, though still inside the window.
    const fourth = await pending(user);
    expect((await verify(fourth, code(1))).error?.code).toBe('INVALID_CODE');
    expect((await verify(fourth, code(0))).error?.code).toBe('INVALID_CODE');
    deps.clock.advance(60);
    expect((await verify(fourth, code(0))).status).toBe(200);
  });

  it('accepts an e-mailed code: one use, the newest only, for 10 minutes', async () => {
    const user = await createUser(deps.db);
    await enrolEmail(deps, await c.as(transport, user), user.email);

    const client = await pending(user);
    expect((await client.call('twoFactor.sendEmailCode')).body).toEqual({ ok: true });
    const older = codeIn(lastMailTo(deps, user.email).text);
    await client.call('twoFactor.sendEmailCode');
    const newer = codeIn(lastMailTo(deps, user.email).text);
    if (older !== newer) expect((await verify(client, older)).error?.code).toBe('INVALID_CODE');
    expect((await verify(client, newer)).body.stage).toBe('full');

    const again = await pending(user);
    expect((await verify(again, newer)).error?.code).toBe('INVALID_CODE');

    await again.call('twoFactor.sendEmailCode');
    const late = codeIn(lastMailTo(deps, user.email).text);
    deps.clock.advance(10 * 60 + 1);
    const afterExpiry = await pending(user);
    expect((await verify(afterExpiry, late)).error?.code).toBe('INVALID_CODE');
  });

  it('voids an e-mailed code after 5 wrong tries', async () => {
    const user = await createUser(deps.db);
    await enrolEmail(deps, await c.as(transport, user), user.email);
    const client = await pending(user);
    await client.call('twoFactor.sendEmailCode');
    const code = codeIn(lastMailTo(deps, user.email).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify(client, wrong)).error?.code).toBe('INVALID_CODE');
    expect((await verify(await pending(user), code)).error?.code).toBe('INVALID_CODE');
  });

  it('accepts each recovery code once, typed in any case and with or without the hyphen', async () => {
    const { user, recoveryCodes } = await totpUser();
    const [a, b] = recoveryCodes as [string, string];
    expect(recoveryCodes).toHaveLength(10);

    expect((await verify(await pending(user), a)).body.stage).toBe('full');
    expect((await verify(await pending(user), a)).error?.code).toBe('INVALID_CODE');
    expect((await verify(await pending(user), b.toUpperCase().replace('-', ''))).body.stage).toBe('full');
  });

  it('lets only pending sessions in: a full session is refused like a missing one', async () => {
    const { user, secret } = await totpUser();
    const code = oathtool(secret, deps.now());
    for (const client of [await c.anonymous(transport), await c.as(transport, user, 'full')]) {
      const outcome = await verify(client, code);
      expect(outcome.status).toBe(401);
      expect(outcome.error?.code).toBe('NOT_AUTHENTICATED');
    }
    const forged = await c.withToken(transport, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    expect((await verify(forged, code)).error?.code).toBe('NOT_AUTHENTICATED');

    // A pending session of a user deleted meanwhile is no session.
    const client = await pending(user);
    await deps.db.delete(appUser).where(eq(appUser.id, user.id));
    expect((await verify(client, code)).error?.code).toBe('NOT_AUTHENTICATED');
  });

  it('answers 400 INVALID_INPUT for codes that are not six ASCII digits, without counting them', async () => {
    const { user, secret } = await totpUser();
    const client = await pending(user);
    const bad: unknown[] = [
      '12345',
      '1234567',
      '١٢٣٤٥٦',
      '１２３４５６',
      ' 123456',
      '123 456',
      '12345a',
      123456,
      null,
      'x'.repeat(10_000),
      '',
    ];
    for (const code of bad) {
      const outcome = await verify(client, code);
      expect(outcome.status, JSON.stringify(code)).toBe(400);
      expect(outcome.error?.code).toBe('INVALID_INPUT');
    }
    expect((await client.call('twoFactor.verify', {})).error?.code).toBe('INVALID_INPUT');
    expect((await client.call('twoFactor.verify', { code: '123456', extra: 1 })).error?.code).toBe('INVALID_INPUT');
    // Eleven malformed tries later the session is alive and the user not locked.
    expect((await verify(client, oathtool(secret, deps.now()))).status).toBe(200);
  });

  it('ends the pending session at the fifth wrong code', async () => {
    const { user, secret } = await totpUser();
    const client = await pending(user);
    const token = client.token;
    const wrong = oathtool(secret, at(deps, -300));
    for (let i = 1; i <= 4; i++) expect((await verify(client, wrong)).error?.code).toBe('INVALID_CODE');
    const fifth = await verify(client, wrong);
    expect(fifth.error?.code).toBe('INVALID_CODE');
    expect(fifth.setCookies.join()).toMatch(/service_session=;.*Max-Age=0/);

    // Refused even with a right code, and even to a client that kept the token.
    const kept = await c.withToken(transport, token);
    const outcome = await verify(kept, oathtool(secret, deps.now()));
    expect(outcome.status).toBe(401);
    expect(outcome.error?.code).toBe('NOT_AUTHENTICATED');
    // A new sign-in gets a new pending session.
    expect((await verify(await pending(user), oathtool(secret, deps.now()))).status).toBe(200);
  });

  it('locks 2FA for 15 minutes after 10 wrong codes in 15 minutes (429 with Retry-After)', async () => {
    const { user, secret, recoveryCodes } = await totpUser();
    const wrong = oathtool(secret, at(deps, -300));
    let client = await pending(user);
    for (let i = 1; i <= 10; i++) {
      if (i === 6) client = await pending(user); // the first session ended at its fifth wrong code
      expect((await verify(client, wrong)).error?.code).toBe('INVALID_CODE');
      deps.clock.advance(60);
    }
    // The tenth failure was at the clock's previous minute; the lock runs 15 minutes from it.
    const locked = await verify(await pending(user), oathtool(secret, deps.now()));
    expect(locked.status).toBe(429);
    expect(locked.error?.code).toBe('RATE_LIMITED');
    expect(locked.retryAfter).toBe(14 * 60);
    expect(locked.error?.message).toMatch(/For mange forsøk/);

    // The lock is the user's, whatever the session, and covers recovery codes too.
    expect((await verify(await pending(user), recoveryCodes[0])).status).toBe(429);
    deps.clock.advance(14 * 60 - 1);
    expect((await verify(await pending(user), oathtool(secret, deps.now()))).status).toBe(429);
    deps.clock.advance(1);
    expect((await verify(await pending(user), oathtool(secret, deps.now()))).status).toBe(200);
  });

  it('mails a new code only for e-mail users, at most 5 mails per user per 10 minutes', async () => {
    const { user: totp } = await totpUser();
    const refused = await (await pending(totp)).call('twoFactor.sendEmailCode');
    expect(refused.error?.code).toBe('CONFLICT');

    const user = await createUser(deps.db);
    await enrolEmail(deps, await c.as(transport, user), user.email); // one mail
    deps.clock.advance(10 * 60 + 1);
    const client = await pending(user);
    for (let i = 0; i < 5; i++) expect((await client.call('twoFactor.sendEmailCode')).status).toBe(200);
    const sixth = await client.call('twoFactor.sendEmailCode');
    expect(sixth.status).toBe(429);
    expect(sixth.retryAfter).toBe(10 * 60);
    const sent = deps.mailer.outbox.filter((m) => m.to === user.email).length;
    deps.clock.advance(10 * 60);
    expect((await (await pending(user)).call('twoFactor.sendEmailCode')).status).toBe(200);
    expect(deps.mailer.outbox.filter((m) => m.to === user.email).length).toBe(sent + 1);

    expect((await (await c.anonymous(transport)).call('twoFactor.sendEmailCode')).error?.code).toBe(
      'NOT_AUTHENTICATED',
    );
  });
});
