import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findUserById } from '../../server/auth/users';
import { auditLog, recoveryCode, twoFactorSetup } from '../../server/db/schema';
import { createTestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { clients, TRANSPORTS, type Client } from '../helpers/transport';
import { codeIn, lastMailTo, mailsTo } from '../helpers/mail';
import { enrolEmail, enrolTotp, oathtool, secretFromUri } from './support';

const deps = await createTestDeps();
const c = clients(deps);
const RECOVERY_CODE = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

async function userWithRole(role: 'owner' | 'admin' | 'member' | null) {
  const user = await createUser(deps.db);
  if (role) await addMember(deps.db, (await createOrganization(deps.db)).id, user.id, role);
  return user;
}

async function methodOf(userId: string) {
  return (await findUserById(deps.db, userId))!.twoFactorMethod;
}

async function auditActions(userId: string) {
  const rows = await deps.db.select().from(auditLog).where(eq(auditLog.subjectUserId, userId));
  return rows.map((r) => r.action);
}

describe.each(TRANSPORTS)('2FA enrolment over %s', (transport) => {
  it('TOTP: setup changes nothing until a right code confirms it; the secret is never shown again', async () => {
    const user = await userWithRole(null);
    const client = await c.as(transport, user);

    const setup = await client.call('twoFactor.totpSetup', {});
    expect(setup.status).toBe(200);
    expect(Object.keys(setup.body).sort()).toEqual(['otpauthUri', 'secret']);
    const secret = secretFromUri(setup.body.otpauthUri);
    expect(secret).toBe(setup.body.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(decodeURIComponent(setup.body.otpauthUri)).toContain(`Hullvis:${user.email}`);

    // Nothing has changed yet, and the pending secret is not stored in the clear.
    expect(await methodOf(user.id)).toBeNull();
    expect((await client.call('auth.me')).body.user.twoFactorMethod).toBeNull();
    const [pendingRow] = await deps.db.select().from(twoFactorSetup).where(eq(twoFactorSetup.userId, user.id));
    expect(pendingRow!.secret).not.toContain(secret);

    const wrong = await client.call('twoFactor.totpConfirm', {
      code: oathtool(secret, new Date(deps.now().getTime() - 90_000)),
    });
    expect(wrong.error?.code).toBe('INVALID_CODE');
    expect(await methodOf(user.id)).toBeNull();

    const confirm = await client.call('twoFactor.totpConfirm', { code: oathtool(secret, deps.now()) });
    expect(confirm.status).toBe(200);
    expect(confirm.body.stage).toBe('full');
    expect(confirm.body.user).toMatchObject({ id: user.id, twoFactorMethod: 'totp' });
    expect(confirm.setCookies.join()).toMatch(/service_session=.+/);
    const codes = confirm.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);

    // Stored encrypted and hashed; never in an answer again.
    const stored = (await findUserById(deps.db, user.id))!;
    expect(stored.totpSecret).toBeTruthy();
    expect(stored.totpSecret).not.toContain(secret);
    const hashes = await deps.db.select().from(recoveryCode).where(eq(recoveryCode.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) for (const code of codes) expect(row.codeHash).not.toContain(code.replace('-', ''));
    const me = await client.call('auth.me');
    expect(JSON.stringify(me.body)).not.toContain(secret);
    const again = await client.call('twoFactor.totpSetup', {});
    expect(again.status).toBe(400);
    expect(again.error?.issues?.[0]?.path).toBe('currentCode');

    expect(lastMailTo(deps, user.email).subject).toBe('Tofaktorautentisering er endret');
    expect(lastMailTo(deps, user.email).text).toContain('slått på');
    expect(await auditActions(user.id)).toContain('two_factor.enabled');
  });

  it('e-mail: setup mails a code to the primary address; confirming it turns the method on', async () => {
    const user = await userWithRole(null);
    const client = await c.as(transport, user);

    expect((await client.call('twoFactor.emailSetup', {})).body).toEqual({ ok: true });
    const mail = lastMailTo(deps, user.email);
    expect(mail.subject).toBe('Bekreft tofaktorautentisering med e-post');
    expect(await methodOf(user.id)).toBeNull();

    // Resending replaces the code.
    expect((await client.call('twoFactor.sendEmailCode')).status).toBe(200);
    const code = codeIn(lastMailTo(deps, user.email).text);
    const older = codeIn(mail.text);
    if (older !== code)
      expect((await client.call('twoFactor.emailConfirm', { code: older })).error?.code).toBe('INVALID_CODE');

    const confirm = await client.call('twoFactor.emailConfirm', { code });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ stage: 'full', user: { twoFactorMethod: 'email' } });
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    expect(await methodOf(user.id)).toBe('email');
    // One use: the enrolment is over.
    expect((await client.call('twoFactor.emailConfirm', { code })).error?.code).toBe('CONFLICT');
  });

  it('mandatory enrolment: an owner in must_enroll_2fa sets up TOTP and gets a full session', async () => {
    const owner = await userWithRole('owner');
    const client = await c.as(transport, owner, 'must_enroll_2fa');
    expect((await client.call('auth.me')).error?.code).toBe('NOT_AUTHENTICATED');
    expect((await client.call('twoFactor.disable', { code: '123456' })).error?.code).toBe('NOT_AUTHENTICATED');
    expect((await client.call('twoFactor.regenerateRecoveryCodes', { code: '123456' })).error?.code).toBe(
      'NOT_AUTHENTICATED',
    );

    const secret = secretFromUri((await client.call('twoFactor.totpSetup')).body.otpauthUri);
    const confirm = await client.call('twoFactor.totpConfirm', { code: oathtool(secret, deps.now()) });
    expect(confirm.body.stage).toBe('full');
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    const me = await client.call('auth.me');
    expect(me.status).toBe(200);
    expect(me.body.user.twoFactorMethod).toBe('totp');
  });

  it('mandatory enrolment: an admin in must_enroll_2fa enrols e-mail codes and gets a full session', async () => {
    const admin = await userWithRole('admin');
    const client = await c.as(transport, admin, 'must_enroll_2fa');
    // Nothing to send before an e-mail enrolment has started.
    expect((await client.call('twoFactor.sendEmailCode')).error?.code).toBe('CONFLICT');
    expect((await client.call('twoFactor.emailSetup')).status).toBe(200);
    const confirm = await client.call('twoFactor.emailConfirm', { code: codeIn(lastMailTo(deps, admin.email).text) });
    expect(confirm.body.stage).toBe('full');
    expect((await client.call('auth.me')).body.user.twoFactorMethod).toBe('email');
  });

  it('keeps pending_2fa and anonymous callers out of the setup endpoints', async () => {
    const user = await userWithRole(null);
    for (const client of [await c.as(transport, user, 'pending_2fa'), await c.anonymous(transport)]) {
      for (const call of ['twoFactor.totpSetup', 'twoFactor.emailSetup'] as const) {
        expect((await client.call(call, {})).error?.code).toBe('NOT_AUTHENTICATED');
      }
      for (const call of [
        'twoFactor.totpConfirm',
        'twoFactor.emailConfirm',
        'twoFactor.disable',
        'twoFactor.regenerateRecoveryCodes',
      ] as const) {
        expect((await client.call(call, { code: '123456' })).error?.code).toBe('NOT_AUTHENTICATED');
      }
    }
  });

  it('confirming without a setup, or after it expired (15 minutes), is a conflict', async () => {
    const user = await userWithRole(null);
    const client = await c.as(transport, user);
    expect((await client.call('twoFactor.totpConfirm', { code: '123456' })).error?.code).toBe('CONFLICT');
    const secret = secretFromUri((await client.call('twoFactor.totpSetup', {})).body.otpauthUri);
    deps.clock.advance(15 * 60 + 1);
    expect((await client.call('twoFactor.totpConfirm', { code: oathtool(secret, deps.now()) })).error?.code).toBe(
      'CONFLICT',
    );
    expect(await methodOf(user.id)).toBeNull();
  });

  it('refuses malformed input with 400', async () => {
    const user = await userWithRole(null);
    const client = await c.as(transport, user);
    expect((await client.call('twoFactor.totpSetup', { currentCode: '12345' })).error?.code).toBe('INVALID_INPUT');
    expect((await client.call('twoFactor.totpSetup', { other: true })).error?.code).toBe('INVALID_INPUT');
    expect((await client.call('twoFactor.totpConfirm', { code: 'abcde-fghij' })).error?.code).toBe('INVALID_INPUT');
    expect((await client.call('twoFactor.emailConfirm', {})).error?.code).toBe('INVALID_INPUT');
    expect((await client.call('twoFactor.sendEmailCode', { email: 'x@example.no' })).error?.code).toBe('INVALID_INPUT');
  });

  it('replacing TOTP by e-mail needs a current code, ends the other sessions and sends a notice', async () => {
    const user = await userWithRole(null);
    const client = await c.as(transport, user);
    const { secret, recoveryCodes } = await enrolTotp(deps, client);
    const otherDevice = await c.as(transport, user);

    expect((await client.call('twoFactor.emailSetup', {})).error?.issues?.[0]?.path).toBe('currentCode');
    const wrong = oathtool(secret, new Date(deps.now().getTime() - 120_000));
    expect((await client.call('twoFactor.emailSetup', { currentCode: wrong })).error?.code).toBe('INVALID_CODE');
    expect((await client.call('twoFactor.emailSetup', { currentCode: oathtool(secret, deps.now()) })).status).toBe(200);
    // Until the confirmation nothing changes, and the other device stays signed in.
    expect(await methodOf(user.id)).toBe('totp');
    expect((await otherDevice.call('auth.me')).status).toBe(200);

    const confirm = await client.call('twoFactor.emailConfirm', { code: codeIn(lastMailTo(deps, user.email).text) });
    expect(confirm.body).toMatchObject({ stage: 'full', user: { twoFactorMethod: 'email' } });
    expect((await client.call('auth.me')).status).toBe(200);
    expect((await otherDevice.call('auth.me')).error?.code).toBe('NOT_AUTHENTICATED');

    const notice = lastMailTo(deps, user.email);
    expect(notice.subject).toBe('Tofaktorautentisering er endret');
    expect(notice.text).toContain('endret fra autentiseringsapp til engangskode på e-post');
    expect(notice.text).toContain('logget ut på alle andre enheter');

    // The old app and the old recovery codes are worth nothing now; the new codes work.
    deps.clock.advance(30);
    const pending = await c.as(transport, user, 'pending_2fa');
    expect((await pending.call('twoFactor.verify', { code: oathtool(secret, deps.now()) })).error?.code).toBe(
      'INVALID_CODE',
    );
    expect((await pending.call('twoFactor.verify', { code: recoveryCodes[1] })).error?.code).toBe('INVALID_CODE');
    expect((await pending.call('twoFactor.verify', { code: confirm.body.recoveryCodes[1] })).status).toBe(200);
  });

  it('replacing a TOTP secret (a new phone) with a recovery code as the current code', async () => {
    const user = await userWithRole('owner');
    const client = await c.as(transport, user);
    const { secret: oldSecret, recoveryCodes } = await enrolTotp(deps, client);
    const setup = await client.call('twoFactor.totpSetup', { currentCode: recoveryCodes[0] });
    const newSecret = secretFromUri(setup.body.otpauthUri);
    expect(newSecret).not.toBe(oldSecret);
    expect((await client.call('twoFactor.totpConfirm', { code: oathtool(newSecret, deps.now()) })).body.stage).toBe(
      'full',
    );
    expect(lastMailTo(deps, user.email).text).toContain('satt opp på nytt');

    deps.clock.advance(30);
    const pending = await c.as(transport, user, 'pending_2fa');
    expect((await pending.call('twoFactor.verify', { code: oathtool(oldSecret, deps.now()) })).error?.code).toBe(
      'INVALID_CODE',
    );
    expect((await pending.call('twoFactor.verify', { code: oathtool(newSecret, deps.now()) })).status).toBe(200);
  });

  it('at most 5 mails per user per 10 minutes from the e-mail setup', async () => {
    const user = await userWithRole(null);
    const client = await c.as(transport, user);
    for (let i = 0; i < 5; i++) expect((await client.call('twoFactor.emailSetup', {})).status).toBe(200);
    const sixth = await client.call('twoFactor.emailSetup', {});
    expect(sixth.status).toBe(429);
    expect(sixth.error?.code).toBe('RATE_LIMITED');
    expect(sixth.retryAfter).toBeGreaterThan(0);
    expect((await client.call('twoFactor.sendEmailCode')).status).toBe(429);
    expect(mailsTo(deps, user.email)).toHaveLength(5);
  });
});

describe.each(TRANSPORTS)('disabling 2FA and recovery codes over %s', (transport) => {
  it.each(['owner', 'admin'] as const)('refuses an %s with 403 TWO_FACTOR_REQUIRED', async (role) => {
    const user = await userWithRole(role);
    const client = await c.as(transport, user);
    const { secret } = await enrolTotp(deps, client);
    const refused = await client.call('twoFactor.disable', { code: oathtool(secret, deps.now()) });
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('TWO_FACTOR_REQUIRED');
    expect(await methodOf(user.id)).toBe('totp');
  });

  it('turns TOTP off for a member with a current code, ends other sessions and sends a notice', async () => {
    const user = await userWithRole('member');
    const client = await c.as(transport, user);
    const { secret } = await enrolTotp(deps, client);
    const otherDevice = await c.as(transport, user);

    expect(
      (await client.call('twoFactor.disable', { code: oathtool(secret, new Date(deps.now().getTime() - 120_000)) }))
        .error?.code,
    ).toBe('INVALID_CODE');
    expect(await methodOf(user.id)).toBe('totp');

    const done = await client.call('twoFactor.disable', { code: oathtool(secret, deps.now()) });
    expect(done.body).toEqual({ ok: true });
    expect(done.setCookies.join()).toMatch(/service_session=.+/);
    expect((await client.call('auth.me')).body.user.twoFactorMethod).toBeNull();
    expect((await otherDevice.call('auth.me')).error?.code).toBe('NOT_AUTHENTICATED');

    const stored = (await findUserById(deps.db, user.id))!;
    expect(stored.totpSecret).toBeNull();
    expect(await deps.db.select().from(recoveryCode).where(eq(recoveryCode.userId, user.id))).toEqual([]);
    const notice = lastMailTo(deps, user.email);
    expect(notice.subject).toBe('Tofaktorautentisering er slått av');
    expect(await auditActions(user.id)).toContain('two_factor.disabled');

    expect((await client.call('twoFactor.disable', { code: '123456' })).error?.code).toBe('CONFLICT');
  });

  it('turns e-mail codes off with a code mailed to a full session', async () => {
    const user = await userWithRole(null);
    const client = await c.as(transport, user);
    await enrolEmail(deps, client, user.email);
    expect((await client.call('twoFactor.sendEmailCode')).status).toBe(200);
    const mail = lastMailTo(deps, user.email);
    expect(mail.subject).toBe('Innloggingskode for Hullvis');
    expect((await client.call('twoFactor.disable', { code: codeIn(mail.text) })).status).toBe(200);
    expect(await methodOf(user.id)).toBeNull();
  });

  it('regenerates recovery codes with a current code: the old ones stop working', async () => {
    const user = await userWithRole(null);
    const client = await c.as(transport, user);
    expect((await client.call('twoFactor.regenerateRecoveryCodes', { code: '123456' })).error?.code).toBe('CONFLICT');
    const { secret, recoveryCodes: old } = await enrolTotp(deps, client);

    expect((await client.call('twoFactor.regenerateRecoveryCodes', { code: 'aaaaa-aaaaa' })).error?.code).toBe(
      'INVALID_CODE',
    );
    const answer = await client.call('twoFactor.regenerateRecoveryCodes', { code: oathtool(secret, deps.now()) });
    expect(Object.keys(answer.body)).toEqual(['recoveryCodes']);
    const fresh = answer.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    for (const code of fresh) expect(code).toMatch(RECOVERY_CODE);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    expect(await auditActions(user.id)).toContain('two_factor.recovery_codes_regenerated');

    const pending = await c.as(transport, user, 'pending_2fa');
    expect((await pending.call('twoFactor.verify', { code: old[0] })).error?.code).toBe('INVALID_CODE');
    expect((await pending.call('twoFactor.verify', { code: fresh[0] })).status).toBe(200);
  });

  it('counts wrong current codes towards the lock: the tenth locks disabling too', async () => {
    const user = await userWithRole(null);
    const client = await c.as(transport, user);
    const { secret } = await enrolTotp(deps, client);
    const wrong = oathtool(secret, new Date(deps.now().getTime() - 300_000));
    for (let i = 0; i < 10; i++)
      expect((await client.call('twoFactor.disable', { code: wrong })).error?.code).toBe('INVALID_CODE');
    const locked = await client.call('twoFactor.disable', { code: oathtool(secret, deps.now()) });
    expect(locked.status).toBe(429);
    expect(locked.retryAfter).toBe(15 * 60);
    expect(await methodOf(user.id)).toBe('totp');
    const [lock] = await deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'two_factor.locked')));
    expect(lock).toBeDefined();
  });

  it('never puts a secret or a code into the audit log', async () => {
    const user = await userWithRole(null);
    const client: Client = await c.as(transport, user);
    const { secret, recoveryCodes } = await enrolTotp(deps, client);
    const rows = JSON.stringify(await deps.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id)));
    expect(rows).not.toContain(secret);
    for (const code of recoveryCodes) expect(rows).not.toContain(code);
  });
});
