import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle, type Queryable } from '../../server/db/client';
import { auditLog } from '../../server/db/schema';
import { withTenant } from '../../server/db/tenancy';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/db';
import { createOrganization } from '../helpers/factories';
import { countRoundTrips, type RoundTripCounter } from '../helpers/round-trips';

interface ConnectionState {
  who: string;
  org: string | null;
  pid: number;
}

function stateOf(db: Queryable): Promise<ConnectionState> {
  return queryRows<ConnectionState & Record<string, unknown>>(
    db,
    sql`select current_user as who, current_setting('app.current_org', true) as org, pg_backend_pid() as pid`,
  ).then((rows) => rows[0]!);
}

/**
 * One connection for every transaction (a pool of one on PostgreSQL; PGlite has only one), so what a
 * transaction leaves behind is what the next one finds. The tenancy's opening is pipelined with the first
 * query on PostgreSQL: a failure in that first flight must end the tenancy as surely as a later one.
 */
describe.each(databaseKinds())('the tenancy transaction on one pooled connection, %s', (kind) => {
  let base: TestDatabase;
  let single: DatabaseHandle;
  let db: Database;
  let orgA: string;
  let orgB: string;
  let pid: number;

  beforeAll(async () => {
    base = await createTestDatabase(kind);
    single = base.url ? await openDatabase({ databaseUrl: base.url, poolConnections: 1 }) : base;
    db = single.db;
    orgA = (await createOrganization(db, 'Klubb A')).id;
    orgB = (await createOrganization(db, 'Klubb B')).id;
    await db.insert(auditLog).values([
      { organizationId: orgA, action: 'test.a' },
      { organizationId: orgB, action: 'test.b' },
    ]);
    pid = (await withTenant(db, orgA, stateOf)).pid;
  });
  afterAll(async () => {
    if (single !== base) await single.close();
    await base.close();
  });

  /** The next request on the connection: neither the role nor the organization is there, in or out of a transaction. */
  async function expectNoTenancyLeft() {
    for (const state of [await stateOf(db), await db.transaction(stateOf)]) {
      expect(state.pid).toBe(pid);
      expect(state.who).not.toBe('app_rw');
      expect(state.org ?? '').toBe('');
    }
    expect(await withTenant(db, null, (tx) => tx.select().from(auditLog))).toEqual([]);
    const inB = await withTenant(db, orgB, (tx) => tx.select({ action: auditLog.action }).from(auditLog));
    expect(inB).toEqual([{ action: 'test.b' }]);
  }

  it('leaves nothing behind after a transaction whose work failed after its first query', async () => {
    await expect(
      withTenant(db, orgA, async (tx) => {
        expect(await stateOf(tx)).toEqual({ who: 'app_rw', org: orgA, pid });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expectNoTenancyLeft();
  });

  it('leaves nothing behind after a transaction whose first query (sent with the opening) failed', async () => {
    const error = await withTenant(db, orgA, (tx) =>
      tx.insert(auditLog).values({ organizationId: orgB, action: 'intrusion' }),
    ).then(
      () => null,
      (e: { cause?: Error }) => e,
    );
    expect(error?.cause?.message).toMatch(/row-level security/);
    await expectNoTenancyLeft();
    expect(await queryRows(db, sql`select 1 from audit_log where action = 'intrusion'`)).toEqual([]);
  });

  it('leaves nothing behind after a transaction whose first query was invalid SQL', async () => {
    await expect(withTenant(db, orgA, (tx) => tx.execute(sql`select no_such_column from audit_log`))).rejects.toThrow();
    await expectNoTenancyLeft();
  });

  if (kind === 'postgres') {
    describe('round trips on the wire', () => {
      let counter: RoundTripCounter;
      let counted: DatabaseHandle;

      beforeAll(async () => {
        counter = await countRoundTrips(base.url!);
        counted = await openDatabase({ databaseUrl: counter.url, poolConnections: 1 });
        // Connecting and the first use of each prepared statement are not what is measured.
        await withTenant(counted.db, orgA, (tx) => tx.select().from(auditLog));
      });
      afterAll(async () => {
        await counted.close();
        await counter.close();
      });

      it('opens the tenancy with its first query: one round trip for both, one for the commit', async () => {
        counter.reset();
        const rows = await withTenant(counted.db, orgA, (tx) => tx.select({ action: auditLog.action }).from(auditLog));
        expect(rows).toEqual([{ action: 'test.a' }]);
        expect(counter.roundTrips()).toBe(2);
      });

      it('each further query of the work costs one round trip, as without a tenancy', async () => {
        counter.reset();
        await withTenant(counted.db, orgA, async (tx) => {
          await tx.select().from(auditLog);
          await tx.select().from(auditLog);
        });
        expect(counter.roundTrips()).toBe(3);
      });
    });
  }
});
