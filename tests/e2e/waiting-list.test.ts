import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { callerAs } from '../helpers/caller';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { demoCourseForTournament } from '../helpers/tournaments';
import { screenshots, type AppUnderTest } from './harness';
import { signedInContext, useAppAndBrowser, watchConsole } from './support';

const shoot = (page: Page, name: string) => screenshots(page, `waiting-list-${name}`);

/**
 * The waiting list on the phone (docs/contract.md section 13, decision 0427): a member who enters a full
 * tournament sees their place, the club's list shows who waits in what order, and the organizer's «Gi plass»
 * gives the member a place they then see.
 */
describe('the waiting list in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  it('a member enters a full tournament and waits; the organizer gives the place; the member sees it', async () => {
    const org = await createOrganization(app.deps.db, 'Ventelisten GK');
    const admin = await createUser(app.deps.db, { name: 'Anne Admin', handicapIndex: 20 });
    const first = await createUser(app.deps.db, { name: 'Frode Først', handicapIndex: 14 });
    const late = await createUser(app.deps.db, { name: 'Sigrid Sen', handicapIndex: 22.5 });
    await addMember(app.deps.db, org.id, admin.id, 'owner');
    for (const user of [first, late]) await addMember(app.deps.db, org.id, user.id, 'member');
    const bogstad = await demoCourseForTournament(app.deps.db);
    const asAdmin = (await callerAs(app.deps, admin)).caller;
    const created = await asAdmin.tournaments.create({
      organizationId: org.id,
      name: 'Fullt felt',
      visibility: 'members',
      format: 'stroke_net',
      entryLimit: 1,
      rounds: [{ number: 1, courseId: bogstad.courseId, playedOn: '2026-06-13' }],
      divisions: [{ name: 'Åpen', teeId: bogstad.tees['Gul/male']!.id }],
    });
    const ids = { organizationId: org.id, tournamentId: created.id };
    await asAdmin.tournaments.setStatus({ ...ids, status: 'open' });
    await (await callerAs(app.deps, first)).caller.tournaments.enter(ids);
    const url = `${app.url}/klubber/${org.id}/turneringer/${created.id}`;

    // Sigrid enters on her phone: the field is full, so she is told her place on the list.
    const s = await (await signedInContext(browser, app, late)).newPage();
    const errors = watchConsole(s);
    await s.goto(url);
    // Before she presses it, the page says where the entry will go.
    await s.getByTestId('entry-waiting-note').filter({ hasText: 'Feltet er fullt.' }).waitFor();
    await s.getByRole('button', { name: 'Meld meg på' }).click();
    await s
      .getByTestId('my-waiting-place')
      .filter({ hasText: 'Du står som nummer 1 på ventelisten. Blir en plass ledig, får du e-post.' })
      .waitFor();
    const waiting = s.getByTestId('waiting-entrant');
    await expect.poll(() => waiting.count()).toBe(1);
    expect(await waiting.first().textContent()).toContain('Sigrid Sen');
    expect(await s.getByTestId('entrant').allTextContents()).toEqual([expect.stringContaining('Frode Først')]);
    await shoot(s, 'member-waiting');

    // The organizer sees who waits and gives Sigrid a place.
    const a = await (await signedInContext(browser, app, admin)).newPage();
    await a.goto(url);
    const row = a.getByTestId('admin-entry').filter({ hasText: 'Sigrid Sen' });
    await row.getByTestId('admin-waiting').filter({ hasText: 'Venteliste nr. 1' }).waitFor();
    await shoot(a, 'organizer');
    await row.getByRole('button', { name: 'Gi plass til Sigrid Sen' }).click();
    await row.getByTestId('admin-waiting').waitFor({ state: 'detached' });

    // Back on her phone: in the field, no place on any list.
    await s.reload();
    await s.getByTestId('my-entry').waitFor();
    expect(await s.getByTestId('my-waiting-place').count()).toBe(0);
    await expect.poll(() => s.getByTestId('entrant').count()).toBe(2);
    expect(errors).toEqual([]);
  });
});
