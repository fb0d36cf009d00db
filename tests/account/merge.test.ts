import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRMATION_SECONDS } from '../../server/account/confirmation';
import type { UserRow } from '../../server/auth/users';
import {
  appUser,
  auditLog,
  course,
  organizationMembership,
  participant,
  round,
  score,
  side,
  tee,
  userSecondaryEmail,
} from '../../server/db/schema';
import { callerAs, callerWithToken, sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { databaseKinds } from '../helpers/db';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { clientFor, TRANSPORTS, useDepsAndServer, type Client, type Transport } from '../helpers/transport';
import { lastMailTo, linkFromMail, mailsTo } from '../helpers/mail';
import type { Role } from '../../shared/values';

/** A personal course of `owner` with one tee, and a round on it owned by `owner` with `players` taking part. */
async function roundWith(deps: TestDeps, owner: UserRow, players: UserRow[]) {
  const [c] = await deps.db
    .insert(course)
    .values({ kind: 'personal', ownerUserId: owner.id, name: 'Hjemmebanen', searchText: 'hjemmebanen', country: 'NO' })
    .returning();
  const [t] = await deps.db
    .insert(tee)
    .values({ courseId: c!.id, name: 'Gul', par: 72, courseRating: 71.2, slope: 128 })
    .returning();
  const [r] = await deps.db
    .insert(round)
    .values({
      ownerUserId: owner.id,
      courseId: c!.id,
      teeId: t!.id,
      playedOn: '2025-06-01',
      format: 'stroke',
      holes: '18',
    })
    .returning();
  const [s] = await deps.db.insert(side).values({ roundId: r!.id, name: 'Lag 1' }).returning();
  const parts = [];
  for (const p of players) {
    const [row] = await deps.db.insert(participant).values({ roundId: r!.id, sideId: s!.id, userId: p.id }).returning();
    parts.push(row!);
  }
  return { courseId: c!.id, roundId: r!.id, participantIds: parts.map((p) => p.id) };
}

/** Everything that belongs to a user, as rows a person would miss if it vanished. */
async function holdings(deps: TestDeps, userId: string) {
  const memberships = await deps.db
    .select({ organizationId: organizationMembership.organizationId, role: organizationMembership.role })
    .from(organizationMembership)
    .where(eq(organizationMembership.userId, userId))
    .orderBy(organizationMembership.organizationId);
  const rounds = await deps.db
    .select({ id: round.id })
    .from(round)
    .where(eq(round.ownerUserId, userId))
    .orderBy(round.id);
  const participations = await deps.db
    .select({ id: participant.id })
    .from(participant)
    .where(eq(participant.userId, userId))
    .orderBy(participant.id);
  const courses = await deps.db
    .select({ id: course.id })
    .from(course)
    .where(eq(course.ownerUserId, userId))
    .orderBy(course.id);
  const emails = await deps.db
    .select({ email: userSecondaryEmail.email })
    .from(userSecondaryEmail)
    .where(eq(userSecondaryEmail.userId, userId))
    .orderBy(userSecondaryEmail.email);
  const [user] = await deps.db.select().from(appUser).where(eq(appUser.id, userId));
  return { user: user ?? null, memberships, rounds, participations, courses, emails: emails.map((e) => e.email) };
}

/**
 * Two accounts of one golfer: `other` has memberships (one in an organization where `survivor` has a
 * higher role, one where it has a lower), a round, a participation in someone else's round, a personal
 * course and a secondary address.
 */
async function twoAccounts(deps: TestDeps) {
  const survivor = await createUser(deps.db, { name: null, handicapIndex: null });
  const other = await createUser(deps.db, { name: 'Kari Gammel', handicapIndex: 14.2 });
  const otherSecondary = uniqueEmail('gammel-ekstra');
  await deps.db.insert(userSecondaryEmail).values({ userId: other.id, email: otherSecondary });
  const orgs: Record<'survivorHigher' | 'otherHigher' | 'otherOnly', { id: string; name: string }> = {
    survivorHigher: await createOrganization(deps.db, 'Der jeg er admin'),
    otherHigher: await createOrganization(deps.db, 'Der den gamle er eier'),
    otherOnly: await createOrganization(deps.db, 'Bare den gamle'),
  };
  const roles: [keyof typeof orgs, Role | null, Role][] = [
    ['survivorHigher', 'admin', 'member'],
    ['otherHigher', 'member', 'owner'],
    ['otherOnly', null, 'member'],
  ];
  for (const [key, survivorRole, otherRole] of roles) {
    if (survivorRole) await addMember(deps.db, orgs[key].id, survivor.id, survivorRole);
    await addMember(deps.db, orgs[key].id, other.id, otherRole);
  }
  const own = await roundWith(deps, other, [other]);
  const friend = await createUser(deps.db);
  const friendsRound = await roundWith(deps, friend, [friend, other]);
  return { survivor, other, otherSecondary, orgs, own, friendsRound };
}

describe.each(TRANSPORTS)('account merge over %s', (transport: Transport) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));

  beforeEach(() => deps.clock.advance(3600));

  const as = (user: UserRow) => env.as(user, transport);

  async function requestMerge(c: Client, address: string) {
    const res = await c.call('account.requestMerge', { email: address });
    expect(res.body).toEqual({ ok: true });
    return linkFromMail(lastMailTo(deps, address), '/konto/sla-sammen');
  }

  it('answers 404 EMAIL_NOT_FOUND for an address without an account, and 409 for my own', async () => {
    const user = await createUser(deps.db);
    const mine = uniqueEmail('min');
    await deps.db.insert(userSecondaryEmail).values({ userId: user.id, email: mine });
    const c = await as(user);
    const unknown = uniqueEmail('ukjent');
    expect(await c.call('account.requestMerge', { email: unknown })).toMatchObject({
      status: 404,
      error: { code: 'EMAIL_NOT_FOUND', message: 'Ingen konto har denne e-postadressen.' },
    });
    expect(await c.call('account.requestMerge', { email: user.email })).toMatchObject({
      status: 409,
      error: { code: 'CONFLICT' },
    });
    expect(await c.call('account.requestMerge', { email: mine })).toMatchObject({
      status: 409,
      error: { code: 'CONFLICT' },
    });
    expect([...mailsTo(deps, unknown), ...mailsTo(deps, user.email), ...mailsTo(deps, mine)]).toEqual([]);
  });

  it("moves the other account's memberships, rounds, participations, courses and addresses here and deletes it", async () => {
    const { survivor, other, otherSecondary, orgs, own, friendsRound } = await twoAccounts(deps);
    const otherToken = await sessionTokenFor(deps, other);
    const c = await as(survivor);
    const { link, token } = await requestMerge(c, otherSecondary);
    expect(link).toBe(`${deps.config.publicUrl}/konto/sla-sammen?token=${token}`);
    const mail = lastMailTo(deps, otherSecondary);
    expect(mail.subject).toBe('Bekreft sammenslåing av kontoer');
    expect(mail.text).toContain(`Kontoen ${survivor.email} ber om å slå sammen`);
    // Nothing moves before the confirmation.
    expect((await holdings(deps, other.id)).rounds).toHaveLength(1);

    const res = await c.call('account.confirmMerge', { token });
    expect(res.error).toBeNull();
    expect(res.body).toEqual({
      user: expect.objectContaining({
        id: survivor.id,
        email: survivor.email,
        name: 'Kari Gammel',
        handicapIndex: 14.2,
      }),
      emails: { primary: survivor.email, secondary: [otherSecondary, other.email].sort() },
      moved: { memberships: 3, rounds: 1, participations: 2, courses: 1, emails: 2 },
    });

    const after = await holdings(deps, survivor.id);
    expect(after.memberships).toEqual(
      [
        { organizationId: orgs.survivorHigher.id, role: 'admin' },
        { organizationId: orgs.otherHigher.id, role: 'owner' },
        { organizationId: orgs.otherOnly.id, role: 'member' },
      ].sort((a, b) => a.organizationId.localeCompare(b.organizationId)),
    );
    expect(after.rounds).toEqual([{ id: own.roundId }]);
    expect(after.participations.map((p) => p.id).sort()).toEqual(
      [own.participantIds[0]!, friendsRound.participantIds[1]!].sort(),
    );
    expect(after.courses).toEqual([{ id: own.courseId }]);
    expect(after.emails).toEqual([other.email, otherSecondary].sort());

    const gone = await holdings(deps, other.id);
    expect(gone).toEqual({ user: null, memberships: [], rounds: [], participations: [], courses: [], emails: [] });
    // The other account's session stops working at once.
    const stale = clientFor(transport, deps, () => env.url, { token: otherToken });
    expect(await stale.call('account.emails')).toMatchObject({ status: 401, error: { code: 'NOT_AUTHENTICATED' } });
    // The survivor's goes on, and sees the merged organizations.
    expect((await c.call('orgs.mine')).body.organizations).toHaveLength(3);
    // One use.
    expect(await c.call('account.confirmMerge', { token })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_LINK' },
    });
  });

  it('keeps the other account as a guest, scores and all, in a round both accounts played', async () => {
    const survivor = await createUser(deps.db, { name: 'Kari' });
    const other = await createUser(deps.db, { name: 'Kari (gammel)', handicapIndex: 18.2 });
    const shared = await roundWith(deps, survivor, [survivor, other]);
    const [otherCard] = shared.participantIds.slice(1);
    await deps.db.insert(score).values({ participantId: otherCard!, hole: 1, strokes: 5 });

    const c = await as(survivor);
    const { token } = await requestMerge(c, other.email);
    expect((await c.call('account.confirmMerge', { token })).status).toBe(200);

    const cards = await deps.db.select().from(participant).where(eq(participant.roundId, shared.roundId));
    expect(cards.filter((p) => p.userId === survivor.id)).toHaveLength(1);
    const guest = cards.find((p) => p.id === otherCard)!;
    expect(guest).toMatchObject({ userId: null, guestName: 'Kari (gammel)', handicapIndex: 18.2 });
    expect(await deps.db.select().from(score).where(eq(score.participantId, otherCard!))).toEqual([
      expect.objectContaining({ hole: 1, strokes: 5 }),
    ]);
    const { caller } = await callerAs(deps, survivor);
    const view = await caller.rounds.get({ roundId: shared.roundId });
    expect(JSON.stringify(view)).toContain('Kari (gammel)');
  });

  it('records the merge in the audit log of the user and of every organization it touched', async () => {
    const { survivor, other, orgs } = await twoAccounts(deps);
    const c = await as(survivor);
    const { code } = await requestMerge(c, other.email);
    expect((await c.call('account.confirmMerge', { code: code! })).error).toBeNull();
    const rows = await deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.merged'), eq(auditLog.actorUserId, survivor.id)));
    expect(rows.map((r) => r.organizationId).sort()).toEqual(
      [null, orgs.survivorHigher.id, orgs.otherHigher.id, orgs.otherOnly.id].sort(),
    );
    expect(rows[0]!.details).toMatchObject({ mergedUserId: other.id, mergedEmail: other.email });
    // The organization's owners and admins see it in their log.
    const log = await c.call('orgs.auditLog', { organizationId: orgs.survivorHigher.id });
    expect(log.body.entries[0]).toMatchObject({ action: 'account.merged', actor: { userId: survivor.id } });
  });

  it('never lowers a role the survivor has: an owner stays owner', async () => {
    const org = await createOrganization(deps.db);
    const survivor = await createUser(deps.db);
    const other = await createUser(deps.db);
    await addMember(deps.db, org.id, survivor.id, 'owner');
    await addMember(deps.db, org.id, other.id, 'member');
    const c = await as(survivor);
    const { token } = await requestMerge(c, other.email);
    await c.call('account.confirmMerge', { token });
    expect((await holdings(deps, survivor.id)).memberships).toEqual([{ organizationId: org.id, role: 'owner' }]);
  });

  it('lets no other account use the link (INVALID_LINK), and expires it after 30 minutes', async () => {
    const survivor = await createUser(deps.db);
    const other = await createUser(deps.db);
    const { token } = await requestMerge(await as(survivor), other.email);
    const intruder = await createUser(deps.db);
    expect(await (await as(intruder)).call('account.confirmMerge', { token })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_LINK' },
    });
    // Not even the account being merged away can turn it around.
    expect(await (await as(other)).call('account.confirmMerge', { token })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_LINK' },
    });
    deps.clock.advance(CONFIRMATION_SECONDS + 1);
    expect(await (await as(survivor)).call('account.confirmMerge', { token })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_LINK' },
    });
    expect((await holdings(deps, other.id)).user).not.toBeNull();
  });

  it('refuses to absorb an account protected by 2FA or a super administrator (409)', async () => {
    const survivor = await createUser(deps.db);
    const c = await as(survivor);
    const withTwoFactor = await createUser(deps.db, { twoFactorMethod: 'email' });
    const operator = await createUser(deps.db, { isSuperAdmin: true });
    for (const target of [withTwoFactor, operator]) {
      expect(await c.call('account.requestMerge', { email: target.email })).toMatchObject({
        status: 409,
        error: { code: 'CONFLICT' },
      });
      expect(mailsTo(deps, target.email)).toEqual([]);
    }
    // Turned on between the request and the confirmation: still refused, nothing moved.
    const other = await createUser(deps.db);
    const { token } = await requestMerge(c, other.email);
    await deps.db.update(appUser).set({ twoFactorMethod: 'totp' }).where(eq(appUser.id, other.id));
    expect(await c.call('account.confirmMerge', { token })).toMatchObject({ status: 409, error: { code: 'CONFLICT' } });
    expect((await holdings(deps, other.id)).user).not.toBeNull();
  });

  it('makes the survivor enrol in 2FA at the next sign-in when the merge made it an owner', async () => {
    const org = await createOrganization(deps.db);
    const survivor = await createUser(deps.db, { password: 'et langt og godt passord' });
    const other = await createUser(deps.db);
    await addMember(deps.db, org.id, other.id, 'owner');
    const c = await as(survivor);
    const { token } = await requestMerge(c, other.email);
    await c.call('account.confirmMerge', { token });
    const { caller } = await callerAs(deps, null);
    expect((await caller.auth.login({ email: survivor.email, password: 'et langt og godt passord' })).stage).toBe(
      'must_enroll_2fa',
    );
  });
});

/** The merge is one transaction: a failure at its very last step leaves both accounts exactly as they were. */
describe.each(databaseKinds())('account merge as one transaction on %s', (kind) => {
  let deps: TestDeps;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind, closeAfterAll: false });
  });
  afterAll(() => deps.close());

  it('rolls everything back when deleting the other account fails, and the link still works afterwards', async () => {
    const { survivor, other, otherSecondary } = await twoAccounts(deps);
    const otherToken = await sessionTokenFor(deps, other);
    const before = { survivor: await holdings(deps, survivor.id), other: await holdings(deps, other.id) };

    const { caller } = await callerAs(deps, survivor);
    await caller.account.requestMerge({ email: other.email });
    const { token } = linkFromMail(lastMailTo(deps, other.email), '/konto/sla-sammen');

    // The failure is injected in the database, after everything else has moved.
    await deps.db.execute(sql`create function fail_merge_delete() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await deps.db.execute(
      sql.raw(`create trigger fail_merge_delete before delete on app_user for each row
        when (old.id = '${other.id}'::uuid) execute function fail_merge_delete()`),
    );
    try {
      await expect(caller.account.confirmMerge({ token })).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    } finally {
      await deps.db.execute(sql`drop trigger fail_merge_delete on app_user`);
      await deps.db.execute(sql`drop function fail_merge_delete()`);
    }

    expect(await holdings(deps, survivor.id)).toEqual(before.survivor);
    expect(await holdings(deps, other.id)).toEqual(before.other);
    expect(before.other.emails).toEqual([otherSecondary]);
    const stillSignedIn = callerWithToken(deps, otherToken);
    expect((await stillSignedIn.caller.account.emails()).primary).toBe(other.email);

    // The confirmation was not used up by the failed attempt.
    const res = await caller.account.confirmMerge({ token });
    expect(res.moved.rounds).toBe(1);
    expect((await holdings(deps, other.id)).user).toBeNull();
  });
});
