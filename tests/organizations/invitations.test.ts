import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/auth/rate-limit';
import { findUserById, type UserRow } from '../../server/auth/users';
import { auditLog, organizationMembership } from '../../server/db/schema';
import { INVITATION_SECONDS } from '../../server/organizations/invitations';
import { describeError } from '../../server/trpc/errors';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { lastMailTo, linkFromMail, mailsTo } from '../helpers/mail';
import { insertInvitation, signInByMagicLink } from './support';

/** What a caller gets back: the answer, or the contract's code, status and Norwegian message. */
async function outcome<T>(work: Promise<T>) {
  try {
    return { body: await work, code: 'ok', status: 200, message: '' };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const d = describeError(error);
    return { body: null, code: d.code, status: d.status, message: d.message };
  }
}

const MAIL_LIMIT = LIMITS.mailsPerUser.max;
const READ_LIMIT = LIMITS.invitationReadsPerUser.max;

const setups = await Promise.all(
  databaseKinds().map(async (kind) => ({ kind, deps: await createTestDeps({ db: kind }) })),
);

describe.each(setups)('$kind: invitations, read by token and pending in the member list', ({ deps }) => {
  // Fresh limit windows for every test: the limits are tested where they are the subject.
  beforeEach(() => deps.clock.advance(LIMITS.mailsPerUser.windowSeconds + 1));

  const as = async (user: UserRow) => (await callerAs(deps, user)).caller;

  async function club() {
    const org = await createOrganization(deps.db, `Klubb ${crypto.randomUUID().slice(0, 8)}`);
    const owner = await createUser(deps.db, { name: 'Olav Eier' });
    const admin = await createUser(deps.db, { name: 'Anne Admin' });
    const member = await createUser(deps.db, { name: 'Mona Medlem' });
    await addMember(deps.db, org.id, owner.id, 'owner');
    await addMember(deps.db, org.id, admin.id, 'admin');
    await addMember(deps.db, org.id, member.id, 'member');
    return { org, owner, admin, member };
  }

  /** Invites an unknown address through the procedure, and reads the link from the mail. */
  async function invite(inviter: UserRow, organizationId: string, role: 'member' | 'admin' | 'owner' = 'member') {
    const email = uniqueEmail('invitert');
    await (await as(inviter)).orgs.addMember({ organizationId, email, role });
    return { email, token: linkFromMail(lastMailTo(deps, email), '/klubber/bli-med').token };
  }

  async function roleOf(organizationId: string, userId: string) {
    const [row] = await deps.db
      .select({ role: organizationMembership.role })
      .from(organizationMembership)
      .where(and(eq(organizationMembership.organizationId, organizationId), eq(organizationMembership.userId, userId)));
    return row?.role ?? null;
  }

  /** The account a sign-in made. */
  const accountOf = async (userId: string) => (await findUserById(deps.db, userId))!;

  async function auditActions(organizationId: string) {
    const rows = await deps.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.organizationId, organizationId));
    return rows;
  }

  describe('orgs.invitation: the join page reads its link', () => {
    it('names the club, who invited and the role to the owner of the invited address, and consumes nothing', async () => {
      const { org, owner } = await club();
      const { email, token } = await invite(owner, org.id, 'admin');
      const invitee = await createUser(deps.db, { email, name: null });
      const answer = await (await as(invitee)).orgs.invitation({ token });
      expect(answer).toEqual({
        organization: { id: org.id, name: org.name },
        role: 'admin',
        invitedBy: 'Olav Eier',
        email,
        expiresAt: new Date(deps.now().getTime() + INVITATION_SECONDS * 1000).toISOString(),
        membership: null,
      });
      // Reading did not accept: the invitee is not a member until they accept.
      expect(await roleOf(org.id, invitee.id)).toBeNull();
      expect((await (await as(invitee)).orgs.acceptInvitation({ token })).organization.role).toBe('admin');
    });

    it('tells a member they already are one, when signing in has used the link', async () => {
      const { org, owner } = await club();
      const { email, token } = await invite(owner, org.id);
      const signIn = await signInByMagicLink(deps, email);
      const me = await accountOf(signIn.userId);
      const answer = await (await as(me)).orgs.invitation({ token });
      expect(answer).toMatchObject({ organization: { id: org.id, name: org.name }, membership: { role: 'member' } });
    });

    it('refuses another account with 403 and tells it nothing about the invitation, whatever its state', async () => {
      const { org, owner } = await club();
      const { token } = await invite(owner, org.id);
      const stranger = await createUser(deps.db);
      const refused = await outcome((await as(stranger)).orgs.invitation({ token }));
      expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN', body: null });
      expect(refused.message).toMatch(/annen e-postadresse/);
      expect(refused.message).not.toContain(org.name);
      // The same answer once the invitation has expired: the holder learns nothing of its state.
      deps.clock.advance(INVITATION_SECONDS + 1);
      expect(await outcome((await as(stranger)).orgs.invitation({ token }))).toEqual(refused);
    });

    it('answers 400 INVALID_LINK for an unknown, an expired and a used token, without naming the club', async () => {
      const { org, owner } = await club();
      const expired = await invite(owner, org.id);
      const used = await invite(owner, org.id);
      const expiredOwner = await createUser(deps.db, { email: expired.email });
      const usedOwner = await createUser(deps.db, { email: used.email });

      const unknown = await outcome((await as(usedOwner)).orgs.invitation({ token: 'x'.repeat(43) }));
      expect(unknown).toMatchObject({ status: 400, code: 'INVALID_LINK', body: null });
      expect(unknown.message).toBe(
        'Invitasjonen er ugyldig, utløpt eller allerede brukt. Be den som inviterte deg om en ny.',
      );

      // Used, then the account left the club: the link is spent and says no more than an unknown one.
      await (await as(usedOwner)).orgs.acceptInvitation({ token: used.token });
      await (await as(usedOwner)).orgs.removeMember({ organizationId: org.id, userId: usedOwner.id });
      expect(await outcome((await as(usedOwner)).orgs.invitation({ token: used.token }))).toEqual(unknown);

      deps.clock.advance(INVITATION_SECONDS + 1);
      expect(await outcome((await as(expiredOwner)).orgs.invitation({ token: expired.token }))).toEqual(unknown);
    });

    it(`holds its limit under 30 parallel reads: ${READ_LIMIT} answers, the rest 429 with Retry-After`, async () => {
      const { org, owner } = await club();
      const { email, token } = await invite(owner, org.id);
      const invitee = await as(await createUser(deps.db, { email }));
      const outcomes = await Promise.all(Array.from({ length: 30 }, () => outcome(invitee.orgs.invitation({ token }))));
      const answered = outcomes.filter((o) => o.code === 'ok');
      expect(answered).toHaveLength(READ_LIMIT);
      expect(new Set(answered.map((o) => JSON.stringify(o.body))).size).toBe(1);
      expect(outcomes.filter((o) => o.code === 'RATE_LIMITED' && o.status === 429)).toHaveLength(30 - READ_LIMIT);
      // Reading consumed nothing: the invitee still joins with the link.
      expect((await invitee.orgs.acceptInvitation({ token })).organization.id).toBe(org.id);
    });
  });

  describe('orgs.invitations, resendInvitation, cancelInvitation: pending invitations', () => {
    it('shows owners and admins the open invitations with address, role, sender, sent and expiry, newest first', async () => {
      const { org, owner, admin } = await club();
      const first = await invite(owner, org.id, 'member');
      deps.clock.advance(60);
      const second = await invite(admin, org.id, 'admin');
      const sentAt = deps.now();
      // An accepted one is not pending any more.
      const accepted = await invite(owner, org.id);
      await (await as(await createUser(deps.db, { email: accepted.email }))).orgs.acceptInvitation({
        token: accepted.token,
      });

      for (const viewer of [owner, admin]) {
        const { invitations, total } = await (await as(viewer)).orgs.invitations({ organizationId: org.id });
        expect(total).toBe(2);
        expect(invitations.map((i) => i.email)).toEqual([second.email, first.email]);
        expect(invitations[0]).toEqual({
          id: expect.any(String),
          email: second.email,
          role: 'admin',
          invitedBy: 'Anne Admin',
          createdAt: sentAt.toISOString(),
          expiresAt: new Date(sentAt.getTime() + INVITATION_SECONDS * 1000).toISOString(),
        });
      }
      // Expired invitations leave the list.
      deps.clock.advance(INVITATION_SECONDS + 1);
      expect((await (await as(owner)).orgs.invitations({ organizationId: org.id })).invitations).toEqual([]);
    });

    it('resends as a new link: the old one stops working, the new one joins, and the audit log says so', async () => {
      const { org, owner, admin } = await club();
      const { email, token: oldToken } = await invite(owner, org.id, 'admin');
      const [pending] = (await (await as(admin)).orgs.invitations({ organizationId: org.id })).invitations;
      deps.clock.advance(24 * 3600);

      const { invitation } = await (await as(admin)).orgs.resendInvitation({
        organizationId: org.id,
        invitationId: pending!.id,
      });
      expect(invitation).toMatchObject({ email, role: 'admin', invitedBy: 'Anne Admin' });
      expect(invitation.id).not.toBe(pending!.id);
      expect(invitation.expiresAt).toBe(new Date(deps.now().getTime() + INVITATION_SECONDS * 1000).toISOString());
      const mails = mailsTo(deps, email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.text).toContain('Anne Admin har invitert deg til å bli administrator');
      const newToken = linkFromMail(mails[1]!, '/klubber/bli-med').token;
      expect(newToken).not.toBe(oldToken);
      expect((await (await as(owner)).orgs.invitations({ organizationId: org.id })).invitations).toEqual([invitation]);

      const invitee = await createUser(deps.db, { email });
      expect(await outcome((await as(invitee)).orgs.acceptInvitation({ token: oldToken }))).toMatchObject({
        code: 'INVALID_LINK',
      });
      expect(await roleOf(org.id, invitee.id)).toBeNull();
      expect((await (await as(invitee)).orgs.acceptInvitation({ token: newToken })).organization.role).toBe('admin');
      expect(await auditActions(org.id)).toContainEqual({
        action: 'org.invitation_resent',
        details: { email, role: 'admin' },
      });
    });

    it('cancels: neither the link nor signing in with the address joins, and the audit log says so', async () => {
      const { org, owner, admin } = await club();
      const { email, token } = await invite(owner, org.id);
      const [pending] = (await (await as(admin)).orgs.invitations({ organizationId: org.id })).invitations;
      expect(
        await (await as(admin)).orgs.cancelInvitation({ organizationId: org.id, invitationId: pending!.id }),
      ).toEqual({ ok: true });
      expect((await (await as(owner)).orgs.invitations({ organizationId: org.id })).total).toBe(0);

      const signIn = await signInByMagicLink(deps, email);
      expect(await roleOf(org.id, signIn.userId)).toBeNull();
      const invitee = await accountOf(signIn.userId);
      expect(await outcome((await as(invitee)).orgs.acceptInvitation({ token }))).toMatchObject({
        status: 400,
        code: 'INVALID_LINK',
      });
      expect(await roleOf(org.id, invitee.id)).toBeNull();
      expect(await auditActions(org.id)).toContainEqual({
        action: 'org.invitation_cancelled',
        details: { email, role: 'member' },
      });
      // Cancelled once: a second cancel or a resend finds nothing pending (404).
      const c = await as(admin);
      const ids = { organizationId: org.id, invitationId: pending!.id };
      for (const again of [() => c.orgs.cancelInvitation(ids), () => c.orgs.resendInvitation(ids)]) {
        expect(await outcome<unknown>(again())).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
    });

    it('refuses a member (NOT_ORG_ADMIN) and an outsider (NOT_ORG_MEMBER), changing nothing', async () => {
      const { org, owner, member } = await club();
      const { email, token } = await invite(owner, org.id);
      const [pending] = (await (await as(owner)).orgs.invitations({ organizationId: org.id })).invitations;
      const outsider = await createUser(deps.db);
      await addMember(deps.db, (await createOrganization(deps.db)).id, outsider.id, 'owner');
      for (const [user, code] of [
        [member, 'NOT_ORG_ADMIN'],
        [outsider, 'NOT_ORG_MEMBER'],
      ] as const) {
        const c = await as(user);
        const ids = { organizationId: org.id, invitationId: pending!.id };
        for (const call of [
          () => c.orgs.invitations({ organizationId: org.id }),
          () => c.orgs.resendInvitation(ids),
          () => c.orgs.cancelInvitation(ids),
        ]) {
          expect(await outcome<unknown>(call())).toMatchObject({ status: 403, code, body: null });
        }
      }
      expect(mailsTo(deps, email)).toHaveLength(1);
      const invitee = await createUser(deps.db, { email });
      expect((await (await as(invitee)).orgs.acceptInvitation({ token })).organization.id).toBe(org.id);
    });

    it("answers 404 for another organization's invitation id, in one's own organization, and leaves it alone", async () => {
      const a = await club();
      const b = await club();
      const { email, token } = await invite(b.owner, b.org.id);
      const [theirs] = (await (await as(b.owner)).orgs.invitations({ organizationId: b.org.id })).invitations;
      const ids = { organizationId: a.org.id, invitationId: theirs!.id };
      const c = await as(a.owner);
      for (const call of [() => c.orgs.resendInvitation(ids), () => c.orgs.cancelInvitation(ids)]) {
        expect(await outcome<unknown>(call())).toMatchObject({ status: 404, code: 'NOT_FOUND', body: null });
      }
      expect((await (await as(a.owner)).orgs.invitations({ organizationId: a.org.id })).invitations).toEqual([]);
      expect(mailsTo(deps, email)).toHaveLength(1);
      const invitee = await createUser(deps.db, { email });
      expect((await (await as(invitee)).orgs.acceptInvitation({ token })).organization.id).toBe(b.org.id);
    });

    it('lets only an owner resend or cancel an invitation as owner', async () => {
      const { org, owner, admin } = await club();
      await invite(owner, org.id, 'owner');
      const [pending] = (await (await as(owner)).orgs.invitations({ organizationId: org.id })).invitations;
      const ids = { organizationId: org.id, invitationId: pending!.id };
      const c = await as(admin);
      for (const call of [() => c.orgs.resendInvitation(ids), () => c.orgs.cancelInvitation(ids)]) {
        expect(await outcome<unknown>(call())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      }
      expect((await (await as(owner)).orgs.cancelInvitation(ids)).ok).toBe(true);
    });

    it('holds the mail limit under parallel resends: one resend per invitation, at most five mails', async () => {
      const { org, owner, admin } = await club();
      // Seven pending invitations, made without mail so that the admin's whole mail budget is left.
      const emails = Array.from({ length: 7 }, () => uniqueEmail('vent'));
      for (const email of emails) await insertInvitation(deps, { organizationId: org.id, email, role: 'member' });
      const { invitations } = await (await as(owner)).orgs.invitations({ organizationId: org.id });
      expect(invitations).toHaveLength(7);

      // Every invitation resent twice at once: 14 calls.
      const c = await as(admin);
      const outcomes = await Promise.all(
        [...invitations, ...invitations].map((i) =>
          outcome(c.orgs.resendInvitation({ organizationId: org.id, invitationId: i.id })),
        ),
      );
      const codes = outcomes.map((o) => o.code);
      expect(codes.filter((code) => code === 'ok')).toHaveLength(MAIL_LIMIT);
      expect(codes.filter((code) => code !== 'ok' && code !== 'RATE_LIMITED' && code !== 'NOT_FOUND')).toEqual([]);
      const mailed = emails.filter((email) => mailsTo(deps, email).length > 0);
      expect(mailed).toHaveLength(MAIL_LIMIT);
      for (const email of emails) expect(mailsTo(deps, email).length).toBeLessThanOrEqual(1);
      // Still exactly one open invitation per address: the resent ones replaced, the others untouched.
      const after = await (await as(owner)).orgs.invitations({ organizationId: org.id });
      expect(after.total).toBe(7);
      expect(new Set(after.invitations.map((i) => i.email)).size).toBe(7);
    });
  });
});
