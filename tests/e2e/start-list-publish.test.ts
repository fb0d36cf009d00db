import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { callerAs } from '../helpers/caller';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { demoCourseForTournament } from '../helpers/tournaments';
import { expectThumbTargets, screenshots, type AppUnderTest } from './harness';
import { lastMailId, signedInContext, useAppAndBrowser, waitForMail, watchConsole } from './support';

const shoot = (page: Page, name: string) => screenshots(page, `start-list-publish-${name}`);

/**
 * «Publiser startlisten» on the organizer's phone (docs/contract.md section 13, decision 0428): the card asks
 * how many players it will tell, says how many it told, and from then on that it was published; the player
 * gets the mail with their time, sees the same start on the tournament's page and can print the start list.
 */
describe('publishing the start list in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  it('the organizer publishes once; each player is mailed their start and sees it', async () => {
    const org = await createOrganization(app.deps.db, 'Startliste GK');
    const admin = await createUser(app.deps.db, { name: 'Anne Admin', handicapIndex: 20 });
    const kari = await createUser(app.deps.db, { name: 'Kari Kølle', handicapIndex: 14 });
    const ola = await createUser(app.deps.db, { name: 'Ola Utslag', handicapIndex: 22.5 });
    await addMember(app.deps.db, org.id, admin.id, 'owner');
    for (const user of [kari, ola]) await addMember(app.deps.db, org.id, user.id, 'member');
    const bogstad = await demoCourseForTournament(app.deps.db);
    const asAdmin = (await callerAs(app.deps, admin)).caller;
    const created = await asAdmin.tournaments.create({
      organizationId: org.id,
      name: 'Junipokalen',
      visibility: 'members',
      format: 'stroke_net',
      rounds: [{ number: 1, courseId: bogstad.courseId, playedOn: '2026-06-13' }],
      divisions: [{ name: 'Åpen', teeId: bogstad.tees['Gul/male']!.id }],
    });
    const ids = { organizationId: org.id, tournamentId: created.id };
    await asAdmin.tournaments.setStatus({ ...ids, status: 'open' });
    const entryIds: string[] = [];
    for (const user of [kari, ola])
      entryIds.push((await (await callerAs(app.deps, user)).caller.tournaments.enter(ids)).id);
    const guest = await asAdmin.tournaments.enter({ ...ids, guest: { name: 'Gunnar Gjest', handicapIndex: 30 } });
    await asAdmin.tournaments.setGroups({
      ...ids,
      round: 1,
      groups: [{ startsAt: '2026-06-13T06:30:00Z', tee: 1, entryIds: [...entryIds, guest.id] }],
    });
    const url = `${app.url}/klubber/${org.id}/turneringer/${created.id}`;
    const before = await lastMailId(app);

    const a = await (await signedInContext(browser, app, admin)).newPage();
    const errors = watchConsole(a);
    await a.goto(url);
    const card = a.getByTestId('start-list-publish');
    await card.getByRole('button', { name: 'Publiser startlisten' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectThumbTargets(a, 'start-list-publish');
    await shoot(a, 'before');
    await card.getByRole('button', { name: 'Publiser startlisten' }).click();
    // The guest has no address: the question counts the two members.
    await card.getByText('Sende starttidene til 2 spillere?').waitFor();
    await shoot(a, 'asking');
    await card.getByRole('button', { name: 'Ja, publiser' }).click();
    await card.getByTestId('start-list-notified').filter({ hasText: 'Sendt til 2 spillere.' }).waitFor();
    expect(await card.getByTestId('start-list-published').textContent()).toMatch(
      /^Startlisten ble publisert \d+\. \p{L}+ \d{4} kl\. \d\d:\d\d\.$/u,
    );
    expect(await card.getByRole('button', { name: 'Publiser startlisten' }).count()).toBe(0);
    await shoot(a, 'published');

    // Kari reads the mail: her time in Norway's summer time, and who she plays with.
    const mail = await waitForMail(app, kari.email, /^Starttid i Junipokalen$/, { after: before });
    expect(mail.text).toContain('Start 13. juni 2026 kl. 08:30 fra tee 1.');
    expect(mail.text).toContain('Ola Utslag');
    expect(mail.text).toContain('Gunnar Gjest');
    await waitForMail(app, ola.email, /^Starttid i Junipokalen$/, { after: before });

    // On her phone, the page shows the same start.
    const k = await (await signedInContext(browser, app, kari)).newPage();
    await k.goto(url);
    const group = k.getByTestId('my-group');
    await group.waitFor();
    expect(await group.textContent()).toContain('08:30');
    // She can print the start list, not the club's scorecards.
    const pdf = k.getByTestId('start-list-pdf');
    const answer = await k.request.get(`${app.url}${await pdf.getAttribute('href')}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await k.getByTestId('scorecards-pdf-1').count()).toBe(0);
    await shoot(k, 'player');

    // Back on the organizer's page later: published, said once, no button to press again.
    await a.reload();
    await a.getByTestId('start-list-published').waitFor();
    expect(await a.getByRole('button', { name: 'Publiser startlisten' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
