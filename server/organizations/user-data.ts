import { asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { organization, organizationMembership } from '../db/schema';
import type { Role } from '../../shared/values';
import { joinKeepingHigherRole } from './roles';

/**
 * A deleted account's organizations (decisions 0106 and 0107): those it was the only member of go, with
 * everything in them (their rows cascade). Its other memberships go with the account row by the cascade;
 * they are answered here, read after the sole ones went, so each organization's log can record the deletion.
 */
export async function eraseUserOrganizations(
  tx: Transaction,
  userId: string,
  alone: { id: string }[],
): Promise<{ memberships: { id: string; role: Role }[] }> {
  if (alone.length > 0)
    await tx.delete(organization).where(
      inArray(
        organization.id,
        alone.map((o) => o.id),
      ),
    );
  const memberships = await tx
    .select({ id: organizationMembership.organizationId, role: organizationMembership.role })
    .from(organizationMembership)
    .where(eq(organizationMembership.userId, userId));
  return { memberships };
}

/**
 * An account merged into another (decision 0303): its memberships become the survivor's, keeping the higher
 * role where both belong, so a merge never lowers a role. Answers the organizations concerned.
 */
export async function moveUserMemberships(tx: Transaction, fromUserId: string, toUserId: string): Promise<string[]> {
  const memberships = await tx
    .select({ organizationId: organizationMembership.organizationId, role: organizationMembership.role })
    .from(organizationMembership)
    .where(eq(organizationMembership.userId, fromUserId))
    .orderBy(asc(organizationMembership.organizationId));
  for (const m of memberships) await joinKeepingHigherRole(tx, m.organizationId, toUserId, m.role);
  await tx.delete(organizationMembership).where(eq(organizationMembership.userId, fromUserId));
  return memberships.map((m) => m.organizationId);
}
