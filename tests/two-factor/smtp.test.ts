import { afterAll, describe, expect, it } from 'vitest';
import { createTestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startSmtpServer, type ReceivedMail } from '../helpers/smtp';
import { clients, TRANSPORTS } from '../helpers/transport';
import { codeIn } from '../helpers/mail';

const PASSWORD = 'korrekt hest batteri stift';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const deps = await createTestDeps({ env: { SMTP_URL: smtp.url } });
const c = clients(deps);

/** E-mailed codes on the real mail path: nodemailer to SMTP_URL, aiosmtpd, the message read from its Maildir. */
describe('e-mailed 2FA codes over real SMTP', () => {
  async function nextMailTo(address: string): Promise<ReceivedMail> {
    const before = smtp.messages().filter((m) => m.to === address).length;
    for (let i = 0; i < 200; i++) {
      const mine = smtp.messages().filter((m) => m.to === address);
      if (mine.length > before) return mine[mine.length - 1]!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no new mail to ${address}`);
  }

  it.each(TRANSPORTS)('enrols, signs in and is notified over %s', async (transport) => {
    const user = await createUser(deps.db, { password: PASSWORD });
    const settings = await c.as(transport, user);

    const setupMail = nextMailTo(user.email);
    expect((await settings.call('twoFactor.emailSetup', {})).status).toBe(200);
    const setup = await setupMail;
    expect(setup.subject).toBe('Bekreft tofaktorautentisering med e-post');
    expect(setup.text).toContain('tofaktorautentisering');
    const notice = nextMailTo(user.email);
    expect((await settings.call('twoFactor.emailConfirm', { code: codeIn(setup.text) })).body.stage).toBe('full');
    expect((await notice).text).toContain('slått på');
    // Nothing went to the development outbox: it all went over SMTP.
    expect(deps.mailer.outbox).toHaveLength(0);

    const client = await c.anonymous(transport);
    expect((await client.call('auth.login', { email: user.email, password: PASSWORD })).body.stage).toBe('pending_2fa');
    const codeMail = nextMailTo(user.email);
    expect((await client.call('twoFactor.sendEmailCode')).status).toBe(200);
    const mail = await codeMail;
    expect(mail.subject).toBe('Innloggingskode for Hullvis');
    expect(mail.text).toMatch(/gjelder i 10 minutter/);
    const verified = await client.call('twoFactor.verify', { code: codeIn(mail.text) });
    expect(verified.body).toMatchObject({ stage: 'full', user: { id: user.id, twoFactorMethod: 'email' } });
  });
});
