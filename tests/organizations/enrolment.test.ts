import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { TRANSPORTS, useDepsAndServer, type Transport } from '../helpers/transport';
import { signInByMagicLink, signInWithPassword } from './support';

const PASSWORD = 'riktig hest batteri stift';

/**
 * docs/access.md section 3: an owner or admin without 2FA must enrol before a full session. Becoming one while
 * signed in leaves the current session alone; the next sign-in asks for enrolment.
 */
describe.each(TRANSPORTS)('becoming owner or admin without 2FA, over %s', (transport: Transport) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));

  const as = (user: UserRow) => env.as(user, transport);

  it('promoted to admin: the current session goes on, the next sign-in requires enrolment; demoted: full again', async () => {
    const org = await createOrganization(deps.db);
    const owner = await createUser(deps.db);
    await addMember(deps.db, org.id, owner.id, 'owner');
    const player = await createUser(deps.db, { password: PASSWORD });
    await addMember(deps.db, org.id, player.id, 'member');
    expect(await signInWithPassword(deps, player.email, PASSWORD)).toBe('full');

    const playerClient = await as(player);
    expect(
      (await (await as(owner)).call('orgs.setRole', { organizationId: org.id, userId: player.id, role: 'admin' }))
        .error,
    ).toBeNull();
    expect((await playerClient.call('orgs.mine')).body.organizations).toEqual([
      { id: org.id, name: org.name, role: 'admin' },
    ]);
    expect(await signInWithPassword(deps, player.email, PASSWORD)).toBe('must_enroll_2fa');

    await (await as(owner)).call('orgs.setRole', { organizationId: org.id, userId: player.id, role: 'member' });
    expect(await signInWithPassword(deps, player.email, PASSWORD)).toBe('full');
  });

  it('creating an organization makes the creator an owner who must enrol at the next sign-in', async () => {
    const player = await createUser(deps.db, { password: PASSWORD });
    expect(await signInWithPassword(deps, player.email, PASSWORD)).toBe('full');
    expect((await (await as(player)).call('orgs.create', { name: 'Ny klubb' })).error).toBeNull();
    expect(await signInWithPassword(deps, player.email, PASSWORD)).toBe('must_enroll_2fa');
  });

  it('an invitation as admin, accepted by the first sign-in, leads straight to enrolment', async () => {
    const org = await createOrganization(deps.db);
    const owner = await createUser(deps.db);
    await addMember(deps.db, org.id, owner.id, 'owner');
    const address = uniqueEmail('ny-admin');
    expect(
      (await (await as(owner)).call('orgs.addMember', { organizationId: org.id, email: address, role: 'admin' })).body
        .result,
    ).toBe('invited');
    const signIn = await signInByMagicLink(deps, address);
    expect(signIn.stage).toBe('must_enroll_2fa');
  });

  it('an account that has 2FA is asked for its code as before', async () => {
    const org = await createOrganization(deps.db);
    const owner = await createUser(deps.db);
    await addMember(deps.db, org.id, owner.id, 'owner');
    const player = await createUser(deps.db, { password: PASSWORD, twoFactorMethod: 'email' });
    await (await as(owner)).call('orgs.addMember', { organizationId: org.id, email: player.email, role: 'admin' });
    expect(await signInWithPassword(deps, player.email, PASSWORD)).toBe('pending_2fa');
  });
});
