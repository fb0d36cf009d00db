import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRMATION_SECONDS } from '../../server/account/confirmation';
import type { UserRow } from '../../server/auth/users';
import { userSecondaryEmail, verification } from '../../server/db/schema';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { TRANSPORTS, useDepsAndServer, type Client, type Transport } from '../helpers/transport';
import { lastMailTo, linkFromMail, mailsTo } from '../helpers/mail';
import { insertInvitation, signInByMagicLink, signInWithPassword } from '../organizations/support';

const PASSWORD = 'et langt og godt passord';

describe.each(TRANSPORTS)('secondary e-mail addresses over %s', (transport: Transport) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));

  beforeEach(() => deps.clock.advance(3600));

  const as = (user: UserRow) => env.as(user, transport);

  async function secondaryOf(user: UserRow): Promise<string[]> {
    const rows = await deps.db.select().from(userSecondaryEmail).where(eq(userSecondaryEmail.userId, user.id));
    return rows.map((r) => r.email).sort();
  }

  /** Asks to add `address` and returns what the confirmation mail carries. */
  async function requestAdd(c: Client, address: string) {
    const res = await c.call('account.addEmail', { email: address });
    expect(res.body).toEqual({ ok: true });
    return linkFromMail(lastMailTo(deps, address), '/konto/bekreft-epost');
  }

  it('lists the primary address and no secondary ones at first', async () => {
    const user = await createUser(deps.db);
    expect((await (await as(user)).call('account.emails')).body).toEqual({ primary: user.email, secondary: [] });
  });

  it('adds an address once the link mailed to it comes back; sign-in then works with either address', async () => {
    const user = await createUser(deps.db, { password: PASSWORD });
    const c = await as(user);
    const address = uniqueEmail('jobb');
    const { link, token, code } = await requestAdd(c, address.toUpperCase());
    const mail = lastMailTo(deps, address);
    expect(mail.subject).toBe('Bekreft ny e-postadresse');
    expect(mail.text).toContain(`Kontoen ${user.email} vil legge til denne adressen`);
    expect(link).toBe(`${deps.config.publicUrl}/konto/bekreft-epost?token=${token}`);
    expect(code).toMatch(/^\d{6}$/);
    // Nothing changes before the confirmation; only hashes are stored.
    expect(await secondaryOf(user)).toEqual([]);
    const [challenge] = await deps.db.select().from(verification).where(eq(verification.email, address));
    expect(JSON.stringify(challenge)).not.toContain(token);

    const res = await c.call('account.confirmEmail', { token });
    expect(res.body).toEqual({ primary: user.email, secondary: [address] });
    expect((await c.call('account.emails')).body).toEqual({ primary: user.email, secondary: [address] });

    expect((await signInByMagicLink(deps, address)).userId).toBe(user.id);
    expect(await signInWithPassword(deps, address, PASSWORD)).toBe('full');
    // One use.
    expect(await c.call('account.confirmEmail', { token })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_LINK' },
    });
  });

  it('also confirms with the six-digit code from the mail', async () => {
    const user = await createUser(deps.db);
    const c = await as(user);
    const address = uniqueEmail('kode');
    const { code } = await requestAdd(c, address);
    expect((await c.call('account.confirmEmail', { code })).body.secondary).toEqual([address]);
  });

  it('voids the code after five wrong tries, even with the right one after', async () => {
    const user = await createUser(deps.db);
    const c = await as(user);
    const address = uniqueEmail('gjett');
    const { code } = await requestAdd(c, address);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await c.call('account.confirmEmail', { code: wrong })).toMatchObject({
        status: 400,
        error: { code: 'INVALID_CODE' },
      });
    }
    expect((await c.call('account.confirmEmail', { code })).error?.code).toBe('INVALID_CODE');
    expect(await secondaryOf(user)).toEqual([]);
  });

  it('answers 409 CONFLICT for an address that belongs to any account, and mails nothing', async () => {
    const user = await createUser(deps.db);
    const other = await createUser(deps.db);
    const othersSecondary = uniqueEmail('annen');
    const mySecondary = uniqueEmail('min');
    await deps.db.insert(userSecondaryEmail).values([
      { userId: other.id, email: othersSecondary },
      { userId: user.id, email: mySecondary },
    ]);
    const c = await as(user);
    for (const address of [other.email, othersSecondary, user.email, mySecondary.toUpperCase()]) {
      const res = await c.call('account.addEmail', { email: address });
      expect(res).toMatchObject({
        status: 409,
        error: { code: 'CONFLICT', message: 'E-postadressen er allerede i bruk på en konto.' },
      });
      expect(mailsTo(deps, address)).toEqual([]);
    }
  });

  it('refuses the confirmation when the address was taken in the meantime (409), and adds nothing', async () => {
    const user = await createUser(deps.db);
    const c = await as(user);
    const address = uniqueEmail('kapp');
    const { token } = await requestAdd(c, address);
    const quicker = await createUser(deps.db, { email: address });
    expect(await c.call('account.confirmEmail', { token })).toMatchObject({ status: 409, error: { code: 'CONFLICT' } });
    expect(await secondaryOf(user)).toEqual([]);
    expect(await secondaryOf(quicker)).toEqual([]);
  });

  it('does not let another account use the link (INVALID_LINK)', async () => {
    const user = await createUser(deps.db);
    const address = uniqueEmail('lenke');
    const { token } = await requestAdd(await as(user), address);
    const intruder = await createUser(deps.db);
    expect(await (await as(intruder)).call('account.confirmEmail', { token })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_LINK' },
    });
    expect(await secondaryOf(intruder)).toEqual([]);
    // The owner can still use it.
    expect((await (await as(user)).call('account.confirmEmail', { token })).body.secondary).toEqual([address]);
  });

  it('expires the link and code after 30 minutes; a newer request replaces the older', async () => {
    const user = await createUser(deps.db);
    const c = await as(user);
    const late = await requestAdd(c, uniqueEmail('sen'));
    deps.clock.advance(CONFIRMATION_SECONDS + 1);
    expect((await c.call('account.confirmEmail', { token: late.token })).error?.code).toBe('INVALID_LINK');
    const first = await requestAdd(c, uniqueEmail('forste'));
    const secondAddress = uniqueEmail('andre');
    const second = await requestAdd(c, secondAddress);
    expect((await c.call('account.confirmEmail', { token: first.token })).error?.code).toBe('INVALID_LINK');
    expect((await c.call('account.confirmEmail', { token: second.token })).body.secondary).toEqual([secondAddress]);
  });

  it('limits mails to five per user in ten minutes (429 RATE_LIMITED)', async () => {
    const user = await createUser(deps.db);
    const c = await as(user);
    for (let i = 0; i < 5; i++) await requestAdd(c, uniqueEmail(`nr${i}`));
    const address = uniqueEmail('sjette');
    expect(await c.call('account.addEmail', { email: address })).toMatchObject({
      status: 429,
      error: { code: 'RATE_LIMITED' },
    });
    expect(mailsTo(deps, address)).toEqual([]);
    deps.clock.advance(10 * 60 + 1);
    await requestAdd(c, address);
  });

  it('joins the organizations that invited the address once it is confirmed', async () => {
    const user = await createUser(deps.db);
    const org = await createOrganization(deps.db, 'Invitasjonsklubben');
    const address = uniqueEmail('invitert');
    await insertInvitation(deps, { organizationId: org.id, email: address, role: 'member' });
    const c = await as(user);
    const { token } = await requestAdd(c, address);
    await c.call('account.confirmEmail', { token });
    expect((await c.call('orgs.mine')).body.organizations).toEqual([{ id: org.id, name: org.name, role: 'member' }]);
  });

  describe('removing', () => {
    it('removes a secondary address, named URL-encoded in the path', async () => {
      const user = await createUser(deps.db);
      const address = `kari+golf.${crypto.randomUUID().slice(0, 6)}@example.no`;
      const keep = uniqueEmail('behold');
      await deps.db.insert(userSecondaryEmail).values([
        { userId: user.id, email: address },
        { userId: user.id, email: keep },
      ]);
      const res = await (await as(user)).call('account.removeEmail', { email: address });
      expect(res.body).toEqual({ primary: user.email, secondary: [keep] });
      expect(await secondaryOf(user)).toEqual([keep]);
      // The address is free again: sign-in with it now creates a new account.
      expect((await signInByMagicLink(deps, address)).userId).not.toBe(user.id);
    });

    it('keeps the primary address (409), and answers 404 for an address not among mine', async () => {
      const user = await createUser(deps.db);
      const other = await createUser(deps.db);
      const othersSecondary = uniqueEmail('annen');
      await deps.db.insert(userSecondaryEmail).values({ userId: other.id, email: othersSecondary });
      const c = await as(user);
      expect(await c.call('account.removeEmail', { email: user.email })).toMatchObject({
        status: 409,
        error: { code: 'CONFLICT' },
      });
      expect(await c.call('account.removeEmail', { email: othersSecondary })).toMatchObject({
        status: 404,
        error: { code: 'NOT_FOUND' },
      });
      expect(await c.call('account.removeEmail', { email: uniqueEmail() })).toMatchObject({ status: 404 });
      expect(await secondaryOf(other)).toEqual([othersSecondary]);
      expect(await c.call('account.removeEmail', { email: 'ikke-en-adresse' })).toMatchObject({
        status: 400,
        error: { code: 'INVALID_INPUT' },
      });
    });
  });

  it('refuses unknown fields and malformed addresses with 400', async () => {
    const c = await as(await createUser(deps.db));
    expect((await c.call('account.addEmail', { email: uniqueEmail(), primary: true })).error?.code).toBe(
      'INVALID_INPUT',
    );
    expect((await c.call('account.addEmail', { email: 'x@' })).error?.code).toBe('INVALID_INPUT');
    expect((await c.call('account.confirmEmail', { token: 'a', code: '123456' })).error?.code).toBe('INVALID_INPUT');
    expect((await c.call('account.confirmEmail', { code: '12345' })).error?.code).toBe('INVALID_INPUT');
  });

  it('two members of one organization cannot see each other’s secondary addresses through the member list', async () => {
    const org = await createOrganization(deps.db);
    const a = await createUser(deps.db);
    const b = await createUser(deps.db);
    await addMember(deps.db, org.id, a.id, 'owner');
    await addMember(deps.db, org.id, b.id, 'member');
    const hidden = uniqueEmail('privat');
    await deps.db.insert(userSecondaryEmail).values({ userId: b.id, email: hidden });
    const res = await (await as(a)).call('orgs.members', { organizationId: org.id });
    expect(res.raw).not.toContain(hidden);
  });
});

/** Two accounts confirming the same address at the same moment: one gets it, the other a clean 409. */
describe.each(databaseKinds())('racing for one address on %s', (kind) => {
  let deps: TestDeps;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind, closeAfterAll: false });
  });
  afterAll(() => deps.close());

  it('adds the address to exactly one account', async () => {
    const address = uniqueEmail('omstridt');
    const users = [await createUser(deps.db), await createUser(deps.db)];
    const tokens: string[] = [];
    for (const user of users) {
      const { caller } = await callerAs(deps, user);
      await caller.account.addEmail({ email: address });
      tokens.push(linkFromMail(lastMailTo(deps, address), '/konto/bekreft-epost').token);
    }
    const results = await Promise.allSettled(
      users.map(async (user, i) => (await callerAs(deps, user)).caller.account.confirmEmail({ token: tokens[i]! })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'CONFLICT' });
    const owners = await deps.db.select().from(userSecondaryEmail).where(eq(userSecondaryEmail.email, address));
    expect(owners).toHaveLength(1);
  });
});
