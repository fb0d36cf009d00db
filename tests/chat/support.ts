import type { UserRow } from '../../server/auth/users';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';

/** A club with an owner, an admin and two members, and a neighbouring club with a member of its own. */
export async function chatWorld(deps: TestDeps) {
  const club = await createOrganization(deps.db, 'Lagpratklubben GK');
  const neighbour = await createOrganization(deps.db, 'Naboklubben GK');
  const owner = await createUser(deps.db, { name: 'Olga Eier' });
  const admin = await createUser(deps.db, { name: 'Arne Admin' });
  const member = await createUser(deps.db, { name: 'Mona Medlem' });
  const other = await createUser(deps.db, { name: 'Mats Medlem' });
  const outsider = await createUser(deps.db, { name: 'Nils Nabo' });
  await addMember(deps.db, club.id, owner.id, 'owner');
  await addMember(deps.db, club.id, admin.id, 'admin');
  await addMember(deps.db, club.id, member.id, 'member');
  await addMember(deps.db, club.id, other.id, 'member');
  await addMember(deps.db, neighbour.id, outsider.id, 'owner');
  return { club, neighbour, owner, admin, member, other, outsider };
}

/** A member of `organizationId` made for one test, so that limits and read positions start afresh. */
export async function freshMember(deps: TestDeps, organizationId: string, name = 'Frida Fersk'): Promise<UserRow> {
  const user = await createUser(deps.db, { name });
  await addMember(deps.db, organizationId, user.id, 'member');
  return user;
}
