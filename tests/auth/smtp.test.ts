import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, storedLimitKey } from '../../server/auth/rate-limit';
import { rateLimitHit, verification } from '../../server/db/schema';
import { sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser, uniqueEmail } from '../helpers/factories';
import { startTestServer, unusedPort, type TestServer } from '../helpers/server';
import { startSmtpServer, type SmtpServer } from '../helpers/smtp';
import { restClient, trpcClient } from '../helpers/transport';
import { signInFromMail } from '../helpers/mail';

/** The real mail path: nodemailer to SMTP_URL, a real SMTP server (aiosmtpd), the message read back from its Maildir. */
describe('sign-in mail over real SMTP', () => {
  let smtp: SmtpServer;
  let deps: TestDeps;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    deps = await createTestDeps({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Hullvis <ikke-svar@hullvis.test>' },
      closeAfterAll: false,
    });
    server = await startTestServer(deps);
  });
  afterAll(async () => {
    await server?.close();
    await deps?.close();
    await smtp?.close();
  });

  it('delivers the Norwegian sign-in mail through SMTP, and its link signs in', async () => {
    const address = uniqueEmail('smtp');
    const res = await restClient(server.url).call('auth.requestLink', { email: address });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    // Nothing in the development outbox: the mail went out over SMTP.
    expect(deps.mailer.outbox).toHaveLength(0);

    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.to).toBe(address);
    expect(mail!.from).toBe('Hullvis <ikke-svar@hullvis.test>');
    expect(mail!.subject).toBe('Logg inn på Hullvis');
    expect(mail!.text).toContain('Lenken og koden gjelder i 15 minutter');
    const { token, link } = signInFromMail(mail!);
    expect(link.startsWith(`${deps.config.publicUrl}/login/verify?token=`)).toBe(true);
    expect(mail!.html).toContain(`href="${link}"`);

    const c = restClient(server.url);
    const verified = await c.call('auth.verifyLink', { token });
    expect(verified).toMatchObject({ status: 200, body: { user: { email: address }, stage: 'full' } });
    expect((await c.call('auth.me')).status).toBe(200);
  });

  it('delivers the code that signs in on another device', async () => {
    const user = await createUser(deps.db);
    const before = smtp.messages().length;
    await trpcClient(deps).call('auth.requestLink', { email: user.email });
    const mails = await smtp.waitForMessages(before + 1);
    const { code } = signInFromMail(mails[mails.length - 1]!);
    const c = trpcClient(deps);
    expect(await c.call('auth.verifyLink', { email: user.email, code })).toMatchObject({
      status: 200,
      body: { user: { id: user.id } },
    });
  });
});

describe('mail when the SMTP server is down', () => {
  let deps: TestDeps;
  let server: TestServer;
  beforeAll(async () => {
    deps = await createTestDeps({ env: { SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}` }, closeAfterAll: false });
    server = await startTestServer(deps);
  });
  afterAll(async () => {
    await server?.close();
    await deps?.close();
  });

  const MAIL_NOT_SENT = {
    status: 500,
    error: { code: 'INTERNAL', message: 'Vi fikk ikke sendt e-posten. Prøv igjen om litt.' },
  };
  const mailCounts = (key: string) =>
    deps.db
      .select()
      .from(rateLimitHit)
      .where(
        and(
          eq(rateLimitHit.bucket, LIMITS.mailsPerUser.bucket),
          eq(rateLimitHit.key, storedLimitKey(deps, LIMITS.mailsPerUser, key)),
        ),
      );

  it('answers 500 with a Norwegian message, hands the cooldown back, and voids the undelivered link', async () => {
    const address = uniqueEmail('nede');
    // Twice in a row, over both transports: the second is not 429, since no mail went out the first time.
    for (const client of [restClient(server.url), trpcClient(deps)]) {
      expect(await client.call('auth.requestLink', { email: address })).toMatchObject(MAIL_NOT_SENT);
    }
    const links = await deps.db.select().from(verification).where(eq(verification.target, address));
    expect(links).toHaveLength(2);
    expect(links.every((link) => link.invalidatedAt !== null)).toBe(true);
    expect(await mailCounts(`address:${address}`)).toEqual([]);
  });

  it('still signs an e-mail-2FA user in to pending_2fa; a new code and a new address fail alike and cost nothing', async () => {
    const user = await createUser(deps.db, { password: 'et passord for nedetid', twoFactorMethod: 'email' });
    const client = restClient(server.url);
    expect(await client.call('auth.login', { email: user.email, password: 'et passord for nedetid' })).toMatchObject({
      status: 200,
      body: { stage: 'pending_2fa' },
    });
    expect(await client.call('twoFactor.sendEmailCode')).toMatchObject(MAIL_NOT_SENT);

    const full = restClient(server.url, { token: await sessionTokenFor(deps, user) });
    expect(await full.call('account.addEmail', { email: uniqueEmail('ny') })).toMatchObject(MAIL_NOT_SENT);
    expect(await mailCounts(user.id)).toEqual([]);
  });
});
