import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { clients, TRANSPORTS, type Client } from '../helpers/transport';
import { codeIn, lastMailTo, signInFromMail } from '../helpers/mail';
import { enrolEmail, enrolTotp, oathtool, secretFromUri } from './support';

const deps = await createTestDeps();
const c = clients(deps);
const PASSWORD = 'korrekt hest batteri stift';

/** The whole path a person takes: primary sign-in, then the second factor or the mandatory enrolment. */
describe.each(TRANSPORTS)('sign-in with two factors over %s', (transport) => {
  async function signInWithPassword(email: string): Promise<{ client: Client; stage: string }> {
    const client = await c.anonymous(transport);
    const answer = await client.call('auth.login', { email, password: PASSWORD });
    expect(answer.status).toBe(200);
    return { client, stage: answer.body.stage };
  }

  async function signInWithLink(email: string): Promise<{ client: Client; stage: string }> {
    const client = await c.anonymous(transport);
    expect((await client.call('auth.requestLink', { email })).status).toBe(200);
    const { token } = signInFromMail(lastMailTo(deps, email));
    const answer = await client.call('auth.verifyLink', { token });
    expect(answer.status).toBe(200);
    return { client, stage: answer.body.stage };
  }

  it('password → pending_2fa → TOTP code → full', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    const { secret } = await enrolTotp(deps, await c.as(transport, user));

    const { client, stage } = await signInWithPassword(user.email);
    expect(stage).toBe('pending_2fa');
    expect((await client.call('auth.me')).error?.code).toBe('NOT_AUTHENTICATED');

    const verified = await client.call('twoFactor.verify', { code: oathtool(secret, deps.now()) });
    expect(verified.body).toMatchObject({ stage: 'full', user: { id: user.id, twoFactorMethod: 'totp' } });
    expect((await client.call('auth.me')).body.user.id).toBe(user.id);
  });

  it('magic link → pending_2fa → e-mailed code → full', async () => {
    const user = await createUser(deps.db);
    await enrolEmail(deps, await c.as(transport, user), user.email);

    const { client, stage } = await signInWithLink(user.email);
    expect(stage).toBe('pending_2fa');
    expect((await client.call('twoFactor.sendEmailCode')).body).toEqual({ ok: true });
    const mail = lastMailTo(deps, user.email);
    expect(mail.subject).toBe('Innloggingskode for Hullvis');

    const verified = await client.call('twoFactor.verify', { code: codeIn(mail.text) });
    expect(verified.body).toMatchObject({ stage: 'full', user: { twoFactorMethod: 'email' } });
    expect((await client.call('auth.me')).status).toBe(200);
  });

  it('the e-mailed code arrives with the sign-in, without asking; a new one voids it', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    await enrolEmail(deps, await c.as(transport, user), user.email);
    const before = deps.mailer.outbox.length;

    const { client, stage } = await signInWithPassword(user.email);
    expect(stage).toBe('pending_2fa');
    expect(deps.mailer.outbox.length).toBe(before + 1);
    const first = lastMailTo(deps, user.email);
    expect(first.subject).toBe('Innloggingskode for Hullvis');

    expect((await client.call('twoFactor.sendEmailCode')).body).toEqual({ ok: true });
    const second = lastMailTo(deps, user.email);
    expect(codeIn(second.text)).not.toBe(codeIn(first.text));
    expect((await client.call('twoFactor.verify', { code: codeIn(first.text) })).error?.code).toBe('INVALID_CODE');
    expect((await client.call('twoFactor.verify', { code: codeIn(second.text) })).body.stage).toBe('full');
  });

  it('password → pending_2fa → recovery code → full', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    const { recoveryCodes } = await enrolTotp(deps, await c.as(transport, user));
    const { client } = await signInWithPassword(user.email);
    expect((await client.call('twoFactor.verify', { code: recoveryCodes[3] })).body.stage).toBe('full');
  });

  it('an owner without 2FA: password → must_enroll_2fa → TOTP setup → confirm → full; next time pending_2fa', async () => {
    const owner = await createUser(deps.db, { password: PASSWORD });
    await addMember(deps.db, (await createOrganization(deps.db)).id, owner.id, 'owner');

    const { client, stage } = await signInWithPassword(owner.email);
    expect(stage).toBe('must_enroll_2fa');
    expect((await client.call('auth.me')).error?.code).toBe('NOT_AUTHENTICATED');

    const setup = await client.call('twoFactor.totpSetup');
    const secret = secretFromUri(setup.body.otpauthUri);
    const confirmed = await client.call('twoFactor.totpConfirm', { code: oathtool(secret, deps.now()) });
    expect(confirmed.body).toMatchObject({ stage: 'full', user: { twoFactorMethod: 'totp' } });
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect((await client.call('auth.me')).status).toBe(200);

    deps.clock.advance(30);
    const again = await signInWithPassword(owner.email);
    expect(again.stage).toBe('pending_2fa');
    expect((await again.client.call('twoFactor.verify', { code: oathtool(secret, deps.now()) })).body.stage).toBe(
      'full',
    );
  });

  it('an admin without 2FA: magic link → must_enroll_2fa → e-mail setup → confirm → full', async () => {
    const admin = await createUser(deps.db);
    await addMember(deps.db, (await createOrganization(deps.db)).id, admin.id, 'admin');

    const { client, stage } = await signInWithLink(admin.email);
    expect(stage).toBe('must_enroll_2fa');
    expect((await client.call('twoFactor.emailSetup')).status).toBe(200);
    const confirmed = await client.call('twoFactor.emailConfirm', { code: codeIn(lastMailTo(deps, admin.email).text) });
    expect(confirmed.body).toMatchObject({ stage: 'full', user: { twoFactorMethod: 'email' } });
    expect((await client.call('auth.me')).status).toBe(200);
  });
});
