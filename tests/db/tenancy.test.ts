import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../server/db/client';
import { auditLog } from '../../server/db/schema';
import { withTenant } from '../../server/db/tenancy';
import { createTestDatabase, databaseKinds } from '../helpers/db';
import { createOrganization } from '../helpers/factories';

/** Drizzle wraps the database's error; the policy violation is its cause. */
async function expectPolicyViolation(work: Promise<unknown>): Promise<void> {
  const error = await work.then(
    () => null,
    (e: unknown) => e as { cause?: { message?: string } },
  );
  expect(error?.cause?.message).toMatch(/row-level security/);
}

describe.each(databaseKinds())('row-level security on %s', (kind) => {
  let handle: DatabaseHandle;
  let orgA: string;
  let orgB: string;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    orgA = (await createOrganization(handle.db, 'Klubb A')).id;
    orgB = (await createOrganization(handle.db, 'Klubb B')).id;
    // Written as the owner (bypassing the policies) so both tenants have rows to hide.
    await handle.db.insert(auditLog).values([
      { organizationId: orgA, action: 'test.a' },
      { organizationId: orgB, action: 'test.b' },
    ]);
  });
  afterAll(() => handle.close());

  it('runs request queries as a role without BYPASSRLS', async () => {
    const row = await withTenant(handle.db, orgA, async (tx) => {
      const rows = await queryRows<{ who: string; bypass: boolean }>(
        tx,
        sql`select current_user as who, (select rolbypassrls from pg_roles where rolname = current_user) as bypass`,
      );
      return rows[0]!;
    });
    expect(row).toEqual({ who: 'app_rw', bypass: false });
  });

  it('shows zero rows when no organization is set', async () => {
    const rows = await withTenant(handle.db, null, (tx) => tx.select().from(auditLog));
    expect(rows).toEqual([]);
  });

  it("shows only the current organization's rows", async () => {
    const rows = await withTenant(handle.db, orgA, (tx) => tx.select().from(auditLog));
    expect(rows.map((r) => r.action)).toEqual(['test.a']);
    const forB = await withTenant(handle.db, orgA, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.organizationId, orgB)),
    );
    expect(forB).toEqual([]);
  });

  it("refuses inserts into another organization's rows", async () => {
    await expectPolicyViolation(
      withTenant(handle.db, orgA, (tx) => tx.insert(auditLog).values({ organizationId: orgB, action: 'intrusion' })),
    );
    const rows = await queryRows(handle.db, sql`select count(*)::int as n from audit_log where action = 'intrusion'`);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("cannot move a row into another organization or touch the other's rows", async () => {
    await expectPolicyViolation(
      withTenant(handle.db, orgA, (tx) =>
        tx.update(auditLog).set({ organizationId: orgB }).where(eq(auditLog.action, 'test.a')),
      ),
    );
    const deleted = await withTenant(handle.db, orgA, (tx) =>
      tx.delete(auditLog).where(eq(auditLog.organizationId, orgB)).returning(),
    );
    expect(deleted).toEqual([]);
  });

  it('does not carry the role or the organization into the next transaction on the same connection', async () => {
    await withTenant(handle.db, orgA, async () => {});
    // PGlite has one connection; the pool here is sized so the next transaction very likely reuses it,
    // and every connection is checked below anyway.
    for (let i = 0; i < 3; i++) {
      const row = await handle.db.transaction(async (tx) => {
        const rows = await queryRows<{ who: string; org: string | null }>(
          tx,
          sql`select current_user as who, current_setting('app.current_org', true) as org`,
        );
        return rows[0]!;
      });
      expect(row.who).not.toBe('app_rw');
      expect(row.org ?? '').toBe('');
    }
  });

  it('rolls the settings back with a failed transaction too', async () => {
    await expect(
      withTenant(handle.db, orgA, async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await queryRows<{ org: string | null }>(
      handle.db,
      sql`select current_setting('app.current_org', true) as org`,
    );
    expect(rows[0]!.org ?? '').toBe('');
  });
});
