import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '../../server/auth/session-token';
import { resolveSessionEnteringTenancy } from '../../server/auth/sessions';
import { gatedReadsOf, openDatabase, queryRows, type DatabaseHandle, type Transaction } from '../../server/db/client';
import { appUser, auditLog, organizationMembership } from '../../server/db/schema';
import { postgresOnly } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { countRoundTrips, type RoundTripCounter } from '../helpers/round-trips';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The organization read in one flight (decision 0710), through the real HTTP server on a pool of one
 * connection behind a relay that counts round trips: what it costs on the wire, and that every refusal the
 * ordinary path gives is given the same, from the check sent in the same flight, even to a token that was
 * admitted a moment earlier.
 */
describe.each(postgresOnly())('an organization read in one flight, %s', () => {
  let deps: TestDeps;
  let counter: RoundTripCounter;
  let counted: DatabaseHandle;
  let server: TestServer;
  let orgId: string;
  let otherOrgId: string;

  beforeAll(async () => {
    deps = await createTestDeps({ db: 'postgres' });
    counter = await countRoundTrips(deps.databaseUrl!);
    counted = await openDatabase({ databaseUrl: counter.url, poolConnections: 1 });
    server = await startTestServer({ ...deps, db: counted.db, dbKind: 'postgres' });
    orgId = (await createOrganization(deps.db, 'Flyklubben GK')).id;
    otherOrgId = (await createOrganization(deps.db, 'Naboklubben GK')).id;
    await deps.db.insert(auditLog).values([
      { organizationId: orgId, action: 'test.own' },
      { organizationId: otherOrgId, action: 'test.other' },
    ]);
  });
  afterAll(async () => {
    await server.close();
    await counted.close();
    await counter.close();
  });

  async function signedIn(role: 'member' | 'admin' | null) {
    const user = await createUser(deps.db);
    if (role) await addMember(deps.db, orgId, user.id, role);
    const token = await signSessionToken(deps.config.sessionSecret, {
      userId: user.id,
      stage: 'full',
      version: 0,
      now: deps.now(),
    });
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie: `service_session=${token}` } });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    return { user, token, get };
  }

  /** What the next request on the one connection finds: no role, no organization. */
  async function connectionState() {
    const [state] = await queryRows<{ who: string; org: string | null }>(
      counted.db,
      sql`select current_user as who, current_setting('app.current_org', true) as org`,
    );
    return state!;
  }

  /** Reads `path` with its answer counted: the flights it waited for, and what followed it. */
  async function countedRead(
    get: (path: string) => Promise<{ status: number; body: Record<string, any> }>,
    path: string,
  ) {
    counter.reset();
    // A commit sent on its own is answered only after the HTTP answer has arrived.
    counter.holdCommits();
    const answer = await get(path);
    const flights = counter.flights().map((flight) => flight.toString('latin1'));
    counter.release();
    return { answer, flights };
  }

  it('answers a member after one round trip, and leaves the connection as it found it', async () => {
    const { get } = await signedIn('member');
    // The first read checks the session first (three round trips); it is what later reads start from.
    expect((await get(`/organizations/${orgId}`)).status).toBe(200);
    const { answer, flights } = await countedRead(get, `/organizations/${orgId}`);
    expect(answer).toMatchObject({ status: 200, body: { id: orgId, name: 'Flyklubben GK', role: 'member' } });
    // One flight carried it all; the commit went after it, and the answer did not wait for the commit's.
    expect(flights).toHaveLength(2);
    expect(flights[0]).toMatch(/begin read only[\s\S]*session_gate[\s\S]*"organization"/);
    expect(flights[1]).toMatch(/^Q.{4}commit\0$/s);
    expect(await connectionState()).toEqual({ who: expect.not.stringMatching(/^app_rw$/), org: '' });
  });

  it('enters the tenancy in the same statement that checks the session: RLS holds even if the server admitted wrongly', async () => {
    const read = gatedReadsOf(counted.db)!;
    const member = await signedIn('member');
    const stranger = await signedIn(null);
    const rowsSeenBy = async (who: { token: string; user: { id: string } }) => {
      const claims = { userId: who.user.id, stage: 'full' as const, version: 0, issuedAt: 0, expiresAt: 0 };
      const gate = {
        query: (tx: Transaction) => resolveSessionEnteringTenancy(tx, who.token, claims, orgId),
        // Admits everyone: what the database alone lets through.
        admit: () => {},
      };
      // No filter by organization: the row-level policy is all that stands between.
      return read(gate, (tx) => tx.select({ action: auditLog.action }).from(auditLog));
    };
    expect(await rowsSeenBy(member)).toEqual([{ action: 'test.own' }]);
    expect(await rowsSeenBy(stranger)).toEqual([]);
    // Outside any tenancy the connection's own role sees both: the rows are there.
    const all = await queryRows<{ action: string }>(counted.db, sql`select action from audit_log order by action`);
    expect(all).toEqual([{ action: 'test.other' }, { action: 'test.own' }]);
    expect(await connectionState()).toMatchObject({ org: '' });
  });

  it('costs one round trip more for each further query, as without a tenancy', async () => {
    const { get } = await signedIn('admin');
    expect((await get(`/organizations/${orgId}/audit-log`)).status).toBe(200);
    const { answer, flights } = await countedRead(get, `/organizations/${orgId}/audit-log`);
    expect(answer.status).toBe(200);
    expect(answer.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['test.own']);
    // The count goes with the session check; the page of entries is asked for once the count is known.
    expect(flights).toHaveLength(3);
    expect(flights[0]).toMatch(/begin read only[\s\S]*session_gate[\s\S]*count/);
    expect(flights[2]).toMatch(/^Q.{4}commit\0$/s);
  });

  it('refuses a member removed since the last read with 403 NOT_ORG_MEMBER, as it refuses a stranger', async () => {
    const { user, get } = await signedIn('member');
    expect((await get(`/organizations/${orgId}`)).status).toBe(200);
    await deps.db
      .delete(organizationMembership)
      .where(and(eq(organizationMembership.organizationId, orgId), eq(organizationMembership.userId, user.id)));
    const removed = await get(`/organizations/${orgId}`);
    const stranger = await (await signedIn(null)).get(`/organizations/${orgId}`);
    expect(removed).toEqual(stranger);
    expect(removed.status).toBe(403);
    expect(removed.body.error.code).toBe('NOT_ORG_MEMBER');
    expect(JSON.stringify(removed.body)).not.toContain('Flyklubben');
    expect(await connectionState()).toMatchObject({ org: '' });
  });

  it('refuses a token revoked since the last read with 401', async () => {
    const { token, get } = await signedIn('member');
    expect((await get(`/organizations/${orgId}`)).status).toBe(200);
    const logout = await fetch(`${server.url}/auth/logout`, {
      method: 'POST',
      headers: {
        cookie: `service_session=${token}`,
        'content-type': 'application/json',
        origin: deps.config.publicUrl,
      },
      body: '{}',
    });
    expect(logout.status).toBeLessThan(300);
    const after = await get(`/organizations/${orgId}`);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('NOT_AUTHENTICATED');
  });

  it('refuses a session ended everywhere (the version moved on) with 401', async () => {
    const { user, get } = await signedIn('member');
    expect((await get(`/organizations/${orgId}`)).status).toBe(200);
    await deps.db
      .update(appUser)
      .set({ sessionVersion: sql`${appUser.sessionVersion} + 1` })
      .where(eq(appUser.id, user.id));
    expect((await get(`/organizations/${orgId}`)).status).toBe(401);
  });

  it('goes by the role read now: an admin demoted since the last read is refused an admin read', async () => {
    const { user, get } = await signedIn('admin');
    expect((await get(`/organizations/${orgId}/invitations`)).status).toBe(200);
    await deps.db
      .update(organizationMembership)
      .set({ role: 'member' })
      .where(and(eq(organizationMembership.organizationId, orgId), eq(organizationMembership.userId, user.id)));
    const demoted = await get(`/organizations/${orgId}/invitations`);
    expect(demoted.status).toBe(403);
    expect(demoted.body.error.code).toBe('NOT_ORG_ADMIN');
    expect((await get(`/organizations/${orgId}`)).body.role).toBe('member');
  });

  it('goes by the user read now: a name changed since the last read is the name answered', async () => {
    const { user, get } = await signedIn('member');
    expect((await get(`/organizations/${orgId}/members`)).status).toBe(200);
    await deps.db.update(appUser).set({ name: 'Nytt Navn' }).where(eq(appUser.id, user.id));
    const members = await get(`/organizations/${orgId}/members`);
    expect(members.status).toBe(200);
    expect(JSON.stringify(members.body)).toContain('Nytt Navn');
  });

  it('rolls back a read that fails after its first query and leaves no tenancy on the connection', async () => {
    const { get } = await signedIn('member');
    expect((await get(`/organizations/${orgId}`)).status).toBe(200);
    const missing = await get(`/organizations/${orgId}/tournaments/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(await connectionState()).toMatchObject({ org: '' });
    const [{ who }] = (await queryRows<{ who: string }>(counted.db, sql`select current_user as who`)) as [
      { who: string },
    ];
    expect(who).not.toBe('app_rw');
    // And the next read on the same connection is itself again.
    expect((await get(`/organizations/${orgId}`)).status).toBe(200);
  });
});
