import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/auth/rate-limit';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { appUser, recoveryCode, verification } from '../../server/db/schema';
import { totpBox } from '../../server/auth/two-factor/secret';
import { callerAs, callerWithToken, sessionTokenFor } from '../helpers/caller';
import { addMember, createUser } from '../helpers/factories';
import { databaseKinds } from '../helpers/db';
import type { TestDeps } from '../helpers/deps';
import { TRANSPORTS, useDepsAndServer } from '../helpers/transport';
import { enrolTotp } from '../two-factor/support';
import { aGolfersLife } from './gdpr-support';

/**
 * The user's own data as a download (GDPR articles 15 and 20; decision 0106): everything about the
 * user, nothing about anyone else beyond what the user already sees, and no secret.
 */
describe.each(databaseKinds())('exporting my data, on %s', (kind) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps), { db: kind });

  beforeEach(() => deps.clock.advance(3600));

  it.each(TRANSPORTS)(
    'over %s: profile, addresses, memberships, rounds, courses, entries, chat, feed and security events',
    async (transport) => {
      const life = await aGolfersLife(deps);
      const { golfer, friend } = life;
      await deps.db
        .update(appUser)
        .set({ passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' })
        .where(eq(appUser.id, golfer.id));
      const c = await env.as(golfer, transport);
      const { secret, recoveryCodes } = await enrolTotp(deps, c);
      await c.call('account.requestDeletionCode');

      const res = await c.call('account.export');
      expect(res.error).toBeNull();
      const data = res.body;
      expect(data).toMatchObject({
        format: 'golf-konto-eksport',
        version: 1,
        profile: { id: golfer.id, email: golfer.email, name: golfer.name, twoFactorMethod: 'totp', hasPassword: true },
        addresses: { primary: golfer.email, secondary: [{ email: life.secondary }] },
        memberships: [{ organization: { id: life.organizationId }, role: 'member' }],
      });
      expect(data.rounds.map((r: { id: string; isOwner: boolean }) => [r.id, r.isOwner])).toEqual([
        [life.ownRoundId, true],
        [life.friendsRoundId, false],
      ]);
      const friendsRound = data.rounds[1];
      const myCard = friendsRound.sides[0].participants.find((p: { id: string }) => p.id === life.golferCardId);
      expect(myCard.holes.filter((h: { strokes: number | null }) => h.strokes !== null)).toHaveLength(2);
      expect(data.personalCourses.map((c: { name: string }) => c.name)).toEqual(['Hagebanen']);
      expect(
        data.tournamentEntries.map((e: { tournament: { id: string }; scores: unknown[] }) => [
          e.tournament.id,
          e.scores.length,
        ]),
      ).toEqual([
        [life.finished.tournamentId, 18],
        [life.open.tournamentId, 0],
      ]);
      expect(data.chatMessages.map((m: { text: string }) => m.text)).toEqual([
        'Hvem blir med på Vårcupen?',
        'Jeg tar med kaffe.',
      ]);
      expect(data.feedItems.map((i: { kind: string }) => i.kind).sort()).toEqual([
        'highlight',
        'highlight',
        'round_shared',
        'round_shared',
      ]);
      expect(data.securityEvents.map((e: { action: string }) => e.action)).toContain('two_factor.enabled');

      // Nothing secret, and nothing of anyone else the golfer does not already see.
      const [stored] = await deps.db.select().from(appUser).where(eq(appUser.id, golfer.id));
      const secrets = [
        stored!.passwordHash!,
        stored!.totpSecret!,
        secret,
        totpBox(deps).open(stored!.totpSecret!, golfer.id)!,
        ...recoveryCodes,
        ...(await deps.db.select().from(recoveryCode).where(eq(recoveryCode.userId, golfer.id))).map((r) => r.codeHash),
        ...(await deps.db.select().from(verification).where(eq(verification.userId, golfer.id)))
          .flatMap((v) => [v.codeHash, v.tokenHash])
          .filter((h): h is string => h !== null),
        friend.email,
        life.admin.email,
        deps.config.sessionSecret,
      ];
      expect(secrets.length).toBeGreaterThan(8);
      for (const s of secrets) expect(res.raw, `the export holds ${s}`).not.toContain(s);
      expect(res.raw).not.toMatch(/password_?hash|totp_?secret|code_?hash|token_?hash/i);
    },
  );

  it('names no address of anyone else: what an admin, an operator or a stranger did to me carries no IP', async () => {
    const life = await aGolfersLife(deps);
    const { golfer } = life;
    const ADMIN_IP = '203.0.113.77';
    const OPERATOR_IP = '198.51.100.91';
    const STRANGER_IP = '192.0.2.201';
    const MY_IP = '192.0.2.44';
    const admin = await createUser(deps.db, { name: 'Klubb Admin' });
    await addMember(deps.db, life.organizationId, admin.id, 'admin');
    const asAdmin = callerWithToken(deps, await sessionTokenFor(deps, admin), { ip: ADMIN_IP }).caller;
    await asAdmin.orgs.setRole({ organizationId: life.organizationId, userId: golfer.id, role: 'admin' });
    await asAdmin.orgs.setRole({ organizationId: life.organizationId, userId: golfer.id, role: 'member' });
    const operator = await createUser(deps.db, { name: 'Drift' });
    await deps.db.update(appUser).set({ isSuperAdmin: true }).where(eq(appUser.id, operator.id));
    const asOperator = callerWithToken(deps, await sessionTokenFor(deps, operator), { ip: OPERATOR_IP }).caller;
    await asOperator.admin.signOutUser({ userId: golfer.id });
    await callerWithToken(deps, null, { ip: STRANGER_IP })
      .caller.auth.login({ email: golfer.email, password: 'feil passord 123' })
      .catch(() => undefined);
    const [fresh] = await deps.db.select().from(appUser).where(eq(appUser.id, golfer.id));
    const mine = callerWithToken(deps, await sessionTokenFor(deps, fresh!), { ip: MY_IP }).caller;
    await mine.auth.signOutEverywhere();

    const [again] = await deps.db.select().from(appUser).where(eq(appUser.id, golfer.id));
    const data = await callerWithToken(deps, await sessionTokenFor(deps, again!)).caller.account.export();
    const events = data.securityEvents;
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['org.role_changed', 'admin.user_signed_out', 'auth.sign_out_everywhere']),
    );
    for (const e of events.filter((e) => !e.byYou)) expect(e.ip, e.action).toBeNull();
    const raw = JSON.stringify(data);
    for (const ip of [ADMIN_IP, OPERATOR_IP, STRANGER_IP]) expect(raw).not.toContain(ip);
    // My own actions keep my own address.
    expect(events.find((e) => e.action === 'auth.sign_out_everywhere')).toMatchObject({ byYou: true, ip: MY_IP });
  });

  it('over REST it is a file download, and a few a day is the limit (429 after that)', async () => {
    const life = await aGolfersLife(deps);
    const token = await sessionTokenFor(deps, life.golfer);
    const res = await fetch(`${env.url}/account/export`, {
      headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const day = deps.now().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="golf-mine-data-${day}.json"`);
    expect((await res.json()).profile.email).toBe(life.golfer.email);

    const { caller } = await callerAs(deps, life.golfer);
    for (let i = 1; i < LIMITS.accountExportsPerUser.max; i++) await caller.account.export();
    const refused = await fetch(`${env.url}/account/export`, {
      headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe('RATE_LIMITED');
    // Without a session: 401.
    expect((await fetch(`${env.url}/account/export`)).status).toBe(401);
  });
});
