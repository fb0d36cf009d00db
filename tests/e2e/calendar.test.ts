import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { callerAs } from '../helpers/caller';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { demoCourseForTournament } from '../helpers/tournaments';
import { screenshots, type AppUnderTest } from './harness';
import { signedInContext, useAppAndBrowser, watchConsole } from './support';

const shoot = (page: Page, name: string) => screenshots(page, `calendar-${name}`);

/**
 * The calendars on the phone (docs/contract.md section 13, decision 0430): on a tournament's page the player
 * finds their own calendar address and the tournament's public one; on the account screen the address, and a
 * new one behind a confirm, after which the old address answers 404.
 */
describe('calendars in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  it('a player subscribes from the tournament page and renews the address on the account screen', async () => {
    const org = await createOrganization(app.deps.db, 'Kalenderklubben GK');
    const admin = await createUser(app.deps.db, { name: 'Anne Admin', handicapIndex: 20 });
    const player = await createUser(app.deps.db, { name: 'Øystein Ås', handicapIndex: 14 });
    await addMember(app.deps.db, org.id, admin.id, 'owner');
    await addMember(app.deps.db, org.id, player.id, 'member');
    const bogstad = await demoCourseForTournament(app.deps.db);
    const asAdmin = (await callerAs(app.deps, admin)).caller;
    const created = await asAdmin.tournaments.create({
      organizationId: org.id,
      name: 'Sommerpokalen',
      visibility: 'public',
      format: 'stroke_net',
      rounds: [{ number: 1, courseId: bogstad.courseId, playedOn: '2026-06-13' }],
      divisions: [{ name: 'Åpen', teeId: bogstad.tees['Gul/male']!.id }],
    });
    const ids = { organizationId: org.id, tournamentId: created.id };
    await asAdmin.tournaments.setStatus({ ...ids, status: 'open' });
    await (await callerAs(app.deps, player)).caller.tournaments.enter(ids);

    const page = await (await signedInContext(browser, app, player)).newPage();
    const errors = watchConsole(page);
    await page.goto(`${app.url}/klubber/${org.id}/turneringer/${created.id}`);
    const card = page.getByTestId('add-to-calendar');
    await card.getByRole('heading', { name: 'Legg til i kalender' }).waitFor();
    const address = card.getByLabel('Din kalenderadresse');
    await expect.poll(() => address.inputValue()).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const url = await address.inputValue();
    expect(await card.getByRole('link', { name: 'Abonner i kalenderen' }).getAttribute('href')).toBe(
      url.replace(/^https?:/, 'webcal:'),
    );
    const publicLink = card.getByRole('link', { name: 'Abonner på turneringen' });
    expect(await publicLink.getAttribute('href')).toMatch(
      new RegExp(`^webcal://.+/public/tournaments/${created.slug}/calendar\\.ics$`),
    );
    // The address opens the player's calendar, with this tournament in it.
    const feed = await fetch(`${app.url}${new URL(url).pathname}`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Sommerpokalen');
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'tournament');

    // On the account screen: the same address; a new one only after the confirm.
    await page.goto(`${app.url}/konto`);
    const panel = page.getByTestId('calendar-card');
    await panel.getByRole('heading', { name: 'Kalender' }).waitFor();
    await expect.poll(() => panel.getByLabel('Din kalenderadresse').inputValue()).toBe(url);
    await panel.getByRole('button', { name: 'Lag ny adresse' }).click();
    await panel.getByText('Den gamle adressen slutter å virke med en gang').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, 'account-confirm');
    // The panel alone at the phone's width, to look at closely (the whole screen is long).
    await panel.screenshot({ path: 'test-results/screenshots/calendar-account-panel-phone.png' });
    await panel.getByRole('button', { name: 'Ja, lag ny adresse' }).click();
    await panel.getByText('Ny adresse laget.').waitFor();
    const renewed = await panel.getByLabel('Din kalenderadresse').inputValue();
    expect(renewed).not.toBe(url);
    expect((await fetch(`${app.url}${new URL(url).pathname}`)).status).toBe(404);
    expect((await fetch(`${app.url}${new URL(renewed).pathname}`)).status).toBe(200);
    await shoot(page, 'account-renewed');
    expect(errors).toEqual([]);
  });
});
