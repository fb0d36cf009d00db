import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../server/audit';
import type { UserRow } from '../../server/auth/users';
import { queryRows } from '../../server/db/client';
import { auditLog, organizationMembership } from '../../server/db/schema';
import { withTenant } from '../../server/db/tenancy';
import { readAuditLog } from '../../server/organizations/audit-log';
import { addMember as addMemberToOrg, removeMember, setRole } from '../../server/organizations/organizations';
import type { OrgScope } from '../../server/organizations/scope';
import { callerAs } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { databaseKinds } from '../helpers/db';
import { addMember, createOrganization, createUser } from '../helpers/factories';

/** Drizzle wraps the database's error; the policy violation is its cause. */
async function expectPolicyViolation(work: Promise<unknown>): Promise<void> {
  const error = await work.then(
    () => null,
    (e: unknown) => e as { cause?: { message?: string } },
  );
  expect(error?.cause?.message).toMatch(/row-level security/);
}

/**
 * The row-level policies hold even when the application's own checks are skipped: domain functions are
 * called here directly, inside organization A's tenancy, but told to work on organization B.
 */
describe.each(databaseKinds())('tenant isolation below the application on %s', (kind) => {
  let deps: TestDeps;
  let orgA: string;
  let orgB: string;
  let ownerA: UserRow;
  let ownerB: UserRow;
  let memberB: UserRow;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind, closeAfterAll: false });
    orgA = (await createOrganization(deps.db, 'Klubb A')).id;
    orgB = (await createOrganization(deps.db, 'Klubb B')).id;
    ownerA = await createUser(deps.db);
    ownerB = await createUser(deps.db);
    memberB = await createUser(deps.db);
    await addMember(deps.db, orgA, ownerA.id, 'owner');
    await addMember(deps.db, orgB, ownerB.id, 'owner');
    await addMember(deps.db, orgB, memberB.id, 'member');
    // Through the real procedures, so both organizations have audit entries of their own.
    await (await callerAs(deps, ownerA)).caller.orgs.setRole({
      organizationId: orgA,
      userId: ownerA.id,
      role: 'owner',
    });
    await withTenant(deps.db, orgA, (tx) =>
      audit(deps, tx, { action: 'org.member_added', organizationId: orgA, actorUserId: ownerA.id }),
    );
    await withTenant(deps.db, orgB, (tx) =>
      audit(deps, tx, { action: 'org.member_added', organizationId: orgB, actorUserId: ownerB.id }),
    );
  });
  afterAll(() => deps.close());

  /** B's owner acting on B, as the application would have it, but in A's tenancy: the mix-up the policy catches. */
  function scopeIn(tx: OrgScope['tx'], organizationId: string): OrgScope {
    return { tx, organizationId, actorUserId: ownerB.id, actorRole: 'owner', ip: '127.0.0.1', afterCommit: () => {} };
  }

  async function roleInB(userId: string) {
    const [row] = await deps.db
      .select({ role: organizationMembership.role })
      .from(organizationMembership)
      .where(and(eq(organizationMembership.organizationId, orgB), eq(organizationMembership.userId, userId)));
    return row?.role ?? null;
  }

  it("reads none of B's audit entries in A's tenancy, even when the query asks for B", async () => {
    const asked = await withTenant(deps.db, orgA, (tx) =>
      readAuditLog(deps, scopeIn(tx, orgB), { page: 1, limit: 100 }),
    );
    expect(asked).toMatchObject({ entries: [], total: 0 });
    const unfiltered = await withTenant(deps.db, orgA, (tx) =>
      tx.select({ organizationId: auditLog.organizationId }).from(auditLog),
    );
    expect(unfiltered.length).toBeGreaterThan(0);
    expect(new Set(unfiltered.map((r) => r.organizationId))).toEqual(new Set([orgA]));
  });

  it('reads nothing at all without an organization, and the service-wide rows stay hidden from every tenant', async () => {
    await audit(deps, deps.db, { action: 'auth.sign_in', actorUserId: ownerA.id });
    expect(await withTenant(deps.db, null, (tx) => tx.select().from(auditLog))).toEqual([]);
    const inA = await withTenant(deps.db, orgA, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in')),
    );
    expect(inA).toEqual([]);
  });

  it("refuses to write an audit entry for B from A's tenancy", async () => {
    const before = await queryRows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from audit_log where organization_id = ${orgB}`,
    );
    await expectPolicyViolation(
      withTenant(deps.db, orgA, (tx) =>
        audit(deps, tx, { action: 'org.role_changed', organizationId: orgB, actorUserId: ownerA.id }),
      ),
    );
    const after = await queryRows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from audit_log where organization_id = ${orgB}`,
    );
    expect(after).toEqual(before);
  });

  it("a role change aimed at B from A's tenancy fails at its audit write and changes nothing", async () => {
    await expectPolicyViolation(
      withTenant(deps.db, orgA, (tx) => setRole(deps, scopeIn(tx, orgB), { userId: memberB.id, role: 'owner' })),
    );
    expect(await roleInB(memberB.id)).toBe('member');
  });

  it("removing or adding a member of B from A's tenancy is rolled back the same way", async () => {
    await expectPolicyViolation(
      withTenant(deps.db, orgA, (tx) => removeMember(deps, scopeIn(tx, orgB), { userId: memberB.id })),
    );
    expect(await roleInB(memberB.id)).toBe('member');
    await expectPolicyViolation(
      withTenant(deps.db, orgA, (tx) =>
        addMemberToOrg(deps, scopeIn(tx, orgB), { email: ownerA.email, role: 'owner' }),
      ),
    );
    expect(await roleInB(ownerA.id)).toBeNull();
  });

  it('runs the organization procedures as the policy-bound role with the organization set', async () => {
    // The audit-log read is an organization procedure: the rows it returns are only those the policy lets through.
    const { caller } = await callerAs(deps, ownerA);
    const log = await caller.orgs.auditLog({ organizationId: orgA });
    expect(log.entries.length).toBeGreaterThan(0);
    const rows = await withTenant(deps.db, orgA, (tx) =>
      queryRows<{ who: string; org: string }>(
        tx,
        sql`select current_user as who, current_setting('app.current_org', true) as org`,
      ),
    );
    expect(rows[0]).toEqual({ who: 'app_rw', org: orgA });
  });

  it('two owners demoting each other at once: one wins, the organization keeps an owner', async () => {
    const org = (await createOrganization(deps.db, 'Klubb med to eiere')).id;
    const first = await createUser(deps.db);
    const second = await createUser(deps.db);
    await addMember(deps.db, org, first.id, 'owner');
    await addMember(deps.db, org, second.id, 'owner');
    const results = await Promise.allSettled([
      (await callerAs(deps, first)).caller.orgs.setRole({ organizationId: org, userId: second.id, role: 'member' }),
      (await callerAs(deps, second)).caller.orgs.setRole({ organizationId: org, userId: first.id, role: 'member' }),
    ]);
    const owners = await deps.db
      .select()
      .from(organizationMembership)
      .where(and(eq(organizationMembership.organizationId, org), eq(organizationMembership.role, 'owner')));
    expect(owners).toHaveLength(1);
    // The loser either saw the last-owner conflict or had lost its owner role (and with it the right to act).
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
