import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/auth/tokens';
import type { UserRow } from '../../server/auth/users';
import {
  organizationInvitation,
  organizationMembership,
  userSecondaryEmail,
  verification,
} from '../../server/db/schema';
import { INVITATION_SECONDS } from '../../server/organizations/invitations';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { clientFor, TRANSPORTS, useDepsAndServer, type Transport } from '../helpers/transport';
import { lastMailTo, linkFromMail, mailsTo } from '../helpers/mail';
import { insertInvitation, signInByMagicLink } from './support';
import type { Role } from '../../shared/values';

const MAIL_WINDOW_SECONDS = 10 * 60;

describe.each(TRANSPORTS)('organizations over %s', (transport: Transport) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));

  // Every test starts with empty mail-limit windows and a later clock (audit entries get distinct times).
  beforeEach(() => deps.clock.advance(MAIL_WINDOW_SECONDS + 1));

  const as = (user: UserRow | null) => env.as(user, transport);

  /** An organization with one user in each role (and a second owner when asked). */
  async function club(options: { secondOwner?: boolean } = {}) {
    const org = await createOrganization(deps.db, `Klubb ${crypto.randomUUID().slice(0, 8)}`);
    const owner = await createUser(deps.db, { name: 'Olav Eier' });
    const admin = await createUser(deps.db, { name: 'Anne Admin' });
    const member = await createUser(deps.db, { name: 'Mona Medlem' });
    await addMember(deps.db, org.id, owner.id, 'owner');
    await addMember(deps.db, org.id, admin.id, 'admin');
    await addMember(deps.db, org.id, member.id, 'member');
    const owner2 = options.secondOwner ? await createUser(deps.db, { name: 'Ola Eier 2' }) : null;
    if (owner2) await addMember(deps.db, org.id, owner2.id, 'owner');
    return { org, owner, admin, member, owner2 };
  }

  async function roleOf(organizationId: string, userId: string): Promise<Role | null> {
    const [row] = await deps.db
      .select({ role: organizationMembership.role })
      .from(organizationMembership)
      .where(and(eq(organizationMembership.organizationId, organizationId), eq(organizationMembership.userId, userId)));
    return row?.role ?? null;
  }

  describe('create, list, read', () => {
    it('creates an organization with the creator as owner, and lists it with the role', async () => {
      const user = await createUser(deps.db);
      const c = await as(user);
      const res = await c.call('orgs.create', { name: '  Bergen Golfklubb ' });
      expect(res.error).toBeNull();
      if (transport === 'rest') expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        name: 'Bergen Golfklubb',
        createdAt: expect.any(String),
        role: 'owner',
      });

      expect((await c.call('orgs.mine')).body).toEqual({
        organizations: [{ id: res.body.id, name: 'Bergen Golfklubb', role: 'owner' }],
      });
      expect((await c.call('orgs.get', { organizationId: res.body.id })).body).toEqual(res.body);
      expect((await c.call('orgs.members', { organizationId: res.body.id })).body).toEqual({
        members: [{ userId: user.id, name: user.name, email: user.email, role: 'owner' }],
      });
    });

    it('refuses an empty or too long name and unknown fields with 400 and Norwegian issues', async () => {
      const c = await as(await createUser(deps.db));
      for (const body of [{ name: '   ' }, { name: 'x'.repeat(101) }, {}, { name: 'Klubb', isSuperAdmin: true }]) {
        const res = await c.call('orgs.create', body);
        expect(res.status).toBe(400);
        expect(res.error?.code).toBe('INVALID_INPUT');
      }
      const res = await c.call('orgs.create', { name: '' });
      expect(res.error?.issues?.[0]).toEqual({ path: 'name', message: 'Navnet kan ikke være tomt.' });
      expect((await c.call('orgs.mine')).body).toEqual({ organizations: [] });
    });

    it('lists only my organizations, each with my own role, sorted by name', async () => {
      const a = await club();
      const b = await club();
      await addMember(deps.db, b.org.id, a.member.id, 'admin');
      const res = await (await as(a.member)).call('orgs.mine');
      expect(res.body.organizations).toEqual(
        [
          { id: a.org.id, name: a.org.name, role: 'member' },
          { id: b.org.id, name: b.org.name, role: 'admin' },
        ].sort((x, y) => x.name.localeCompare(y.name)),
      );
    });

    it('answers 400 for an organization id that is not a UUID, never a 500', async () => {
      const c = await as(await createUser(deps.db));
      const res = await c.call('orgs.get', { organizationId: 'not-a-uuid' });
      expect(res).toMatchObject({ status: 400, error: { code: 'INVALID_INPUT' } });
    });
  });

  describe('adding members', () => {
    it('adds an existing account by its primary address at once, with the given role', async () => {
      const { org, admin } = await club();
      const newcomer = await createUser(deps.db, { name: 'Nils Ny' });
      const res = await (await as(admin)).call('orgs.addMember', {
        organizationId: org.id,
        email: newcomer.email.toUpperCase(),
        role: 'member',
      });
      expect(res.body).toEqual({
        result: 'added',
        member: { userId: newcomer.id, name: 'Nils Ny', email: newcomer.email, role: 'member' },
      });
      expect(await roleOf(org.id, newcomer.id)).toBe('member');
      expect(mailsTo(deps, newcomer.email)).toEqual([]);
    });

    it('adds the account that owns a secondary address, shown with its primary address', async () => {
      const { org, owner } = await club();
      const newcomer = await createUser(deps.db);
      const secondary = uniqueEmail('ekstra');
      await deps.db.insert(userSecondaryEmail).values({ userId: newcomer.id, email: secondary });
      const res = await (await as(owner)).call('orgs.addMember', {
        organizationId: org.id,
        email: secondary,
        role: 'admin',
      });
      expect(res.body.member).toEqual({
        userId: newcomer.id,
        name: newcomer.name,
        email: newcomer.email,
        role: 'admin',
      });
      expect(await roleOf(org.id, newcomer.id)).toBe('admin');
    });

    it('answers 409 CONFLICT for someone who is already a member, and changes nothing', async () => {
      const { org, owner, admin } = await club();
      const res = await (await as(owner)).call('orgs.addMember', {
        organizationId: org.id,
        email: admin.email,
        role: 'member',
      });
      expect(res).toMatchObject({ status: 409, error: { code: 'CONFLICT' } });
      expect(await roleOf(org.id, admin.id)).toBe('admin');
    });

    it('lets only an owner add an owner', async () => {
      const { org, owner, admin } = await club();
      const a = await createUser(deps.db);
      const denied = await (await as(admin)).call('orgs.addMember', {
        organizationId: org.id,
        email: a.email,
        role: 'owner',
      });
      expect(denied).toMatchObject({ status: 403, error: { code: 'FORBIDDEN' } });
      expect(await roleOf(org.id, a.id)).toBeNull();
      const invited = await (await as(admin)).call('orgs.addMember', {
        organizationId: org.id,
        email: uniqueEmail(),
        role: 'owner',
      });
      expect(invited).toMatchObject({ status: 403, error: { code: 'FORBIDDEN' } });
      const allowed = await (await as(owner)).call('orgs.addMember', {
        organizationId: org.id,
        email: a.email,
        role: 'owner',
      });
      expect(allowed.body.member.role).toBe('owner');
    });

    it('answers 400 for a bad address or role', async () => {
      const { org, owner } = await club();
      const c = await as(owner);
      for (const body of [
        { organizationId: org.id, email: 'ikke-en-adresse', role: 'member' },
        { organizationId: org.id, email: uniqueEmail(), role: 'superadmin' },
        { organizationId: org.id, email: uniqueEmail(), role: 'member', extra: 1 },
      ]) {
        expect((await c.call('orgs.addMember', body)).error?.code).toBe('INVALID_INPUT');
      }
    });
  });

  describe('invitations', () => {
    it('mails an unknown address an invitation whose link joins on sign-in; the token is stored hashed', async () => {
      const { org, owner } = await club();
      const address = uniqueEmail('invitert');
      const res = await (await as(owner)).call('orgs.addMember', {
        organizationId: org.id,
        email: address,
        role: 'member',
      });
      expect(res.body).toEqual({
        result: 'invited',
        invitation: { email: address, role: 'member', expiresAt: expect.any(String) },
      });
      expect(new Date(res.body.invitation.expiresAt).getTime()).toBe(deps.now().getTime() + INVITATION_SECONDS * 1000);

      const mail = lastMailTo(deps, address);
      expect(mail.subject).toBe(`Invitasjon til ${org.name}`);
      expect(mail.text).toContain('Olav Eier har invitert deg til å bli medlem');
      const { link, token } = linkFromMail(mail, '/klubber/bli-med');
      expect(link).toBe(`${deps.config.publicUrl}/klubber/bli-med?token=${token}`);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [stored] = await deps.db
        .select()
        .from(organizationInvitation)
        .innerJoin(verification, eq(verification.id, organizationInvitation.id))
        .where(eq(organizationInvitation.email, address));
      expect(stored!.verification.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(stored)).not.toContain(token);

      // No account yet, so no member yet; signing in with the address creates the account and joins.
      expect((await (await as(owner)).call('orgs.members', { organizationId: org.id })).body.members).toHaveLength(3);
      const signIn = await signInByMagicLink(deps, address);
      expect(signIn.stage).toBe('full');
      expect(await roleOf(org.id, signIn.userId)).toBe('member');
      const c = clientFor(transport, deps, () => env.url, { token: signIn.token });
      expect((await c.call('orgs.mine')).body.organizations).toEqual([{ id: org.id, name: org.name, role: 'member' }]);
      // The link is then used up; opening it afterwards as the same account still just shows the organization.
      expect((await c.call('orgs.acceptInvitation', { token })).body).toEqual({
        organization: { id: org.id, name: org.name, role: 'member' },
      });
    });

    it('joins only an account that owns the invited address; anyone else holding the link gets 403', async () => {
      const { org, owner } = await club();
      const address = uniqueEmail('invitert');
      await (await as(owner)).call('orgs.addMember', { organizationId: org.id, email: address, role: 'admin' });
      const { token } = linkFromMail(lastMailTo(deps, address), '/klubber/bli-med');

      const someone = await createUser(deps.db);
      const refused = await (await as(someone)).call('orgs.acceptInvitation', { token });
      expect(refused).toMatchObject({
        status: 403,
        error: { code: 'FORBIDDEN', message: expect.stringMatching(/annen e-postadresse/) },
      });
      expect(await roleOf(org.id, someone.id)).toBeNull();

      // The invitation stays usable by the address's owner, here an account holding it as a confirmed secondary one.
      const holder = await createUser(deps.db);
      await deps.db.insert(userSecondaryEmail).values({ userId: holder.id, email: address });
      const res = await (await as(holder)).call('orgs.acceptInvitation', { token });
      expect(res.body).toEqual({ organization: { id: org.id, name: org.name, role: 'admin' } });
      expect(await roleOf(org.id, holder.id)).toBe('admin');

      // Used now: the other account is still refused and joins nothing.
      expect((await (await as(someone)).call('orgs.acceptInvitation', { token })).status).toBe(403);
      expect(await roleOf(org.id, someone.id)).toBeNull();
    });

    it('expires after 7 days: neither the sign-in nor the link joins', async () => {
      const { org, owner } = await club();
      const address = uniqueEmail('sen');
      await (await as(owner)).call('orgs.addMember', { organizationId: org.id, email: address, role: 'member' });
      const { token } = linkFromMail(lastMailTo(deps, address), '/klubber/bli-med');
      deps.clock.advance(INVITATION_SECONDS + 1);
      const signIn = await signInByMagicLink(deps, address);
      expect(await roleOf(org.id, signIn.userId)).toBeNull();
      const res = await clientFor(transport, deps, () => env.url, { token: signIn.token }).call(
        'orgs.acceptInvitation',
        { token },
      );
      expect(res).toMatchObject({ status: 400, error: { code: 'INVALID_LINK' } });
    });

    it('answers INVALID_LINK for an unknown token, and a newer invitation to the address replaces the older one', async () => {
      const { org, owner } = await club();
      const address = uniqueEmail('to-ganger');
      const c = await as(owner);
      await c.call('orgs.addMember', { organizationId: org.id, email: address, role: 'member' });
      const first = linkFromMail(lastMailTo(deps, address), '/klubber/bli-med').token;
      await c.call('orgs.addMember', { organizationId: org.id, email: address, role: 'admin' });
      const second = linkFromMail(lastMailTo(deps, address), '/klubber/bli-med').token;
      // The invited address's owner (an account made after the invitations, so they stay open).
      const invited = await as(await createUser(deps.db, { email: address }));
      expect((await invited.call('orgs.acceptInvitation', { token: first })).error?.code).toBe('INVALID_LINK');
      expect((await invited.call('orgs.acceptInvitation', { token: 'x'.repeat(43) })).error?.code).toBe('INVALID_LINK');
      expect((await invited.call('orgs.acceptInvitation', { token: second })).body.organization.role).toBe('admin');
    });

    it('never lowers a role the account already has', async () => {
      const { org, admin } = await club();
      const token = await insertInvitation(deps, { organizationId: org.id, email: admin.email, role: 'member' });
      const res = await (await as(admin)).call('orgs.acceptInvitation', { token });
      expect(res.body.organization.role).toBe('admin');
      expect(await roleOf(org.id, admin.id)).toBe('admin');
    });

    it('counts invitation mails against the inviter: the sixth in ten minutes is 429 with Retry-After', async () => {
      const { org, owner } = await club();
      const c = await as(owner);
      for (let i = 0; i < 5; i++) {
        expect(
          (await c.call('orgs.addMember', { organizationId: org.id, email: uniqueEmail(), role: 'member' })).error,
        ).toBeNull();
      }
      const address = uniqueEmail('for-mange');
      const res = await c.call('orgs.addMember', { organizationId: org.id, email: address, role: 'member' });
      expect(res).toMatchObject({ status: 429, error: { code: 'RATE_LIMITED' } });
      expect(mailsTo(deps, address)).toEqual([]);
      // Adding existing accounts sends no mail and is not limited.
      const existing = await createUser(deps.db);
      expect(
        (await c.call('orgs.addMember', { organizationId: org.id, email: existing.email, role: 'member' })).error,
      ).toBeNull();
    });
  });

  describe('roles', () => {
    it('lets an owner or admin promote and demote members and admins', async () => {
      const { org, owner, admin, member } = await club();
      const promoted = await (await as(admin)).call('orgs.setRole', {
        organizationId: org.id,
        userId: member.id,
        role: 'admin',
      });
      expect(promoted.body).toEqual({
        member: { userId: member.id, name: member.name, email: member.email, role: 'admin' },
      });
      expect(await roleOf(org.id, member.id)).toBe('admin');
      const demoted = await (await as(owner)).call('orgs.setRole', {
        organizationId: org.id,
        userId: admin.id,
        role: 'member',
      });
      expect(demoted.body.member.role).toBe('member');
    });

    it('lets only owners grant owner, and keeps admins away from owners', async () => {
      const { org, owner, admin, member } = await club({ secondOwner: true });
      const a = await as(admin);
      expect(await a.call('orgs.setRole', { organizationId: org.id, userId: member.id, role: 'owner' })).toMatchObject({
        status: 403,
        error: { code: 'FORBIDDEN', message: 'Bare en eier kan gjøre andre til eier.' },
      });
      expect(await a.call('orgs.setRole', { organizationId: org.id, userId: owner.id, role: 'member' })).toMatchObject({
        status: 403,
        error: { code: 'FORBIDDEN', message: 'En administrator kan ikke endre eller fjerne en eier.' },
      });
      expect(await a.call('orgs.setRole', { organizationId: org.id, userId: admin.id, role: 'owner' })).toMatchObject({
        status: 403,
      });
      expect(await roleOf(org.id, member.id)).toBe('member');
      expect(await roleOf(org.id, owner.id)).toBe('owner');
      expect(await roleOf(org.id, admin.id)).toBe('admin');

      const granted = await (await as(owner)).call('orgs.setRole', {
        organizationId: org.id,
        userId: member.id,
        role: 'owner',
      });
      expect(granted.body.member.role).toBe('owner');
    });

    it('answers 403 NOT_ORG_ADMIN to a member and 404 for a user who is not a member', async () => {
      const { org, owner, admin, member } = await club();
      const m = await as(member);
      expect(await m.call('orgs.setRole', { organizationId: org.id, userId: member.id, role: 'admin' })).toMatchObject({
        status: 403,
        error: { code: 'NOT_ORG_ADMIN' },
      });
      expect(await roleOf(org.id, member.id)).toBe('member');
      const stranger = await createUser(deps.db);
      expect(
        await (await as(owner)).call('orgs.setRole', { organizationId: org.id, userId: stranger.id, role: 'admin' }),
      ).toMatchObject({
        status: 404,
        error: { code: 'NOT_FOUND' },
      });
      expect(await roleOf(org.id, stranger.id)).toBeNull();
      void admin;
    });

    it('never demotes the last owner (409), but an owner may step down when another remains', async () => {
      const { org, owner } = await club();
      const c = await as(owner);
      const res = await c.call('orgs.setRole', { organizationId: org.id, userId: owner.id, role: 'admin' });
      expect(res).toMatchObject({
        status: 409,
        error: { code: 'CONFLICT', message: 'Klubben må ha minst én eier. Gjør en annen til eier først.' },
      });
      expect(await roleOf(org.id, owner.id)).toBe('owner');

      const other = await createUser(deps.db);
      await addMember(deps.db, org.id, other.id, 'owner');
      expect(
        (await c.call('orgs.setRole', { organizationId: org.id, userId: owner.id, role: 'admin' })).body.member.role,
      ).toBe('admin');
      // Now `other` is the last owner.
      expect(
        (await (await as(other)).call('orgs.setRole', { organizationId: org.id, userId: other.id, role: 'member' }))
          .status,
      ).toBe(409);
    });
  });

  describe('removing members and leaving', () => {
    it('lets an owner or admin remove a member, who then has no access', async () => {
      const { org, admin, member } = await club();
      const res = await (await as(admin)).call('orgs.removeMember', { organizationId: org.id, userId: member.id });
      expect(res.body).toEqual({ ok: true });
      expect(await roleOf(org.id, member.id)).toBeNull();
      expect(await (await as(member)).call('orgs.get', { organizationId: org.id })).toMatchObject({
        status: 403,
        error: { code: 'NOT_ORG_MEMBER' },
      });
    });

    it('lets a member leave, but not remove others (NOT_ORG_ADMIN)', async () => {
      const { org, admin, member } = await club();
      const m = await as(member);
      expect(await m.call('orgs.removeMember', { organizationId: org.id, userId: admin.id })).toMatchObject({
        status: 403,
        error: { code: 'NOT_ORG_ADMIN' },
      });
      expect(await roleOf(org.id, admin.id)).toBe('admin');
      expect((await m.call('orgs.removeMember', { organizationId: org.id, userId: member.id })).body).toEqual({
        ok: true,
      });
      expect(await roleOf(org.id, member.id)).toBeNull();
    });

    it('keeps an admin from removing an owner', async () => {
      const { org, owner, admin } = await club({ secondOwner: true });
      expect(
        await (await as(admin)).call('orgs.removeMember', { organizationId: org.id, userId: owner.id }),
      ).toMatchObject({
        status: 403,
        error: { code: 'FORBIDDEN' },
      });
      expect(await roleOf(org.id, owner.id)).toBe('owner');
    });

    it('never removes the last owner, not even when leaving (409); another owner may', async () => {
      const { org, owner, owner2 } = await club({ secondOwner: true });
      expect(
        (await (await as(owner)).call('orgs.removeMember', { organizationId: org.id, userId: owner2!.id })).body,
      ).toEqual({ ok: true });
      const c = await as(owner);
      expect(await c.call('orgs.removeMember', { organizationId: org.id, userId: owner.id })).toMatchObject({
        status: 409,
        error: { code: 'CONFLICT' },
      });
      expect(await roleOf(org.id, owner.id)).toBe('owner');
    });

    it('answers 404 for a user who is not a member', async () => {
      const { org, owner } = await club();
      const stranger = await createUser(deps.db);
      expect(
        await (await as(owner)).call('orgs.removeMember', { organizationId: org.id, userId: stranger.id }),
      ).toMatchObject({
        status: 404,
        error: { code: 'NOT_FOUND' },
      });
    });
  });

  describe('audit log', () => {
    it("shows owners and admins their organization's events, newest first, with actor, subject and IP", async () => {
      const owner = await createUser(deps.db, { name: 'Olav Eier' });
      const c = await as(owner);
      const { body: created } = await c.call('orgs.create', { name: 'Revisjonsklubben' });
      const organizationId = created.id;
      const newcomer = await createUser(deps.db, { name: 'Nils Ny' });
      deps.clock.advance(1);
      await c.call('orgs.addMember', { organizationId, email: newcomer.email, role: 'member' });
      deps.clock.advance(1);
      await c.call('orgs.setRole', { organizationId, userId: newcomer.id, role: 'admin' });
      deps.clock.advance(1);
      const invited = uniqueEmail('invitert');
      await c.call('orgs.addMember', { organizationId, email: invited, role: 'member' });
      deps.clock.advance(1);
      await (await as(newcomer)).call('orgs.removeMember', { organizationId, userId: newcomer.id });

      const res = await c.call('orgs.auditLog', { organizationId });
      expect(res.body.total).toBe(5);
      expect(res.body.entries.map((e: any) => e.action)).toEqual([
        'org.member_removed',
        'org.member_invited',
        'org.role_changed',
        'org.member_added',
        'org.created',
      ]);
      const [removed, inv, roleChanged] = res.body.entries;
      expect(roleChanged).toMatchObject({
        actor: { userId: owner.id, name: 'Olav Eier', email: owner.email },
        subject: { userId: newcomer.id, name: 'Nils Ny', email: newcomer.email },
        details: { from: 'member', to: 'admin' },
        ip: expect.any(String),
        createdAt: expect.any(String),
      });
      expect(inv).toMatchObject({
        actor: { userId: owner.id },
        subject: null,
        details: { email: invited, role: 'member' },
      });
      expect(removed).toMatchObject({
        actor: { userId: newcomer.id },
        subject: { userId: newcomer.id },
        details: { left: true },
      });
      // The invitation token is a secret: it appears in no entry.
      const token = linkFromMail(lastMailTo(deps, invited), '/klubber/bli-med').token;
      expect(res.raw).not.toContain(token);
    });

    it('pages with page and limit, reporting the total', async () => {
      const { org, owner } = await club();
      const c = await as(owner);
      for (let i = 0; i < 5; i++) {
        const u = await createUser(deps.db);
        deps.clock.advance(1);
        await c.call('orgs.addMember', { organizationId: org.id, email: u.email, role: 'member' });
      }
      const first = await c.call('orgs.auditLog', { organizationId: org.id, page: 1, limit: 2 });
      const third = await c.call('orgs.auditLog', { organizationId: org.id, page: 3, limit: 2 });
      expect(first.body).toMatchObject({ page: 1, limit: 2, total: 5 });
      expect(first.body.entries).toHaveLength(2);
      expect(third.body.entries).toHaveLength(1);
      const all = await c.call('orgs.auditLog', { organizationId: org.id });
      expect(all.body).toMatchObject({ page: 1, limit: 20, total: 5 });
      expect([...first.body.entries, ...third.body.entries].map((e: any) => e.id)).toEqual(
        [all.body.entries[0], all.body.entries[1], all.body.entries[4]].map((e: any) => e.id),
      );
      for (const bad of [{ limit: 0 }, { limit: 101 }, { page: 0 }, { page: 'abc' }]) {
        expect((await c.call('orgs.auditLog', { organizationId: org.id, ...bad })).error?.code).toBe('INVALID_INPUT');
      }
    });

    it('is closed to members (NOT_ORG_ADMIN)', async () => {
      const { org, member } = await club();
      expect(await (await as(member)).call('orgs.auditLog', { organizationId: org.id })).toMatchObject({
        status: 403,
        error: { code: 'NOT_ORG_ADMIN' },
      });
    });
  });

  it('stores memberships only through the procedures above (no leftover rows for refused calls)', async () => {
    const { org, member } = await club();
    const before = await deps.db
      .select()
      .from(organizationMembership)
      .where(eq(organizationMembership.organizationId, org.id));
    const m = await as(member);
    await m.call('orgs.addMember', { organizationId: org.id, email: uniqueEmail(), role: 'member' });
    await m.call('orgs.setRole', { organizationId: org.id, userId: member.id, role: 'owner' });
    const after = await deps.db
      .select()
      .from(organizationMembership)
      .where(eq(organizationMembership.organizationId, org.id));
    expect(after).toEqual(before);
  });
});
