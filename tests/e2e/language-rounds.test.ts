import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { callerAs } from '../helpers/caller';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { demoCourse } from '../rounds/helpers';
import { screenshots, type AppUnderTest } from './harness';
import { expectAccessible, signedInContext, useAppAndBrowser, watchErrors } from './support';

/**
 * The golfer's own screens in English (an English phone, no language saved on the account): home,
 * the round wizard, the scorecard and a club, in the words an English-speaking golfer uses.
 */
describe('home, rounds and clubs in English', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

  it('shows home and the round wizard in English, with tees, formats and the allowance explained', async () => {
    const golfer = await createUser(app.deps.db, { name: 'Emma Fairway', handicapIndex: 18.4 });
    const context = await signedInContext(browser, app, golfer, { locale: 'en-GB' });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Hi, Emma Fairway' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.getByText('handicap index 18.4').waitFor();
    await page.getByRole('heading', { name: 'Latest rounds' }).waitFor();
    await page.getByText('No rounds yet').waitFor();
    await page.getByRole('heading', { name: 'My clubs' }).waitFor();
    await expectAccessible(page, 'home in English');
    await screenshots(page, 'language-home-en');

    await page.getByRole('link', { name: 'Start a new round' }).click();
    await page.getByRole('heading', { name: 'New round: Choose a course' }).waitFor();
    await page.getByText('Step 1 of 4').waitFor();
    await page.getByLabel('Club or course').fill('oslo golf');
    await page.getByRole('button', { name: /Oslo Golfklubb – Bogstad.*18 holes/ }).click();
    await page.getByTestId('chosen-course').waitFor();
    await expectAccessible(page, 'wizard course step in English');
    await screenshots(page, 'language-wizard-course-en');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'New round: Tee, date and format' }).waitFor();
    // Tees named by colour and whom they are for, in English.
    await page.getByLabel(/^Red \(women\)/).check();
    await page.getByLabel(/^Yellow \(men\)/).waitFor();
    await page.getByText('Every stroke counts. Net = gross minus strokes received.').waitFor();
    await page.getByLabel(/^Match play/).check();
    await page.getByLabel('Front nine (1–9)').waitFor();
    await expectAccessible(page, 'wizard set-up in English');
    await screenshots(page, 'language-wizard-setup-en');
    await page.getByLabel(/^Stroke play/).check();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'New round: Teams and players' }).waitFor();
    await page.getByRole('button', { name: 'Add myself (Emma Fairway, HCP 18.4)' }).click();
    await page.getByLabel('Guest name').fill('Guest George');
    await page.getByLabel('Handicap index').fill('24.0');
    await page.getByRole('button', { name: 'Add guest to a new team' }).click();
    await expect.poll(() => page.getByTestId('person').count()).toBe(2);
    await expectAccessible(page, 'wizard players in English');
    await screenshots(page, 'language-wizard-players-en');
    await page.getByRole('button', { name: 'Create the round' }).click();

    await page.getByRole('heading', { name: 'New round: Review and start' }).waitFor();
    await page.getByRole('columnheader', { name: 'Playing HCP' }).first().waitFor();
    expect(await page.getByTestId('allowance').first().textContent()).toMatch(
      /^Handicap allowance 95 %: each player gets 95 % of their course handicap/,
    );
    await expectAccessible(page, 'wizard review in English');
    await screenshots(page, 'language-wizard-review-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the scorecard in English: Out, In and Total, a birdie by name, strokes received and standings', async () => {
    const owner = await createUser(app.deps.db, { name: 'Emma Eagle', handicapIndex: 18.0 });
    const { course, teeId } = await demoCourse(app.deps, 'oslo-gk', 'Bogstad', 'Rød', 'female');
    const { caller } = await callerAs(app.deps, owner);
    const round = await caller.rounds.create({
      courseId: course.id,
      teeId,
      playedOn: '2026-06-10',
      format: 'stableford',
      holes: '18',
    });
    const side = await caller.rounds.addSide({ roundId: round.id, name: 'Emma Eagle' });
    const me = await caller.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: owner.id });
    const par = (hole: number) => course.holes.find((h) => h.number === hole)!.par;
    // A birdie on 1, then pars to hole 7: "after 7 holes" in the round list.
    for (let hole = 1; hole <= 7; hole++) {
      const strokes = hole === 1 ? par(1) - 1 : par(hole);
      await caller.rounds.setScore({ roundId: round.id, participantId: me.id, hole, strokes });
    }

    const context = await signedInContext(browser, app, owner, { locale: 'en-GB' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/runder/${round.id}`);
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
    expect(await page.getByTestId('hole-number').textContent()).toBe('Hole 8');
    await page.getByText(/10 June 2026 · Stableford · 18 holes · Red \(women\) tee/).waitFor();
    await page.getByRole('button', { name: 'Next hole' }).waitFor();
    expect(await page.getByTestId('running-totals').textContent()).toMatch(/^\d+\u00a0points$/);
    expect(await page.getByTestId('standing').textContent()).toMatch(/points \([+−±]\d+\) after 7 holes/);

    const cells = async (testId: string) => page.getByTestId(testId).locator('th, td').allTextContents();
    expect((await cells('subtotal-out'))[0]).toBe('Out');
    expect((await cells('subtotal-in'))[0]).toBe('In');
    expect((await cells('total'))[0]).toBe('Total');
    expect(await page.getByTestId('score-1').locator('.mark').textContent()).toBe(`${par(1) - 1}, birdie`);
    // The stepper's word under the name, for the hole scored: back to hole 1.
    await page.getByRole('button', { name: 'Previous hole' }).waitFor();
    await page.goto(`${app.url}/runder/${round.id}?hull=1`);
    expect(await page.getByTestId('mark-word').textContent()).toBe('birdie');
    await page.getByLabel('Strokes for Emma Eagle on hole 1').waitFor();
    await expectAccessible(page, 'scorecard in English');
    await screenshots(page, 'language-scorecard-en');

    // The round list: the result after the holes played.
    await page.goto(`${app.url}/runder`);
    await page.getByRole('heading', { name: 'Rounds' }).waitFor();
    expect(await page.getByTestId('round-result').textContent()).toMatch(/^\d+ points after 7 holes$/);
    await page.getByText('In progress').waitFor();
    await screenshots(page, 'language-rounds-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a club in English: members, roles and the invitations waiting', async () => {
    const owner = await createUser(app.deps.db, { name: 'Oliver Owner' });
    const org = await createOrganization(app.deps.db, 'Fairway Golf Club');
    await addMember(app.deps.db, org.id, owner.id, 'owner');
    const { caller } = await callerAs(app.deps, owner);
    await caller.orgs.addMember({ organizationId: org.id, email: uniqueEmail('invited'), role: 'admin' });

    const context = await signedInContext(browser, app, owner, { locale: 'en-GB' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/klubber/${org.id}`);
    await page.getByRole('heading', { name: 'Fairway Golf Club' }).waitFor();
    await page.getByText('Your role:').waitFor();
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await page.getByRole('heading', { name: 'Invited, not answered yet' }).waitFor();
    await page
      .getByTestId('pending-invitation')
      .getByText(/^Administrator · sent .* · valid until/)
      .waitFor();
    await page.getByRole('button', { name: /^Send again to/ }).waitFor();
    await page
      .getByRole('list', { name: 'Events, newest first' })
      .getByText(/Oliver Owner invited .* as administrator/)
      .waitFor();
    await expectAccessible(page, 'club in English');
    await screenshots(page, 'language-club-en');

    await page.goto(`${app.url}/klubber`);
    await page.getByRole('heading', { name: 'Create a new club' }).waitFor();
    await page.getByText('Owner', { exact: true }).waitFor();
    await screenshots(page, 'language-clubs-en');
    expect(errors).toEqual([]);
    await context.close();
  });
});
