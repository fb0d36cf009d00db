import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { appUser, auditLog, userSecondaryEmail } from '../../server/db/schema';
import { callerWithToken, sessionTokenFor } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { TRANSPORTS, useDepsAndServer, type Transport } from '../helpers/transport';
import { signInWithPassword } from '../organizations/support';

const PASSWORD = 'et langt og godt passord';

describe.each(TRANSPORTS)('super administrator over %s', (transport: Transport) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));
  let operator: UserRow;
  /** Unique to this describe, so searches find exactly the users made here. */
  const tag = `adm${crypto.randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    operator = await createUser(deps.db, { isSuperAdmin: true, name: 'Operatør' });
  });

  const as = (user: UserRow) => env.as(user, transport);

  async function auditRows(action: string) {
    return deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, operator.id)));
  }

  describe('users', () => {
    it('searches by primary address, secondary address and name, case-insensitively, and pages', async () => {
      const a = await createUser(deps.db, { email: `a-${tag}@example.no`, name: 'Anders' });
      const b = await createUser(deps.db, { email: `b-${tag}@example.no`, name: 'Bodil' });
      const c = await createUser(deps.db, { email: `c-other@example.no`, name: `Cecilie ${tag.toUpperCase()}` });
      const d = await createUser(deps.db, { email: `d-other@example.no`, name: 'Dag' });
      await deps.db.insert(userSecondaryEmail).values({ userId: d.id, email: `d-${tag}@jobb.example.no` });
      await createUser(deps.db, { email: `e-other@example.no`, name: 'Eva' });

      const op = await as(operator);
      const all = await op.call('admin.users', { q: tag });
      expect(all.body).toMatchObject({ page: 1, limit: 20, total: 4 });
      expect(all.body.users.map((u: any) => u.id)).toEqual([a.id, b.id, c.id, d.id]);
      expect(all.body.users[0]).toEqual({
        id: a.id,
        email: a.email,
        name: 'Anders',
        handicapIndex: null,
        twoFactorMethod: null,
        isSuperAdmin: false,
        hasPassword: false,
        createdAt: expect.any(String),
      });

      const second = await op.call('admin.users', { q: tag, page: 2, limit: 3 });
      expect(second.body).toMatchObject({ page: 2, limit: 3, total: 4 });
      expect(second.body.users.map((u: any) => u.id)).toEqual([d.id]);

      const everyone = await op.call('admin.users', {});
      expect(everyone.body.total).toBeGreaterThanOrEqual(6);
      void b;
    });

    it('takes % and _ in the search literally', async () => {
      await createUser(deps.db, { email: `pct-${tag}@example.no`, name: '100% golf' });
      const op = await as(operator);
      expect((await op.call('admin.users', { q: '100%' })).body.users.map((u: any) => u.name)).toEqual(['100% golf']);
      expect((await op.call('admin.users', { q: `%${tag}` })).body.total).toBe(0);
      expect((await op.call('admin.users', { q: '_' })).body.total).toBe(0);
    });

    it('never sends password hashes, TOTP secrets or session versions', async () => {
      await createUser(deps.db, {
        email: `hemmelig-${tag}@example.no`,
        password: PASSWORD,
        totpSecret: 'KRYPTERT-HEMMELIGHET',
        twoFactorMethod: 'totp',
      });
      const res = await (await as(operator)).call('admin.users', { q: `hemmelig-${tag}` });
      expect(res.body.users).toHaveLength(1);
      expect(res.body.users[0]).toMatchObject({ hasPassword: true, twoFactorMethod: 'totp' });
      expect(res.raw).not.toMatch(/argon2|KRYPTERT|passwordHash|totpSecret|sessionVersion/);
    });

    it('refuses bad paging with 400', async () => {
      const op = await as(operator);
      for (const input of [{ page: 0 }, { limit: 0 }, { limit: 101 }, { page: 'x' }, { q: 'x'.repeat(201) }]) {
        expect((await op.call('admin.users', input)).error?.code).toBe('INVALID_INPUT');
      }
    });

    it('is audited with the operator as actor', async () => {
      const before = (await auditRows('admin.users_listed')).length;
      await (await as(operator)).call('admin.users', { q: 'revisjon' });
      const rows = await auditRows('admin.users_listed');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)!.details).toMatchObject({ q: 'revisjon' });
      expect(rows.at(-1)!.organizationId).toBeNull();
    });
  });

  describe('organizations', () => {
    it('lists organizations with their member counts, searchable and paged, and is audited', async () => {
      const x = await createOrganization(deps.db, `Alfa ${tag}`);
      const y = await createOrganization(deps.db, `Beta ${tag}`);
      await createOrganization(deps.db, 'Gamma uten merke');
      for (let i = 0; i < 3; i++)
        await addMember(deps.db, x.id, (await createUser(deps.db)).id, i === 0 ? 'owner' : 'member');

      const before = (await auditRows('admin.organizations_listed')).length;
      const op = await as(operator);
      const res = await op.call('admin.organizations', { q: tag });
      expect(res.body).toEqual({
        organizations: [
          { id: x.id, name: x.name, createdAt: expect.any(String), memberCount: 3 },
          { id: y.id, name: y.name, createdAt: expect.any(String), memberCount: 0 },
        ],
        page: 1,
        limit: 20,
        total: 2,
      });
      const paged = await op.call('admin.organizations', { q: tag, page: 2, limit: 1 });
      expect(paged.body.organizations.map((o: any) => o.id)).toEqual([y.id]);
      expect((await op.call('admin.organizations', {})).body.total).toBeGreaterThanOrEqual(3);
      expect(await auditRows('admin.organizations_listed')).toHaveLength(before + 3);
    });
  });

  describe('signing a user out', () => {
    it('ends every session of the user at once; signing in again works', async () => {
      const user = await createUser(deps.db, { password: PASSWORD });
      const tokens = [await sessionTokenFor(deps, user), await sessionTokenFor(deps, user)];
      const res = await (await as(operator)).call('admin.signOutUser', { userId: user.id });
      expect(res.body).toEqual({ ok: true });
      for (const token of tokens) {
        await expect(callerWithToken(deps, token).caller.auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
      expect(await signInWithPassword(deps, user.email, PASSWORD)).toBe('full');
      const [row] = await auditRows('admin.user_signed_out').then((rows) =>
        rows.filter((r) => r.subjectUserId === user.id),
      );
      expect(row).toBeDefined();
    });

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      const op = await as(operator);
      expect(await op.call('admin.signOutUser', { userId: crypto.randomUUID() })).toMatchObject({
        status: 404,
        error: { code: 'NOT_FOUND' },
      });
      expect(await op.call('admin.signOutUser', { userId: 'ikke-en-id' })).toMatchObject({
        status: 400,
        error: { code: 'INVALID_INPUT' },
      });
    });

    it("leaves the operator's own flag and everyone else's untouched: no endpoint sets is_super_admin", async () => {
      const user = await createUser(deps.db);
      await (await as(operator)).call('admin.signOutUser', { userId: user.id });
      await (await as(user)).call('account.updateProfile', { isSuperAdmin: true });
      const [row] = await deps.db.select().from(appUser).where(eq(appUser.id, user.id));
      expect(row!.isSuperAdmin).toBe(false);
    });
  });

  it('answers 403 NOT_SUPER_ADMIN to an organization owner, and audits nothing for them', async () => {
    const org = await createOrganization(deps.db);
    const owner = await createUser(deps.db);
    await addMember(deps.db, org.id, owner.id, 'owner');
    const c = await as(owner);
    const victim = await createUser(deps.db);
    for (const [procedure, input] of [
      ['admin.users', {}],
      ['admin.organizations', {}],
      ['admin.signOutUser', { userId: victim.id }],
    ] as const) {
      expect(await c.call(procedure, input)).toMatchObject({ status: 403, error: { code: 'NOT_SUPER_ADMIN' } });
    }
    const [row] = await deps.db.select().from(appUser).where(eq(appUser.id, victim.id));
    expect(row!.sessionVersion).toBe(0);
    const byOwner = await deps.db.select().from(auditLog).where(eq(auditLog.actorUserId, owner.id));
    expect(byOwner).toEqual([]);
  });
});
