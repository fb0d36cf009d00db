import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../../server/db/schema';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { type ReceivedMail, startSmtpServer, type SmtpServer } from '../helpers/smtp';
import { restClient } from '../helpers/transport';
import { decryptAes128gcm, newSubscriber, type PushService, startPushService } from '../push/push-service';
import { buildWorld, failure, tournamentInput, type World } from './support';

/**
 * Start times that reach the players (docs/contract.md section 13, decision 0428), read where a player reads
 * them: in a real SMTP server's mailbox.
 */
describe.each(databaseKinds())('publishing a start list, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let smtp: SmtpServer;
  let push: PushService;
  let w: World;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    push = await startPushService();
    deps = await createTestDeps({ db: kind, env: { SMTP_URL: smtp.url, PUSH_ALLOW_HTTP_ENDPOINTS: '1' } });
    server = await startTestServer(deps);
    w = await buildWorld(deps);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    await push.close();
  });

  /** The mails that arrive after the first `seen`, once `count` of them have. */
  async function newMail(seen: number, count: number): Promise<ReceivedMail[]> {
    return (await smtp.waitForMessages(seen + count)).slice(seen);
  }
  /** The pushes that have reached the push service once `count` of them have (the send follows the commit). */
  async function pushesArrived(count: number) {
    const arrived = [];
    for (const until = Date.now() + 10_000; arrived.length < count; ) {
      if (Date.now() > until) throw new Error(`expected ${count} push(es), got ${arrived.length}`);
      arrived.push(...push.take());
      await new Promise((r) => setTimeout(r, 50));
    }
    return arrived;
  }
  const to = (mails: readonly ReceivedMail[], email: string) => mails.find((m) => m.to.includes(email));

  it('tells every player their start once, and after a change only those it moved', async () => {
    const created = await w.asAdmin.tournaments.create(tournamentInput(w, { name: 'Vårpokalen' }) as never);
    const t = { organizationId: w.orgId, tournamentId: created.id };
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'open' });
    const ids: Record<string, string> = {};
    for (const [name, user] of [
      ['mona', w.member],
      ['per', w.member2],
      ['olga', w.owner],
    ] as const)
      ids[name] = (await (await callerAs(deps, user)).caller.tournaments.enter(t)).id;
    ids.guest = (await w.asAdmin.tournaments.enter({ ...t, guest: { name: 'Gunnar Gjest', handicapIndex: 20 } })).id;
    // Olga reads English.
    await deps.db.update(appUser).set({ language: 'en' }).where(eq(appUser.id, w.owner.id));

    // Per turned notifications on in the installed app on his phone.
    const perPhone = newSubscriber();
    const asPer = (await callerAs(deps, w.member2)).caller;
    await asPer.account.addPushSubscription(perPhone.subscription(push.endpoint()));

    const nothingYet = await failure(w.asAdmin.tournaments.publishStartList(t));
    expect(nothingYet.code).toBe('CONFLICT');
    expect(nothingYet.message).toBe('Sett opp startlisten før den publiseres.');

    const seen = smtp.messages().length;
    await w.asAdmin.tournaments.setGroups({
      ...t,
      round: 1,
      groups: [
        { startsAt: '2026-06-13T06:00:00Z', tee: 1, entryIds: [ids.mona!, ids.per!] },
        { startsAt: '2026-06-13T06:10:00Z', tee: 1, entryIds: [ids.olga!, ids.guest!] },
      ],
    });
    // A member cannot publish; the organizer publishes twice at once over REST, and each player is told once.
    const asMona = (await callerAs(deps, w.member)).caller;
    expect((await failure(asMona.tournaments.publishStartList(t))).code).toBe('NOT_ORG_ADMIN');
    const rest = restClient(server.url, { token: await sessionTokenFor(deps, w.admin) });
    const answers = await Promise.all([
      rest.call('tournaments.publishStartList', t),
      rest.call('tournaments.publishStartList', t),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.notified as number).sort()).toEqual([0, 3]);
    expect(answers[0]!.body.publishedAt).toBe(answers[1]!.body.publishedAt);
    const published = await newMail(seen, 3);
    expect(published.map((m) => m.subject).sort()).toEqual([
      'Starttid i Vårpokalen',
      'Starttid i Vårpokalen',
      'Your start time in Vårpokalen',
    ]);
    const mona = to(published, w.member.email)!;
    expect(mona.text).toContain('Startlisten for Vårpokalen');
    expect(mona.text).toContain('Start 13. juni 2026 kl. 08:00 fra tee 1. Du spiller med Per Medlem.');
    expect(mona.text).toContain(`/klubber/${w.orgId}/turneringer/${created.id}`);
    expect(to(published, w.owner.email)!.text).toContain(
      'You start 13 June 2026 at 08:10 from tee 1. You play with Gunnar Gjest.',
    );
    // The same message reached Per's phone, decrypted there as his browser would.
    const [perPush] = await pushesArrived(1);
    expect(JSON.parse(decryptAes128gcm(perPush!.body, perPhone))).toEqual({
      title: 'Starttid i Vårpokalen',
      body: 'Start 13. juni 2026 kl. 08:00 fra tee 1. Du spiller med Mona Medlem.',
      url: `${deps.config.publicUrl}/klubber/${w.orgId}/turneringer/${created.id}`,
    });
    expect((await w.asAdmin.tournaments.get(t)).startListPublishedAt).toBe(answers[0]!.body.publishedAt);
    // The public page does not say when the players were mailed.
    const anonymous = restClient(server.url);
    const page = await anonymous.call('public.tournament', { slug: created.slug });
    expect(page.body).not.toHaveProperty('startListPublishedAt');

    // Per and the guest swap groups, Olga's group moves to 08:20: Per and Olga are told, Mona is not (her time
    // and tee stand; her partner changed, which the start list shows).
    await w.asAdmin.tournaments.setGroups({
      ...t,
      round: 1,
      groups: [
        { startsAt: '2026-06-13T06:00:00Z', tee: 1, entryIds: [ids.mona!, ids.guest!] },
        { startsAt: '2026-06-13T06:20:00Z', tee: 1, entryIds: [ids.olga!, ids.per!] },
      ],
    });
    const moved = await newMail(seen + 3, 2);
    expect(moved.map((m) => m.to.includes(w.member.email))).toEqual([false, false]);
    expect(to(moved, w.member2.email)!.subject).toBe('Ny starttid i Vårpokalen');
    expect(to(moved, w.member2.email)!.text).toContain('Starttiden din i Vårpokalen');
    expect(to(moved, w.member2.email)!.text).toContain(
      'Start 13. juni 2026 kl. 08:20 fra tee 1. Du spiller med Olga Eier.',
    );
    expect(to(moved, w.owner.email)!.subject).toBe('New start time in Vårpokalen');
    const [movedPush] = await pushesArrived(1);
    expect(JSON.parse(decryptAes128gcm(movedPush!.body, perPhone))).toMatchObject({
      title: 'Ny starttid i Vårpokalen',
      body: 'Start 13. juni 2026 kl. 08:20 fra tee 1. Du spiller med Olga Eier.',
    });

    // The same list again moves nobody; publishing again tells nobody.
    await w.asAdmin.tournaments.setGroups({
      ...t,
      round: 1,
      groups: [
        { startsAt: '2026-06-13T06:00:00Z', tee: 1, entryIds: [ids.guest!, ids.mona!] },
        { startsAt: '2026-06-13T06:20:00Z', tee: 1, entryIds: [ids.per!, ids.olga!] },
      ],
    });
    expect(await w.asAdmin.tournaments.publishStartList(t)).toMatchObject({ notified: 0 });
    // A later mail proves nothing else was sent in between: Mona moves to tee 10 and hers is the next one.
    await w.asAdmin.tournaments.setGroups({
      ...t,
      round: 1,
      groups: [
        { startsAt: '2026-06-13T06:00:00Z', tee: 10, entryIds: [ids.guest!, ids.mona!] },
        { startsAt: '2026-06-13T06:20:00Z', tee: 1, entryIds: [ids.per!, ids.olga!] },
      ],
    });
    const [next] = await newMail(seen + 5, 1);
    // Per was not moved: his phone had nothing since (the push, like the mail, goes only to those moved).
    expect(push.take()).toEqual([]);
    expect(next!.to).toContain(w.member.email);
    expect(next!.text).toContain('Start 13. juni 2026 kl. 08:00 fra tee 10. Du spiller med Gunnar Gjest.');
  });

  it('names the round in a tournament of several, and refuses a draft', async () => {
    const created = await w.asAdmin.tournaments.create(
      tournamentInput(w, {
        name: 'To dager',
        rounds: [
          { number: 1, courseId: w.bogstad.courseId, playedOn: '2026-06-13' },
          { number: 2, courseId: w.bogstad.courseId, playedOn: '2026-11-14' },
        ],
      }) as never,
    );
    const t = { organizationId: w.orgId, tournamentId: created.id };
    expect((await failure(w.asAdmin.tournaments.publishStartList(t))).message).toBe(
      'Startlisten kan publiseres når turneringen er åpen eller stengt for påmelding, eller i spill.',
    );
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'open' });
    const entry = await (await callerAs(deps, w.member)).caller.tournaments.enter(t);
    for (const [round, startsAt] of [
      [1, '2026-06-13T07:30:00Z'],
      [2, '2026-11-14T08:30:00Z'],
    ] as const)
      await w.asAdmin.tournaments.setGroups({ ...t, round, groups: [{ startsAt, tee: 1, entryIds: [entry.id] }] });
    const seen = smtp.messages().length;
    expect(await w.asAdmin.tournaments.publishStartList(t)).toMatchObject({ notified: 1 });
    const [mail] = await newMail(seen, 1);
    // Summer time in June, winter time in November: both 09:30 in Norway.
    expect(mail!.text).toContain('Runde 1: 13. juni 2026 kl. 09:30 fra tee 1. Du er alene i gruppen så langt.');
    expect(mail!.text).toContain('Runde 2: 14. november 2026 kl. 09:30 fra tee 1.');

    // The second day's start moves: the mail names that round and its new time, and not the first day's.
    await w.asAdmin.tournaments.setGroups({
      ...t,
      round: 2,
      groups: [{ startsAt: '2026-11-14T09:00:00Z', tee: 10, entryIds: [entry.id] }],
    });
    const [moved] = await newMail(seen + 1, 1);
    expect(moved!.subject).toBe('Ny starttid i To dager');
    expect(moved!.text).toContain('Runde 2: 14. november 2026 kl. 10:00 fra tee 10.');
    expect(moved!.text).not.toContain('Runde 1');
    // Publishing again tells nobody: each start as it stands has been told.
    expect(await w.asAdmin.tournaments.publishStartList(t)).toMatchObject({ notified: 0 });
  });
});
