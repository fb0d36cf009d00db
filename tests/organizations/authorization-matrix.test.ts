import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueConfirmation } from '../../server/account/confirmation';
import type { UserRow } from '../../server/auth/users';
import {
  appUser,
  organizationInvitation,
  organizationMembership,
  userSecondaryEmail,
  verification,
} from '../../server/db/schema';
import { sessionTokenFor } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { clientFor, TRANSPORTS, useDepsAndServer, type Procedure, type Transport } from '../helpers/transport';
import { insertInvitation } from './support';

/**
 * Every procedure of organizations, administration, account e-mails, merge and profile, and the invitation
 * procedures of decision 0306, against every kind of caller, through tRPC and REST. 'ok' means the call got through
 * to its domain code and succeeded; anything else is the contract's error code.
 */
const ACTORS = [
  'anonymous',
  'pending_2fa',
  'must_enroll_2fa',
  'member',
  'admin',
  'owner',
  'otherOwner',
  'superAdmin',
] as const;
type Actor = (typeof ACTORS)[number];
type SignedInActor = Exclude<Actor, 'anonymous' | 'pending_2fa' | 'must_enroll_2fa'>;
type Expected = Record<SignedInActor, string>;

const SIGNED_IN: Expected = { member: 'ok', admin: 'ok', owner: 'ok', otherOwner: 'ok', superAdmin: 'ok' };
const ORG_MEMBER: Expected = {
  member: 'ok',
  admin: 'ok',
  owner: 'ok',
  otherOwner: 'NOT_ORG_MEMBER',
  superAdmin: 'NOT_ORG_MEMBER',
};
const ORG_ADMIN: Expected = { ...ORG_MEMBER, member: 'NOT_ORG_ADMIN' };
const SUPER_ADMIN: Expected = {
  member: 'NOT_SUPER_ADMIN',
  admin: 'NOT_SUPER_ADMIN',
  owner: 'NOT_SUPER_ADMIN',
  otherOwner: 'NOT_SUPER_ADMIN',
  superAdmin: 'ok',
};

interface World {
  deps: TestDeps;
  orgId: string;
  otherOrgId: string;
  users: Record<SignedInActor, UserRow>;
}

interface Case {
  procedure: Procedure;
  expected: Expected;
  /** The input, creating what the call needs afresh so one actor's success does not change the next call. */
  input(w: World, caller: UserRow): Promise<Record<string, unknown>>;
  /** What a user would notice afterwards: the change happened exactly when the call succeeded. */
  after?(w: World, input: Record<string, any>, ok: boolean): Promise<void>;
}

async function roleOf(w: World, userId: string): Promise<string | null> {
  const [row] = await w.deps.db
    .select({ role: organizationMembership.role })
    .from(organizationMembership)
    .where(and(eq(organizationMembership.organizationId, w.orgId), eq(organizationMembership.userId, userId)));
  return row?.role ?? null;
}

async function freshMember(w: World): Promise<UserRow> {
  const user = await createUser(w.deps.db);
  await addMember(w.deps.db, w.orgId, user.id, 'member');
  return user;
}

/** A pending invitation of the organization, to a fresh address: its id. */
async function pendingInvitation(w: World): Promise<string> {
  const email = uniqueEmail('venter');
  await insertInvitation(w.deps, { organizationId: w.orgId, email, role: 'member' });
  const [row] = await w.deps.db
    .select({ id: organizationInvitation.id })
    .from(organizationInvitation)
    .where(eq(organizationInvitation.email, email));
  return row!.id;
}

async function isOpenInvitation(w: World, id: string): Promise<boolean> {
  const [row] = await w.deps.db.select().from(verification).where(eq(verification.id, id));
  return row!.invalidatedAt === null && row!.consumedAt === null;
}

const CASES: Case[] = [
  { procedure: 'orgs.create', expected: SIGNED_IN, input: async () => ({ name: 'Matriseklubben' }) },
  { procedure: 'orgs.mine', expected: SIGNED_IN, input: async () => ({}) },
  { procedure: 'orgs.get', expected: ORG_MEMBER, input: async (w) => ({ organizationId: w.orgId }) },
  { procedure: 'orgs.members', expected: ORG_MEMBER, input: async (w) => ({ organizationId: w.orgId }) },
  {
    procedure: 'orgs.addMember',
    expected: ORG_ADMIN,
    input: async (w) => ({ organizationId: w.orgId, email: (await createUser(w.deps.db)).email, role: 'member' }),
    after: async (w, input, ok) => {
      const [user] = await w.deps.db.select().from(appUser).where(eq(appUser.email, input.email));
      expect(await roleOf(w, user!.id)).toBe(ok ? 'member' : null);
    },
  },
  {
    procedure: 'orgs.setRole',
    expected: ORG_ADMIN,
    input: async (w) => ({ organizationId: w.orgId, userId: (await freshMember(w)).id, role: 'admin' }),
    after: async (w, input, ok) => expect(await roleOf(w, input.userId)).toBe(ok ? 'admin' : 'member'),
  },
  {
    procedure: 'orgs.removeMember',
    expected: ORG_ADMIN,
    input: async (w) => ({ organizationId: w.orgId, userId: (await freshMember(w)).id }),
    after: async (w, input, ok) => expect(await roleOf(w, input.userId)).toBe(ok ? null : 'member'),
  },
  { procedure: 'orgs.auditLog', expected: ORG_ADMIN, input: async (w) => ({ organizationId: w.orgId }) },
  {
    procedure: 'orgs.acceptInvitation',
    expected: SIGNED_IN,
    // An invitation to the caller's own address: one to another address is refused to everyone (decision 0305).
    input: async (w, caller) => {
      const org = await createOrganization(w.deps.db, 'Invitasjonsklubben');
      return { token: await insertInvitation(w.deps, { organizationId: org.id, email: caller.email, role: 'member' }) };
    },
  },
  {
    procedure: 'orgs.invitation',
    expected: SIGNED_IN,
    // As accepting: an invitation to the caller's own address (decision 0305).
    input: async (w, caller) => {
      const org = await createOrganization(w.deps.db, 'Invitasjonsklubben');
      return { token: await insertInvitation(w.deps, { organizationId: org.id, email: caller.email, role: 'member' }) };
    },
  },
  { procedure: 'orgs.invitations', expected: ORG_ADMIN, input: async (w) => ({ organizationId: w.orgId }) },
  {
    procedure: 'orgs.resendInvitation',
    expected: ORG_ADMIN,
    input: async (w) => ({ organizationId: w.orgId, invitationId: await pendingInvitation(w) }),
    // Resent: the old invitation is replaced by a new one.
    after: async (w, input, ok) => expect(await isOpenInvitation(w, input.invitationId)).toBe(!ok),
  },
  {
    procedure: 'orgs.cancelInvitation',
    expected: ORG_ADMIN,
    input: async (w) => ({ organizationId: w.orgId, invitationId: await pendingInvitation(w) }),
    after: async (w, input, ok) => expect(await isOpenInvitation(w, input.invitationId)).toBe(!ok),
  },
  { procedure: 'admin.users', expected: SUPER_ADMIN, input: async () => ({ q: 'example' }) },
  { procedure: 'admin.organizations', expected: SUPER_ADMIN, input: async () => ({}) },
  {
    procedure: 'admin.signOutUser',
    expected: SUPER_ADMIN,
    input: async (w) => ({ userId: (await createUser(w.deps.db)).id }),
    after: async (w, input, ok) => {
      const [user] = await w.deps.db.select().from(appUser).where(eq(appUser.id, input.userId));
      expect(user!.sessionVersion).toBe(ok ? 1 : 0);
    },
  },
  { procedure: 'account.emails', expected: SIGNED_IN, input: async () => ({}) },
  { procedure: 'account.addEmail', expected: SIGNED_IN, input: async () => ({ email: uniqueEmail('ny') }) },
  {
    procedure: 'account.confirmEmail',
    expected: SIGNED_IN,
    input: async (w, caller) => {
      const { token } = await issueConfirmation(w.deps, {
        userId: caller.id,
        purpose: 'add_email',
        targetEmail: uniqueEmail('ny'),
      });
      return { token };
    },
  },
  {
    procedure: 'account.removeEmail',
    expected: SIGNED_IN,
    input: async (w, caller) => {
      const email = uniqueEmail('ekstra');
      await w.deps.db.insert(userSecondaryEmail).values({ userId: caller.id, email });
      return { email };
    },
    after: async (w, input, ok) => {
      const rows = await w.deps.db.select().from(userSecondaryEmail).where(eq(userSecondaryEmail.email, input.email));
      expect(rows).toHaveLength(ok ? 0 : 1);
    },
  },
  {
    procedure: 'account.requestMerge',
    expected: SIGNED_IN,
    input: async (w) => ({ email: (await createUser(w.deps.db)).email }),
  },
  {
    procedure: 'account.confirmMerge',
    expected: SIGNED_IN,
    input: async (w, caller) => {
      const other = await createUser(w.deps.db);
      const { token } = await issueConfirmation(w.deps, {
        userId: caller.id,
        purpose: 'merge',
        targetEmail: other.email,
      });
      return { token };
    },
  },
  { procedure: 'account.updateProfile', expected: SIGNED_IN, input: async () => ({ handicapIndex: 18.4 }) },
];

describe.each(TRANSPORTS)('authorization matrix over %s', (transport: Transport) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));
  let world: World;
  /** The user behind the three unsigned actors: the owner, so only the stage is what refuses. */
  let throwaway: UserRow;

  beforeAll(async () => {
    const org = await createOrganization(deps.db, 'Klubb A');
    const otherOrg = await createOrganization(deps.db, 'Klubb B');
    const users = {
      member: await createUser(deps.db),
      admin: await createUser(deps.db),
      owner: await createUser(deps.db),
      otherOwner: await createUser(deps.db),
      superAdmin: await createUser(deps.db, { isSuperAdmin: true }),
    };
    await addMember(deps.db, org.id, users.member.id, 'member');
    await addMember(deps.db, org.id, users.admin.id, 'admin');
    await addMember(deps.db, org.id, users.owner.id, 'owner');
    await addMember(deps.db, otherOrg.id, users.otherOwner.id, 'owner');
    world = { deps, orgId: org.id, otherOrgId: otherOrg.id, users };
    throwaway = await createUser(deps.db);
  });
  // The mail limit is not what this test is about.
  beforeEach(() => deps.clock.advance(601));

  async function tokenOf(actor: Actor): Promise<string | null> {
    if (actor === 'anonymous') return null;
    if (actor === 'pending_2fa' || actor === 'must_enroll_2fa') return sessionTokenFor(deps, world.users.owner, actor);
    return sessionTokenFor(deps, world.users[actor]);
  }

  for (const c of CASES) {
    describe(c.procedure, () => {
      it.each(ACTORS)('as %s', async (actor) => {
        const expected =
          actor === 'anonymous' || actor === 'pending_2fa' || actor === 'must_enroll_2fa'
            ? 'NOT_AUTHENTICATED'
            : c.expected[actor];
        const caller =
          actor === 'anonymous'
            ? throwaway
            : actor === 'pending_2fa' || actor === 'must_enroll_2fa'
              ? world.users.owner
              : world.users[actor];
        const input = await c.input(world, caller);
        const res = await clientFor(transport, deps, () => env.url, { token: await tokenOf(actor) }).call(
          c.procedure,
          input,
        );
        expect(res.error?.code ?? 'ok').toBe(expected);
        if (expected !== 'ok') {
          expect(res.status).toBe(expected === 'NOT_AUTHENTICATED' ? 401 : 403);
          expect(res.body).toBeNull();
        }
        await c.after?.(world, input, expected === 'ok');
      });
    });
  }
});
