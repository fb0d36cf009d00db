import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { appUser } from '../../server/db/schema';
import type { TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { TRANSPORTS, useDepsAndServer, type Transport } from '../helpers/transport';

describe.each(TRANSPORTS)('profile over %s', (transport: Transport) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));

  const as = (user: UserRow) => env.as(user, transport);

  async function stored(user: UserRow) {
    const [row] = await deps.db.select().from(appUser).where(eq(appUser.id, user.id));
    return row!;
  }

  it('changes the name and the handicap index and answers with the User', async () => {
    const user = await createUser(deps.db, { name: 'Kari', handicapIndex: null });
    const res = await (await as(user)).call('account.updateProfile', { name: '  Kari Nordmann ', handicapIndex: 12.3 });
    expect(res.body).toEqual({
      user: {
        id: user.id,
        email: user.email,
        name: 'Kari Nordmann',
        handicapIndex: 12.3,
        twoFactorMethod: null,
        isSuperAdmin: false,
        hasPassword: false,
      },
    });
    expect(await stored(user)).toMatchObject({ name: 'Kari Nordmann', handicapIndex: 12.3 });
  });

  it('accepts the whole WHS range, plus handicaps as negative numbers, and clears with null', async () => {
    const user = await createUser(deps.db);
    const c = await as(user);
    for (const value of [-10, -0.5, 0, 36, 54]) {
      expect((await c.call('account.updateProfile', { handicapIndex: value })).body.user.handicapIndex).toBe(value);
    }
    expect((await c.call('account.updateProfile', { handicapIndex: null })).body.user.handicapIndex).toBeNull();
    expect((await c.call('account.updateProfile', { name: null })).body.user.name).toBeNull();
  });

  it('leaves out fields untouched, and an empty body changes nothing', async () => {
    const user = await createUser(deps.db, { name: 'Per', handicapIndex: 20.1 });
    const c = await as(user);
    expect((await c.call('account.updateProfile', { name: 'Per Olsen' })).body.user).toMatchObject({
      name: 'Per Olsen',
      handicapIndex: 20.1,
    });
    expect((await c.call('account.updateProfile', {})).body.user).toMatchObject({
      name: 'Per Olsen',
      handicapIndex: 20.1,
    });
  });

  it('refuses values outside the rules with 400 and Norwegian messages, and stores nothing', async () => {
    const user = await createUser(deps.db, { name: 'Uendret', handicapIndex: 10 });
    const c = await as(user);
    const cases: [Record<string, unknown>, string][] = [
      [{ handicapIndex: 54.1 }, 'Handicapindeksen kan ikke være over 54,0.'],
      [{ handicapIndex: -10.1 }, 'Handicapindeksen kan ikke være bedre enn +10,0.'],
      [{ handicapIndex: 12.34 }, 'Handicapindeksen har én desimal.'],
      [{ handicapIndex: '12.3' }, 'Handicapindeksen må være et tall.'],
      [{ name: '   ' }, 'Navnet kan ikke være tomt.'],
      [{ name: 'x'.repeat(101) }, 'Navnet kan ha høyst 100 tegn.'],
    ];
    for (const [body, message] of cases) {
      const res = await c.call('account.updateProfile', body);
      expect(res).toMatchObject({ status: 400, error: { code: 'INVALID_INPUT' } });
      expect(res.error!.issues![0]!.message).toBe(message);
    }
    expect(await stored(user)).toMatchObject({ name: 'Uendret', handicapIndex: 10 });
  });

  it('cannot set anything else: e-mail, super administrator or 2FA fields are refused (400)', async () => {
    const user = await createUser(deps.db);
    const c = await as(user);
    for (const body of [
      { isSuperAdmin: true },
      { email: 'ny@example.no' },
      { twoFactorMethod: null },
      { name: 'Ok', is_super_admin: true },
    ]) {
      expect(await c.call('account.updateProfile', body)).toMatchObject({
        status: 400,
        error: { code: 'INVALID_INPUT' },
      });
    }
    expect(await stored(user)).toMatchObject({ isSuperAdmin: false, email: user.email, name: user.name });
  });
});
