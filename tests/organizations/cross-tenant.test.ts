import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import type { UserRow } from '../../server/auth/users';
import { auditLog, organizationMembership } from '../../server/db/schema';
import { sessionTokenFor } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { TRANSPORTS, useDepsAndServer, type Procedure, type Transport } from '../helpers/transport';

/**
 * An owner of one organization aims every organization procedure at another organization (or at its
 * members through their own organization's id): 403 or 404, the same answer whether the target exists,
 * nothing changed, and nothing of the other organization in the answer.
 */
describe.each(TRANSPORTS)('cross-tenant attempts over %s', (transport: Transport) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));
  let orgA: { id: string; name: string };
  let orgB: { id: string; name: string };
  let ownerA: UserRow;
  let ownerB: UserRow;
  let adminB: UserRow;
  let memberB: UserRow;
  /** What must never reach an owner of A. */
  let secretsOfB: string[];

  beforeAll(async () => {
    orgA = await createOrganization(deps.db, 'Alfa Golfklubb');
    orgB = await createOrganization(deps.db, 'Hemmelige Bravo GK');
    ownerA = await createUser(deps.db, { name: 'Alf Eier', email: 'alf-eier@example.no' });
    ownerB = await createUser(deps.db, { name: 'Berit Eier', email: 'berit-eier@bravo.example.no' });
    adminB = await createUser(deps.db, { name: 'Bjørn Admin', email: 'bjorn-admin@bravo.example.no' });
    memberB = await createUser(deps.db, { name: 'Bertine Medlem', email: 'bertine@bravo.example.no' });
    await addMember(deps.db, orgA.id, ownerA.id, 'owner');
    await addMember(deps.db, orgB.id, ownerB.id, 'owner');
    await addMember(deps.db, orgB.id, adminB.id, 'admin');
    await addMember(deps.db, orgB.id, memberB.id, 'member');
    await deps.db.insert(auditLog).values({
      organizationId: orgB.id,
      action: 'org.role_changed',
      actorUserId: ownerB.id,
      subjectUserId: adminB.id,
      ip: '203.0.113.7',
    });
    secretsOfB = [orgB.name, 'Bravo', 'bravo.example.no', 'Berit', 'Bjørn', 'Bertine', '203.0.113.7'];
  });

  const as = (user: UserRow) => env.as(user, transport);

  async function membershipsOfB() {
    return deps.db
      .select({ userId: organizationMembership.userId, role: organizationMembership.role })
      .from(organizationMembership)
      .where(eq(organizationMembership.organizationId, orgB.id))
      .orderBy(organizationMembership.userId);
  }

  function leaksNothing(raw: string): void {
    for (const secret of secretsOfB) expect(raw).not.toContain(secret);
  }

  const attacks: { procedure: Procedure; input: () => Record<string, unknown> }[] = [
    { procedure: 'orgs.get', input: () => ({ organizationId: orgB.id }) },
    { procedure: 'orgs.members', input: () => ({ organizationId: orgB.id }) },
    { procedure: 'orgs.auditLog', input: () => ({ organizationId: orgB.id }) },
    { procedure: 'orgs.addMember', input: () => ({ organizationId: orgB.id, email: ownerA.email, role: 'owner' }) },
    { procedure: 'orgs.setRole', input: () => ({ organizationId: orgB.id, userId: ownerB.id, role: 'member' }) },
    { procedure: 'orgs.setRole', input: () => ({ organizationId: orgB.id, userId: ownerA.id, role: 'owner' }) },
    { procedure: 'orgs.removeMember', input: () => ({ organizationId: orgB.id, userId: ownerB.id }) },
  ];

  it.each(attacks.map((a, i) => [`${a.procedure} #${i}`, a] as const))(
    "%s on the other organization's id: 403 NOT_ORG_MEMBER, like an id that does not exist",
    async (_name, attack) => {
      const before = await membershipsOfB();
      const c = await as(ownerA);
      const res = await c.call(attack.procedure, attack.input());
      expect(res).toMatchObject({ status: 403, body: null, error: { code: 'NOT_ORG_MEMBER' } });
      leaksNothing(res.raw);
      expect(await membershipsOfB()).toEqual(before);

      const unknown = await c.call(attack.procedure, { ...attack.input(), organizationId: crypto.randomUUID() });
      expect(unknown.status).toBe(res.status);
      expect(unknown.error).toEqual(res.error);
    },
  );

  it("cannot reach another organization's members through its own organization's id (404, nothing changed)", async () => {
    const before = await membershipsOfB();
    const c = await as(ownerA);
    for (const [procedure, input] of [
      ['orgs.setRole', { organizationId: orgA.id, userId: memberB.id, role: 'admin' }],
      ['orgs.setRole', { organizationId: orgA.id, userId: ownerB.id, role: 'member' }],
      ['orgs.removeMember', { organizationId: orgA.id, userId: memberB.id }],
      ['orgs.removeMember', { organizationId: orgA.id, userId: ownerB.id }],
    ] as const) {
      const res = await c.call(procedure, input);
      expect(res).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
      leaksNothing(res.raw);
    }
    expect(await membershipsOfB()).toEqual(before);
  });

  it("shows its own organization's audit log and members without the other's", async () => {
    const c = await as(ownerA);
    const log = await c.call('orgs.auditLog', { organizationId: orgA.id });
    expect(log.error).toBeNull();
    leaksNothing(log.raw);
    const members = await c.call('orgs.members', { organizationId: orgA.id });
    expect(members.body.members.map((m: any) => m.userId)).toEqual([ownerA.id]);
    leaksNothing(members.raw);
    const mine = await c.call('orgs.mine');
    leaksNothing(mine.raw);
  });

  it('an admin of B cannot act on A by adding a member of B to A', async () => {
    const c = await as(adminB);
    const res = await c.call('orgs.addMember', { organizationId: orgA.id, email: adminB.email, role: 'owner' });
    expect(res).toMatchObject({ status: 403, error: { code: 'NOT_ORG_MEMBER' } });
    const [row] = await deps.db
      .select()
      .from(organizationMembership)
      .where(and(eq(organizationMembership.organizationId, orgA.id), eq(organizationMembership.userId, adminB.id)));
    expect(row).toBeUndefined();
  });

  if (transport === 'rest') {
    it("takes the organization from the path: another organization's id in the body is refused", async () => {
      const before = await membershipsOfB();
      const res = await fetch(`${env.url}/organizations/${orgA.id}/members/${memberB.id}`, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          cookie: `${SESSION_COOKIE}=${await sessionTokenFor(deps, ownerA)}`,
        },
        body: JSON.stringify({ role: 'admin', organizationId: orgB.id }),
      });
      // The path names the organization; the same field in the body is unknown to the REST path (docs/contract.md
      // section 1), so it is refused before anything is looked up.
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(JSON.parse(text).error).toMatchObject({ code: 'INVALID_INPUT', issues: [{ path: 'organizationId' }] });
      leaksNothing(text);
      expect(await membershipsOfB()).toEqual(before);
    });
  }
});
