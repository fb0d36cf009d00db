import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import type { Queryable } from '../../server/db/client';
import { appUser, organization, organizationMembership } from '../../server/db/schema';
import type { UserRow } from '../../server/auth/users';
import type { Role } from '../../shared/values';

export function uniqueEmail(prefix = 'spiller'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.no`;
}

export async function createUser(
  db: Queryable,
  overrides: Partial<typeof appUser.$inferInsert> & { password?: string } = {},
): Promise<UserRow> {
  const { password, ...values } = overrides;
  const [user] = await db
    .insert(appUser)
    .values({
      email: uniqueEmail(),
      name: 'Kari Nordmann',
      ...values,
      ...(password !== undefined ? { passwordHash: await hashPassword(password) } : {}),
    })
    .returning();
  return user!;
}

export async function createOrganization(
  db: Queryable,
  name = 'Testklubben GK',
): Promise<{ id: string; name: string }> {
  const [org] = await db.insert(organization).values({ name }).returning();
  return { id: org!.id, name: org!.name };
}

export async function addMember(db: Queryable, organizationId: string, userId: string, role: Role): Promise<void> {
  await db.insert(organizationMembership).values({ organizationId, userId, role });
}
