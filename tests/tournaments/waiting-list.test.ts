import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { addMember, createUser } from '../helpers/factories';
import { codeIn } from '../helpers/mail';
import { startTestServer, type TestServer } from '../helpers/server';
import { startSmtpServer, type SmtpServer } from '../helpers/smtp';
import { restClient } from '../helpers/transport';
import { buildWorld, failure, tournamentInput, type World } from './support';

/**
 * The waiting list (docs/contract.md section 13, decision 0427) through the real server, with the mail read
 * where a player reads it: in a real SMTP server's mailbox.
 */
describe.each(databaseKinds())('the waiting list of a tournament, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let smtp: SmtpServer;
  let w: World;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    deps = await createTestDeps({ db: kind, env: { SMTP_URL: smtp.url } });
    server = await startTestServer(deps);
    w = await buildWorld(deps);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('waits past the limit, keeps the waiting out of play, and gives a free place to the first, by mail', async () => {
    const created = await w.asAdmin.tournaments.create(
      tournamentInput(w, { name: 'Fullt felt', entryLimit: 2 }) as never,
    );
    const t = { organizationId: w.orgId, tournamentId: created.id };
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'open' });
    const mona = (await callerAs(deps, w.member)).caller;
    const per = (await callerAs(deps, w.member2)).caller;
    const olga = (await callerAs(deps, w.owner)).caller;

    await mona.tournaments.enter(t);
    await per.tournaments.enter(t);
    // The field is full: Olga waits first, over REST as the contract says it (201, her place).
    const olgaRest = restClient(server.url, { token: await sessionTokenFor(deps, w.owner) });
    const waiting = await olgaRest.call('tournaments.enter', t);
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({ waitlisted: true, waitlistPosition: 1 });
    const guest = await w.asAdmin.tournaments.enter({ ...t, guest: { name: 'Gunnar Gjest', handicapIndex: 20 } });
    expect(guest).toMatchObject({ waitlisted: true, waitlistPosition: 2 });
    const tournament = await olga.tournaments.get(t);
    expect([tournament.entryCount, tournament.waitlistCount]).toEqual([2, 2]);
    expect((await olga.tournaments.mine()).tournaments.find((m) => m.tournament.id === created.id)).toMatchObject({
      waitlistPosition: 1,
    });

    // Waiting entries are in no start list.
    const generated = await w.asAdmin.tournaments.setGroups({
      ...t,
      round: 1,
      generate: { firstStartsAt: '2026-06-13T07:00:00Z', intervalMinutes: 10, groupSize: 4 },
    });
    expect(generated.groups.flatMap((g) => g.entries.map((e) => e.id)).sort()).toEqual(
      (await w.asAdmin.tournaments.entries(t)).entries
        .filter((e) => !e.waitlisted)
        .map((e) => e.id)
        .sort(),
    );
    const refused = await failure(
      w.asAdmin.tournaments.setGroups({
        ...t,
        round: 1,
        groups: [{ startsAt: '2026-06-13T07:00:00Z', tee: 1, entryIds: [waiting.body.id as string] }],
      }),
    );
    expect(refused.issues).toEqual([
      {
        path: 'groups.0.entryIds.0',
        message: 'En påmelding på ventelisten kan ikke stå på startlisten før den har fått plass.',
      },
    ]);

    // Per withdraws: Olga, first on the list, has his place and is told so by mail; the guest moves up to 1.
    const perEntry = (await per.tournaments.mine()).tournaments.find((m) => m.tournament.id === created.id)!;
    await per.tournaments.withdraw({ ...t, entryId: perEntry.entryId });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.to).toContain(w.owner.email);
    expect(mail!.subject).toBe('Du har fått plass i Fullt felt');
    expect(mail!.text).toContain('En plass ble ledig i Fullt felt');
    expect(mail!.text).toContain(`/klubber/${w.orgId}/turneringer/${created.id}`);
    const after = (await w.asAdmin.tournaments.entries(t)).entries;
    expect(after.find((e) => e.id === waiting.body.id)?.waitlisted).toBeUndefined();
    expect(after.find((e) => e.id === guest.id)).toMatchObject({ waitlisted: true, waitlistPosition: 1 });

    // An organizer takes the guest in by hand, over the limit; nobody waits any more.
    await w.asAdmin.tournaments.promoteEntry({ ...t, entryId: guest.id });
    expect(await w.asAdmin.tournaments.get(t)).toMatchObject({ entryCount: 3, waitlistCount: 0 });
    expect((await failure(w.asAdmin.tournaments.promoteEntry({ ...t, entryId: guest.id }))).code).toBe('CONFLICT');
    expect((await failure(mona.tournaments.promoteEntry({ ...t, entryId: guest.id }))).code).toBe('NOT_ORG_ADMIN');
  });

  it('gives 50 parallel entries for the last place exactly one place and the rest their order', async () => {
    const created = await w.asAdmin.tournaments.create(
      tournamentInput(w, { name: 'Siste plass', entryLimit: 1 }) as never,
    );
    const t = { organizationId: w.orgId, tournamentId: created.id };
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'open' });
    const orgId = w.orgId;
    const golfers = [];
    for (let i = 0; i < 50; i++) {
      const user = await createUser(deps.db, { name: `Golfer ${i}`, handicapIndex: 20 });
      await addMember(deps.db, orgId, user.id, 'member');
      golfers.push((await callerAs(deps, user)).caller);
    }
    const answers = await Promise.all(golfers.map((g) => g.tournaments.enter(t)));
    const inField = answers.filter((a) => !a.waitlisted);
    expect(inField).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.waitlisted)
        .map((a) => a.waitlistPosition)
        .sort((a, b) => a! - b!),
    ).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
    // The list as the organizer reads it: the same order, 1 to 49, no place twice.
    const listed = (await w.asAdmin.tournaments.entries(t)).entries.filter((e) => e.waitlisted);
    expect(listed.map((e) => e.waitlistPosition).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 49 }, (_, i) => i + 1),
    );
    // A higher limit takes the first ten of them in.
    await w.asAdmin.tournaments.update({ ...t, entryLimit: 11 });
    expect(await w.asAdmin.tournaments.get(t)).toMatchObject({ entryCount: 11, waitlistCount: 39 });
    const moved = (await w.asAdmin.tournaments.entries(t)).entries;
    const firstTen = listed.filter((e) => e.waitlistPosition! <= 10).map((e) => e.id);
    expect(moved.filter((e) => firstTen.includes(e.id)).every((e) => !e.waitlisted)).toBe(true);
    expect(
      moved
        .filter((e) => e.waitlisted)
        .map((e) => e.waitlistPosition)
        .sort((a, b) => a! - b!)[0],
    ).toBe(1);
  });

  it('gives the place of an entrant who deletes their account to the first who waits, by mail', async () => {
    const created = await w.asAdmin.tournaments.create(
      tournamentInput(w, { name: 'Ledig etter sletting', entryLimit: 1 }) as never,
    );
    const t = { organizationId: w.orgId, tournamentId: created.id };
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'open' });
    const leaving = await createUser(deps.db, { name: 'Lars Sletter', handicapIndex: 18 });
    const next = await createUser(deps.db, { name: 'Åse Venter', handicapIndex: 22 });
    for (const user of [leaving, next]) await addMember(deps.db, w.orgId, user.id, 'member');
    const asLeaving = (await callerAs(deps, leaving)).caller;
    const asNext = (await callerAs(deps, next)).caller;
    expect(await asLeaving.tournaments.enter(t)).not.toHaveProperty('waitlisted', true);
    expect(await asNext.tournaments.enter(t)).toMatchObject({ waitlisted: true, waitlistPosition: 1 });

    const before = smtp.messages().length;
    await asLeaving.account.requestDeletionCode();
    const [codeMail] = (await smtp.waitForMessages(before + 1)).slice(before);
    expect(codeMail!.to).toContain(leaving.email);
    await asLeaving.account.delete({ code: codeIn(codeMail!.text) });

    // Åse has the place, sees it, and is told so where she reads mail.
    const received = (await smtp.waitForMessages(before + 2)).slice(before + 1);
    expect(received.map((m) => [m.to.includes(next.email), m.subject])).toEqual([
      [true, 'Du har fått plass i Ledig etter sletting'],
    ]);
    expect(await w.asAdmin.tournaments.get(t)).toMatchObject({ entryCount: 1, waitlistCount: 0 });
    const mine = (await asNext.tournaments.mine()).tournaments.find((m) => m.tournament.id === created.id);
    expect(mine?.waitlistPosition ?? null).toBeNull();
    const entries = (await w.asAdmin.tournaments.entries(t)).entries;
    expect(entries.map((e) => ['player' in e ? e.player.name : null, e.waitlisted ?? false])).toEqual([
      ['Åse Venter', false],
    ]);
  });
});
