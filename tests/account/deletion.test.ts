import { playerEntry } from '../helpers/tournaments';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { findUserByEmail, findUserById, type UserRow } from '../../server/auth/users';
import { auditLog, course, feedItem, organization, tournamentEntry, userSecondaryEmail } from '../../server/db/schema';
import { SESSION_ENDED_CLOSE_CODE } from '../../shared/live';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { openRawSocket } from '../helpers/live';
import { codeIn, lastMailTo, mailsTo } from '../helpers/mail';
import { clientFor, TRANSPORTS, useDepsAndServer, type Client } from '../helpers/transport';
import { enrolTotp, oathtool } from '../two-factor/support';
import { aGolfersLife } from './gdpr-support';

/**
 * Deleting one's own account (decisions 0106, 0107), over both transports and on both databases.
 * What goes: the account, its sessions (and live sockets) at once, its rounds, personal courses, chat texts,
 * feed items, entries before play. What stays as it was for the others: their rounds with the player's card
 * as a guest's, results of a tournament that began, a course they played on.
 */
const BURST = 30;

describe.each(databaseKinds())('deleting my account, on %s', (kind) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps), { db: kind });

  beforeEach(() => deps.clock.advance(3600));

  async function deletionCode(c: Client, user: Pick<UserRow, 'email'>): Promise<string> {
    const res = await c.call('account.requestDeletionCode');
    expect(res.error).toBeNull();
    const mail = lastMailTo(deps, user.email);
    expect(mail.subject).toBe('Kode for å slette kontoen');
    return codeIn(mail.text);
  }

  it.each(TRANSPORTS)(
    'over %s: everything of mine goes, the others keep theirs with me as a guest',
    async (transport) => {
      const life = await aGolfersLife(deps);
      const { golfer, friend } = life;
      const asFriend = (await callerAs(deps, friend)).caller;
      const asAdmin = (await callerAs(deps, life.admin)).caller;
      const otherDevice = clientFor(transport, deps, () => env.url, { token: await sessionTokenFor(deps, golfer) });
      const before = {
        friendsRound: await asFriend.rounds.get({ roundId: life.friendsRoundId }),
        leaderboard: await asFriend.public.leaderboard({ slug: life.finished.slug }),
        feed: (await asFriend.feed.list({ limit: 100 })).items,
      };
      const golferCardBefore = before.friendsRound.sides[0]!.participants.find((p) => p.id === life.golferCardId)!;
      expect(golferCardBefore.userId).toBe(golfer.id);

      // An open sign-in link for my address (keyed by the address, not the account) must go as well.
      const anonymous = await env.as(null, transport);
      expect((await anonymous.call('auth.requestLink', { email: golfer.email })).error).toBeNull();
      // Another club invited an address before it was mine (now a secondary one of mine), resent the
      // invitation, and invited another of my addresses and cancelled: its security log names them.
      const invitedAddress = uniqueEmail('invitert');
      const cancelledAddress = uniqueEmail('avlyst');
      const otherClub = await createOrganization(deps.db, 'Naboklubben GK');
      const clubAdmin = await createUser(deps.db, { name: 'Nabo Admin' });
      await addMember(deps.db, otherClub.id, clubAdmin.id, 'admin');
      const asClubAdmin = (await callerAs(deps, clubAdmin)).caller;
      await asClubAdmin.orgs.addMember({ organizationId: otherClub.id, email: invitedAddress, role: 'member' });
      await asClubAdmin.orgs.addMember({ organizationId: otherClub.id, email: cancelledAddress, role: 'member' });
      const pending = await asClubAdmin.orgs.invitations({ organizationId: otherClub.id });
      const idOf = (email: string) => pending.invitations.find((i) => i.email === email)!.id;
      await asClubAdmin.orgs.resendInvitation({ organizationId: otherClub.id, invitationId: idOf(invitedAddress) });
      await asClubAdmin.orgs.cancelInvitation({ organizationId: otherClub.id, invitationId: idOf(cancelledAddress) });
      for (const email of [invitedAddress, cancelledAddress]) {
        await deps.db.insert(userSecondaryEmail).values({ userId: golfer.id, email });
      }
      expect(await tablesMentioning(deps, invitedAddress)).toEqual(
        expect.arrayContaining(['audit_log', 'organization_invitation', 'verification']),
      );

      const c = await env.as(golfer, transport);
      const code = await deletionCode(c, golfer);
      const res = await c.call('account.delete', { code });
      expect(res.error).toBeNull();
      expect(res.body).toEqual({ ok: true });
      // The browser's cookie is cleared, and this session, and every other one, ends at once.
      if (transport === 'rest') expect(res.setCookies.some((s) => /service_session=;.*Max-Age=0/i.test(s))).toBe(true);
      expect(c.token).toBeNull();
      const stale = clientFor(transport, deps, () => env.url, { token: await sessionTokenFor(deps, golfer) });
      for (const client of [stale, otherDevice]) {
        expect(await client.call('auth.me')).toMatchObject({ status: 401, error: { code: 'NOT_AUTHENTICATED' } });
      }
      expect(await findUserById(deps.db, golfer.id)).toBeNull();
      expect(await findUserByEmail(deps.db, golfer.email)).toBeNull();
      expect(await findUserByEmail(deps.db, life.secondary)).toBeNull();

      // My own round is gone, for the friend who played in it too; theirs keeps my card as a guest's.
      await expect(asFriend.rounds.get({ roundId: life.ownRoundId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const friendsRound = await asFriend.rounds.get({ roundId: life.friendsRoundId });
      const card = friendsRound.sides[0]!.participants.find((p) => p.id === life.golferCardId)!;
      expect(card).toEqual({ ...golferCardBefore, userId: null, isGuest: true });
      expect(card.name).toBe(golfer.name);
      expect(friendsRound.sides[0]!.standing).toEqual(before.friendsRound.sides[0]!.standing);

      // The personal course the friend played on stays (ownerless, no longer shared); the round keeps it.
      const onMyCourse = await asFriend.rounds.get({ roundId: life.onGolfersCourseId });
      expect(onMyCourse.course).toMatchObject({ id: life.personalCourseId, name: 'Hagebanen' });
      const [kept] = await deps.db.select().from(course).where(eq(course.id, life.personalCourseId));
      expect(kept).toMatchObject({ ownerUserId: null, shared: false });

      // The finished tournament's results stand, with me as a guest under my name; the open one lost my entry.
      expect((await asFriend.public.leaderboard({ slug: life.finished.slug })).divisions).toEqual(
        before.leaderboard.divisions,
      );
      const entries = await asAdmin.tournaments.entries({
        organizationId: life.organizationId,
        tournamentId: life.finished.tournamentId,
      });
      const mine = playerEntry(entries.entries.find((e) => e.id === life.finished.players[0]!.entryId));
      expect(mine.player).toEqual({ name: golfer.name });
      const [row] = await deps.db.select().from(tournamentEntry).where(eq(tournamentEntry.id, mine.id));
      expect(row).toMatchObject({ isGuest: true, handicapIndex: golfer.handicapIndex });
      expect(await deps.db.select().from(tournamentEntry).where(eq(tournamentEntry.id, life.openEntryId))).toHaveLength(
        0,
      );

      // Chat: my messages are tombstones without author; the friend's is untouched.
      const history = await asFriend.chat.history({ organizationId: life.organizationId });
      const texts = history.messages.map((m) => ({ name: m.author.name, userId: m.author.userId, text: m.text }));
      expect(texts).toEqual([
        { name: friend.name, userId: friend.id, text: 'Jeg blir med!' },
        { name: 'Slettet konto', userId: null, text: undefined },
        { name: 'Slettet konto', userId: null, text: undefined },
      ]);

      // Feed: my round's items and my highlight in the friend's round are gone; the friend's share stays.
      const feed = (await asFriend.feed.list({ limit: 100 })).items;
      const gone = before.feed.filter((i) => !feed.some((f) => f.id === i.id));
      expect(gone.map((i) => i.kind).sort()).toEqual(['highlight', 'highlight', 'round_shared']);
      expect(gone.every((i) => i.round?.id === life.ownRoundId || i.player?.name === golfer.name)).toBe(true);
      expect(feed.some((i) => i.kind === 'round_shared' && i.round?.id === life.friendsRoundId)).toBe(true);
      const erased = await deps.db.select().from(feedItem).where(eq(feedItem.hiddenReason, 'account_deleted'));
      expect(
        erased.filter((i) => gone.some((g) => g.id === i.id)).every((i) => JSON.stringify(i.payload) === '{}'),
      ).toBe(true);

      // The security log says the account was deleted, and no row of it holds my address any more.
      const rows = await deps.db.select().from(auditLog).where(eq(auditLog.subjectUserId, golfer.id));
      expect(rows.map((r) => r.action)).toContain('account.deleted');
      expect(
        rows.filter((r) => r.action === 'account.deleted' && r.organizationId === life.organizationId),
      ).toHaveLength(1);
      // Nowhere in the database is any of my addresses left: not in the club's log, its invitations, open
      // links, or the rate limits' counts.
      for (const address of [golfer.email, life.secondary, invitedAddress, cancelledAddress]) {
        expect(await tablesMentioning(deps, address), address).toEqual([]);
      }
    },
  );

  it('refuses a wrong code (400 INVALID_CODE) and keeps the account; five wrong codes void it', async () => {
    const user = await createUser(deps.db, { name: 'Gunnar Gjetter' });
    const c = await env.as(user, 'rest');
    const code = await deletionCode(c, user);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await c.call('account.delete', { code: wrong })).toMatchObject({
      status: 400,
      error: {
        code: 'INVALID_CODE',
        message: 'Koden stemmer ikke. Sjekk at den er skrevet riktig. Er den utløpt eller brukt, trenger du en ny.',
      },
    });
    expect(await findUserById(deps.db, user.id)).not.toBeNull();
    for (let i = 0; i < 4; i++) await c.call('account.delete', { code: wrong });
    expect(await c.call('account.delete', { code })).toMatchObject({ status: 400, error: { code: 'INVALID_CODE' } });
    expect(await findUserById(deps.db, user.id)).not.toBeNull();
    // Malformed input is 400 INVALID_INPUT, never a 500.
    expect(await c.call('account.delete', { code: '12' })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await c.call('account.delete', { code, extra: 1 })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_INPUT' },
    });
    // An expired code does not work either.
    const fresh = await deletionCode(c, user);
    deps.clock.advance(11 * 60);
    expect(await c.call('account.delete', { code: fresh })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_CODE' },
    });
    expect(await findUserById(deps.db, user.id)).not.toBeNull();
  });

  it('with 2FA on, asks for a code of the second factor as well', async () => {
    const user = await createUser(deps.db, { name: 'Toril Tofaktor' });
    const c = await env.as(user, 'rest');
    const { secret } = await enrolTotp(deps, c);
    const code = await deletionCode(c, user);
    expect(await c.call('account.delete', { code })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_INPUT', issues: [{ path: 'twoFactorCode' }] },
    });
    const wrongTotp = String((Number(oathtool(secret, deps.now())) + 1) % 1_000_000).padStart(6, '0');
    expect(await c.call('account.delete', { code, twoFactorCode: wrongTotp })).toMatchObject({
      status: 400,
      error: { code: 'INVALID_CODE' },
    });
    expect(await findUserById(deps.db, user.id)).not.toBeNull();
    const res = await c.call('account.delete', { code, twoFactorCode: oathtool(secret, deps.now()) });
    expect(res.error).toBeNull();
    expect(await findUserById(deps.db, user.id)).toBeNull();
  });

  it('does not count a LAST_OWNER refusal against the mail limit: the code comes after the handover', async () => {
    const owner = await createUser(deps.db, { name: 'Ivar Ivrig' });
    const member = await createUser(deps.db, { name: 'Mia Medlem' });
    const club = await createOrganization(deps.db, 'Ivrige GK');
    await addMember(deps.db, club.id, owner.id, 'owner');
    await addMember(deps.db, club.id, member.id, 'member');
    const c = await env.as(owner, 'rest');
    for (let i = 0; i < 7; i++) {
      expect(await c.call('account.requestDeletionCode')).toMatchObject({ status: 409, error: { code: 'LAST_OWNER' } });
    }
    await (await callerAs(deps, owner)).caller.orgs.setRole({
      organizationId: club.id,
      userId: member.id,
      role: 'owner',
    });
    expect((await c.call('account.requestDeletionCode')).status).toBe(200);
    expect(mailsTo(deps, owner.email)).toHaveLength(1);
  });

  it('refuses the last owner of an organization with other members (409 LAST_OWNER) until it is handed over', async () => {
    const owner = await createUser(deps.db, { name: 'Olga Eier' });
    const member = await createUser(deps.db, { name: 'Mons Medlem' });
    const club = await createOrganization(deps.db, 'Eiernes GK');
    await addMember(deps.db, club.id, owner.id, 'owner');
    await addMember(deps.db, club.id, member.id, 'member');
    const alone = await createOrganization(deps.db, 'Bare Olga GK');
    await addMember(deps.db, alone.id, owner.id, 'owner');
    const c = await env.as(owner, 'rest');

    const refused = await c.call('account.requestDeletionCode');
    expect(refused).toMatchObject({ status: 409, error: { code: 'LAST_OWNER' } });
    expect(refused.error!.message).toContain('«Eiernes GK»');
    expect(refused.error!.message).not.toContain('Bare Olga GK');
    expect(mailsTo(deps, owner.email)).toEqual([]);

    // Handed over: now the code comes, and the deletion takes the organization only Olga belonged to.
    await (await callerAs(deps, owner)).caller.orgs.setRole({
      organizationId: club.id,
      userId: member.id,
      role: 'owner',
    });
    const code = await deletionCode(c, owner);
    // Taking the ownership back before the code is used: refused again, the code left unused.
    await (await callerAs(deps, member)).caller.orgs.setRole({
      organizationId: club.id,
      userId: member.id,
      role: 'admin',
    });
    expect(await c.call('account.delete', { code })).toMatchObject({ status: 409, error: { code: 'LAST_OWNER' } });
    await (await callerAs(deps, owner)).caller.orgs.setRole({
      organizationId: club.id,
      userId: member.id,
      role: 'owner',
    });
    expect((await c.call('account.delete', { code })).error).toBeNull();

    const left = await deps.db.select({ id: organization.id }).from(organization);
    expect(left.map((o) => o.id)).toContain(club.id);
    expect(left.map((o) => o.id)).not.toContain(alone.id);
    const members = await (await callerAs(deps, member)).caller.orgs.members({ organizationId: club.id });
    expect(members.members.map((m) => m.userId)).toEqual([member.id]);
  });

  it('two co-owners deleting their accounts at the same moment: one goes, the club keeps an owner', async () => {
    const first = await createUser(deps.db, { name: 'Frida Første' });
    const second = await createUser(deps.db, { name: 'Sara Andre' });
    const member = await createUser(deps.db, { name: 'Mads Medlem' });
    const club = await createOrganization(deps.db, 'Toeiernes GK');
    await addMember(deps.db, club.id, first.id, 'owner');
    await addMember(deps.db, club.id, second.id, 'owner');
    await addMember(deps.db, club.id, member.id, 'member');
    const clients = [await env.as(first, 'rest'), await env.as(second, 'rest')];
    const codes = [await deletionCode(clients[0]!, first), await deletionCode(clients[1]!, second)];

    const outcomes = await Promise.all(clients.map((c, i) => c.call('account.delete', { code: codes[i] })));

    // Each saw the other as an owner when its code was mailed; only one of them may leave on it.
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    expect(outcomes.find((o) => o.status === 409)?.error?.code).toBe('LAST_OWNER');
    const members = await (await callerAs(deps, member)).caller.orgs.members({ organizationId: club.id });
    expect(members.members.filter((m) => m.role === 'owner')).toHaveLength(1);
  });

  it(`a code works once: ${BURST} parallel deletions with the right code, one succeeds`, async () => {
    const user = await createUser(deps.db, { name: 'Paula Parallell' });
    const token = await sessionTokenFor(deps, user);
    const c = clientFor('rest', deps, () => env.url, { token });
    const code = await deletionCode(c, user);
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, () =>
        clientFor('rest', deps, () => env.url, { token }).call('account.delete', { code }),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 200);
    expect(ok).toHaveLength(1);
    // The others find the code used, or (once the deletion committed) no account behind the session.
    for (const o of outcomes.filter((x) => x.status !== 200)) {
      expect(['INVALID_CODE', 'NOT_AUTHENTICATED']).toContain(o.error?.code);
    }
    expect(await findUserById(deps.db, user.id)).toBeNull();
    const audits = await deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'account.deleted')));
    expect(audits).toHaveLength(1);
  });

  it("closes the account's live sockets at once with 4401", async () => {
    const user = await createUser(deps.db, { name: 'Live Lise' });
    const token = await sessionTokenFor(deps, user);
    const socket = await openRawSocket(env.server, `service_session=${token}`);
    const c = clientFor('trpc', deps, () => env.url, { token });
    const code = await deletionCode(c, user);
    const startedAt = Date.now();
    expect((await c.call('account.delete', { code })).error).toBeNull();
    const closed = await Promise.race([
      socket.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 6_000)),
    ]);
    expect(closed?.code).toBe(SESSION_ENDED_CLOSE_CODE);
    // Announced, not found by the periodic sweep (2 s and more).
    expect(Date.now() - startedAt).toBeLessThan(1_500);
  });
});

/** The tables with a row whose text mentions `needle` (every table of the schema, as text). */
async function tablesMentioning(deps: TestDeps, needle: string): Promise<string[]> {
  const tables = (await deps.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    const res = (await deps.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text ilike ${`%${needle}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if (res.rows[0]!.n > 0) found.push(table_name);
  }
  return found;
}
