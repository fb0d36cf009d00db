import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { createUser } from '../helpers/factories';
import { screenshots, VIEWPORTS, type AppUnderTest } from './harness';
import { useAppAndBrowser, watchErrors, signedInContext } from './support';

describe('the round wizard and the live scorecard in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  const signedIn = (user: { id: string; sessionVersion: number }, options: Parameters<Browser['newContext']>[0] = {}) =>
    signedInContext(browser, app, user, options);

  /** The tRPC procedures the page called, in order (a batch lists several, comma-separated). */
  function recordCalls(page: Page): string[] {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/') && request.method() === 'POST')
        calls.push(...url.pathname.slice('/trpc/'.length).split(','));
    });
    return calls;
  }

  const step = (page: Page) => new URL(page.url()).searchParams.get('steg');

  it('creates a round on an official course found by name, in the contract order, surviving a reload and the back button', async () => {
    const user = await createUser(app.deps.db, { name: 'Runde Rita', handicapIndex: 18.4 });
    const context = await signedIn(user);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const calls = recordCalls(page);

    await page.goto(`${app.url}/`);
    await page.getByRole('link', { name: 'Start ny runde' }).click();
    await page.getByRole('heading', { name: 'Ny runde: Velg bane' }).waitFor();
    await page.getByLabel('Klubb eller bane').fill('oslo golf');
    await page.getByRole('button', { name: /Oslo Golfklubb – Bogstad/ }).click();
    await page.getByTestId('chosen-course').getByText('Oslo Golfklubb – Bogstad').waitFor();
    // Each way of finding a course reads on one line at 390 px ("Nær meg", not "Nær" over "meg").
    const tabHeights = await page
      .locator('.tabs button')
      .evaluateAll((buttons) => buttons.map((b) => [b.textContent, Math.round(b.getBoundingClientRect().height)]));
    expect(tabHeights.filter(([, height]) => Number(height) > 50)).toEqual([]);
    await screenshots(page, 'wizard-course');
    await page.getByRole('button', { name: 'Neste' }).click();

    await page.getByRole('heading', { name: 'Ny runde: Tee, dato og spillform' }).waitFor();
    expect(step(page)).toBe('oppsett');
    await page.getByLabel(/^Gul \(herre\)/).check();
    await page.getByLabel(/^Stableford/).check();
    await page.getByLabel('Første 9 (1–9)').check();
    await screenshots(page, 'wizard-setup');
    await page.getByRole('button', { name: 'Neste' }).click();

    await page.getByRole('heading', { name: 'Ny runde: Lag og spillere' }).waitFor();
    await page.getByRole('button', { name: /Legg til meg selv \(Runde Rita, hcp 18,4\)/ }).click();
    await page.getByLabel('Gjestens navn').fill('Gjest Gunnar');
    await page.getByLabel('Gjestens handicapindeks').fill('24,0');
    await page.getByRole('button', { name: /Legg til gjest/ }).click();
    await expect.poll(() => page.getByTestId('person').count()).toBe(2);

    // Reload in the middle of the wizard: the step and every choice are still there.
    await page.reload();
    await page.getByRole('heading', { name: 'Ny runde: Lag og spillere' }).waitFor();
    await expect
      .poll(() => page.getByTestId('person').allTextContents())
      .toEqual([expect.stringContaining('Runde Rita'), expect.stringContaining('Gjest Gunnar')]);
    // The back button walks back through the steps, with the choices kept.
    await page.goBack();
    await page.getByRole('heading', { name: 'Ny runde: Tee, dato og spillform' }).waitFor();
    expect(await page.getByLabel(/^Stableford/).isChecked()).toBe(true);
    expect(await page.getByLabel('Første 9 (1–9)').isChecked()).toBe(true);
    await page.goForward();
    await page.getByRole('heading', { name: 'Ny runde: Lag og spillere' }).waitFor();
    await screenshots(page, 'wizard-players');

    expect(calls.filter((c) => c.startsWith('rounds.'))).toEqual([]);
    await page.getByRole('button', { name: 'Opprett runden' }).click();
    await page.getByRole('heading', { name: 'Ny runde: Se over og start' }).waitFor();
    // Round, then sides, then participants (docs/contract.md section 8).
    expect(calls.filter((c) => /^rounds\.(create|addSide|addParticipant)$/.test(c))).toEqual([
      'rounds.create',
      'rounds.addSide',
      'rounds.addSide',
      'rounds.addParticipant',
      'rounds.addParticipant',
    ]);
    // Playing handicaps as the server computed them, one per player.
    await page.getByTestId('playing-handicap').first().waitFor();
    const handicaps = await page.getByTestId('playing-handicap').allTextContents();
    expect(handicaps).toHaveLength(2);
    for (const h of handicaps) expect(h).toMatch(/^\+?\d+$/);
    await screenshots(page, 'wizard-review');

    await page.getByRole('button', { name: 'Start runden' }).click();
    await page.getByRole('heading', { name: 'Oslo Golfklubb – Bogstad' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/runder\/[0-9a-f-]{36}$/);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    // Nine holes: the card has holes 1 to 9, a column per player, and starts at hole 1.
    expect(await page.getByTestId('hole-number').textContent()).toBe('Hull 1');
    const card = page.getByTestId('scorecard');
    expect(await card.locator('thead th').allTextContents()).toEqual(['Hull', 'Par', 'Runde Rita', 'Gjest Gunnar']);
    expect(await card.locator('tbody th').allTextContents()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    // A new wizard starts empty.
    await page.goto(`${app.url}/runder/ny`);
    await page.getByRole('heading', { name: 'Ny runde: Velg bane' }).waitFor();
    expect(await page.getByTestId('chosen-course').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a course near the browser’s location, and explains when location is refused', async () => {
    const user = await createUser(app.deps.db, { name: 'Posisjon Per', handicapIndex: 9.9 });
    // Stavanger.
    const context = await signedIn(user, {
      geolocation: { latitude: 58.94, longitude: 5.69 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/runder/ny`);
    await page.getByRole('button', { name: 'Nær meg' }).click();
    await page.getByRole('button', { name: 'Finn baner nær meg' }).click();
    const first = page.getByRole('list', { name: 'Baner nær deg' }).getByRole('button').first();
    await first.waitFor();
    expect(await first.textContent()).toMatch(/Stavanger Golfklubb.*\d+(,\d)? km/);
    await screenshots(page, 'wizard-near-me');
    await first.click();
    await page
      .getByTestId('chosen-course')
      .getByText(/Stavanger Golfklubb/)
      .waitFor();
    await context.close();

    const refused = await signedIn(user, { permissions: [] });
    const page2 = await refused.newPage();
    await page2.goto(`${app.url}/runder/ny`);
    await page2.getByRole('button', { name: 'Nær meg' }).click();
    await page2.getByRole('button', { name: 'Finn baner nær meg' }).click();
    await page2.getByText('Du har ikke gitt Hullvis tilgang til posisjonen din.', { exact: false }).waitFor();
    await page2.getByRole('button', { name: 'Søk på navn' }).click();
    await page2.getByLabel('Klubb eller bane').waitFor();
    await refused.close();
    expect(errors).toEqual([]);
  });

  it('creates a personal course inline, showing the server’s message at the field, and plays it', async () => {
    const user = await createUser(app.deps.db, { name: 'Egen Eli', handicapIndex: 30 });
    const context = await signedIn(user);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/runder/ny`);
    await page.getByRole('button', { name: 'Ny bane' }).click();
    await page.getByLabel('Navn på banen').fill('Hyttebanen');
    await page.getByLabel('Antall hull').selectOption('9');
    await page.getByLabel('Par hull 3').selectOption('3');
    await page.getByLabel('Par hull 7').selectOption('5');
    await page.getByLabel('Course rating').fill('33,1');
    await page.getByLabel('Slope').fill('200');
    await page.getByRole('button', { name: 'Lagre og velg banen' }).click();
    const slope = page.getByLabel('Slope');
    await page.getByText('Slope må være mellom 55 og 155.').waitFor();
    expect(await slope.getAttribute('aria-invalid')).toBe('true');
    await screenshots(page, 'wizard-new-course');
    await slope.fill('118');
    await page.getByRole('button', { name: 'Lagre og velg banen' }).click();
    await page.getByText('«Hyttebanen» er lagret som din bane og valgt for runden.').waitFor();
    await page.getByTestId('chosen-course').getByText('Hyttebanen').waitFor();

    await page.getByRole('button', { name: 'Neste' }).click();
    await page.getByRole('heading', { name: 'Ny runde: Tee, dato og spillform' }).waitFor();
    // A nine-hole course offers no front or back nine.
    expect(await page.getByLabel('Første 9 (1–9)').count()).toBe(0);
    await page.getByRole('button', { name: 'Neste' }).click();
    await page.getByRole('button', { name: /Legg til meg selv/ }).click();
    await page.getByRole('button', { name: 'Opprett runden' }).click();
    await page.getByRole('button', { name: 'Start runden' }).click();
    await page.getByRole('heading', { name: 'Hyttebanen' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets two browsers score the same round and see each other’s scores live; the owner finishes it', async () => {
    const owner = await createUser(app.deps.db, { name: 'Eier Erik', handicapIndex: 12.0 });
    const partner = await createUser(app.deps.db, { name: 'Partner Pål', handicapIndex: 20.0 });
    const ownerContext = await signedIn(owner);
    const page = await ownerContext.newPage();
    const errors = watchErrors(page);

    // Match play between the two, through the wizard; the partner is found by exact e-mail.
    await page.goto(`${app.url}/runder/ny`);
    await page.getByLabel('Klubb eller bane').fill('Bergen');
    await page.getByRole('list', { name: 'Søkeresultater' }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Neste' }).click();
    await page.getByRole('group', { name: 'Teested' }).getByRole('radio').first().check();
    await page.getByLabel(/Matchspill/).check();
    await page.getByRole('button', { name: 'Neste' }).click();
    await page.getByRole('button', { name: /Legg til meg selv/ }).click();
    await page.getByLabel('Søk etter spiller').fill(partner.email);
    await page
      .getByRole('list', { name: 'Spillere' })
      .getByRole('button', { name: /Partner Pål/ })
      .click();
    await expect.poll(() => page.getByTestId('side').count()).toBe(2);
    await page.getByRole('button', { name: 'Opprett runden' }).click();
    await page.getByRole('button', { name: 'Start runden' }).click();
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    const roundUrl = page.url();

    const partnerContext = await signedIn(partner, { viewport: VIEWPORTS.desktop, isMobile: false, hasTouch: false });
    const partnerPage = await partnerContext.newPage();
    const partnerErrors = watchErrors(partnerPage);
    await partnerPage.goto(roundUrl);
    await partnerPage.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();

    const row = (p: Page, name: string) => p.getByTestId('player-score').filter({ hasText: name });
    const strokesOf = (p: Page, name: string) => row(p, name).getByLabel(`Slag for ${name} på hull 1`);

    // The owner taps + twice for himself: par, then par + 1; the partner's screen follows without reload.
    await row(page, 'Eier Erik').getByRole('button', { name: 'Ett slag mer for Eier Erik' }).click();
    await expect.poll(() => strokesOf(page, 'Eier Erik').inputValue()).not.toBe('');
    const par = Number(await strokesOf(page, 'Eier Erik').inputValue());
    await row(page, 'Eier Erik').getByRole('button', { name: 'Ett slag mer for Eier Erik' }).click();
    await expect.poll(() => strokesOf(partnerPage, 'Eier Erik').inputValue()).toBe(String(par + 1));

    // The partner types his own score; the owner sees it, and the match status.
    await strokesOf(partnerPage, 'Partner Pål').fill(String(par));
    await strokesOf(partnerPage, 'Partner Pål').press('Enter');
    await expect.poll(() => strokesOf(page, 'Partner Pål').inputValue()).toBe(String(par));
    await expect
      .poll(() => page.getByTestId('standing').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringMatching(/1 (opp|ned)/i)]));
    // Strokes received per hole are shown.
    expect(await row(page, 'Partner Pål').getByTestId('strokes-received').textContent()).toMatch(/slag/);
    await screenshots(page, 'scorecard');
    await screenshots(partnerPage, 'scorecard-partner');

    // The partner's connection drops: a score typed meanwhile is kept, and arrives once back online.
    await partnerContext.setOffline(true);
    await partnerPage.getByRole('button', { name: 'Neste hull' }).click();
    await row(partnerPage, 'Partner Pål').getByRole('button', { name: 'Ett slag mer for Partner Pål' }).click();
    await partnerPage.getByText(/slag venter/).waitFor();
    await partnerContext.setOffline(false);
    await expect.poll(() => partnerPage.getByText(/slag venter/).count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('button', { name: 'Neste hull' }).click();
    await expect
      .poll(() => row(page, 'Partner Pål').getByLabel('Slag for Partner Pål på hull 2').inputValue(), {
        timeout: 20_000,
      })
      .not.toBe('');

    // Only the owner can finish; the partner's screen turns read-only by itself.
    expect(await partnerPage.getByRole('button', { name: 'Avslutt runden' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Avslutt runden' }).click();
    await page.getByRole('button', { name: 'Avslutt likevel' }).click();
    await page.getByText(/Runden er avsluttet/).waitFor();
    await partnerPage.getByText(/Runden er avsluttet/).waitFor();
    expect(await partnerPage.getByRole('button', { name: /Ett slag mer/ }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Resultat' }).waitFor();
    await screenshots(page, 'round-finished');
    await page.getByRole('link', { name: 'Runder' }).click();
    await page.getByRole('heading', { name: 'Runder', exact: true }).waitFor();
    await page.getByRole('list', { name: 'Runder' }).getByText('Ferdig').first().waitFor();
    await screenshots(page, 'rounds');

    expect([...errors, ...partnerErrors]).toEqual([]);
    await ownerContext.close();
    await partnerContext.close();
  });

  it('plays a Texas scramble of two sides: the wizard pairs the players, each side one ball scored from either phone', async () => {
    const owner = await createUser(app.deps.db, { name: 'Scramble Sara', handicapIndex: 20.0 });
    const partner = await createUser(app.deps.db, { name: 'Makker Mons', handicapIndex: 10.0 });
    const ownerContext = await signedIn(owner);
    const page = await ownerContext.newPage();
    const errors = watchErrors(page);

    await page.goto(`${app.url}/runder/ny`);
    await page.getByLabel('Klubb eller bane').fill('oslo golf');
    await page.getByRole('button', { name: /Oslo Golfklubb – Bogstad/ }).click();
    await page.getByRole('button', { name: 'Neste' }).click();
    await page.getByLabel(/^Gul \(herre\)/).check();
    // Each format says its allowance in a line.
    await page.getByText(/To eller fire på lag spiller fra beste ball/).waitFor();
    await page.getByText(/Laget får 50 % av de to banehandicapene samlet/).waitFor();
    await page.getByLabel(/Texas scramble/).check();
    await screenshots(page, 'wizard-setup-team-formats');
    await page.getByRole('button', { name: 'Neste' }).click();

    // Four players added one after another pair up: two sides of two.
    await page.getByText(/To eller fire spillere på hvert lag/).waitFor();
    await page.getByRole('button', { name: /Legg til meg selv/ }).click();
    await page.getByLabel('Søk etter spiller').fill(partner.email);
    await page
      .getByRole('list', { name: 'Spillere' })
      .getByRole('button', { name: /Makker Mons/ })
      .click();
    for (const [name, index] of [
      ['Gjest Gro', '8,0'],
      ['Gjest Geir', '30,0'],
    ]) {
      await page.getByLabel('Gjestens navn').fill(name!);
      await page.getByLabel('Gjestens handicapindeks').fill(index!);
      await page.getByRole('button', { name: /Legg til gjest/ }).click();
    }
    await expect.poll(() => page.getByTestId('person').count()).toBe(4);
    const sides = page.getByTestId('side');
    expect(await sides.count()).toBe(2);
    expect(await sides.nth(0).getByTestId('person').count()).toBe(2);
    expect(await sides.nth(1).getByTestId('person').count()).toBe(2);
    await screenshots(page, 'wizard-players-scramble');
    await page.getByRole('button', { name: 'Opprett runden' }).click();
    await page.getByRole('heading', { name: 'Ny runde: Se over og start' }).waitFor();
    // One team handicap per side, as the server computed it.
    await expect.poll(() => page.getByTestId('team-handicap').count()).toBe(2);
    expect(await page.getByTestId('playing-handicap').count()).toBe(0);
    await screenshots(page, 'wizard-review-scramble');
    await page.getByRole('button', { name: 'Start runden' }).click();
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    const roundUrl = page.url();

    // One row per side: the side's ball, named by the side.
    const card = page.getByTestId('scorecard');
    expect(await card.locator('thead th').allTextContents()).toEqual(['Hull', 'Par', 'Scramble Sara', 'Gjest Gro']);
    expect(await page.getByTestId('player-score').count()).toBe(2);

    const partnerContext = await signedIn(partner);
    const partnerPage = await partnerContext.newPage();
    const partnerErrors = watchErrors(partnerPage);
    await partnerPage.goto(roundUrl);
    await partnerPage.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();

    const row = (p: Page, name: string) => p.getByTestId('player-score').filter({ hasText: name });
    const strokesOf = (p: Page, name: string) => row(p, name).getByLabel(`Slag for ${name} på hull 1`);
    // The partner enters the side's ball; the owner sees it, then corrects it, and the partner sees that.
    await strokesOf(partnerPage, 'Scramble Sara').fill('5');
    await strokesOf(partnerPage, 'Scramble Sara').press('Enter');
    await expect.poll(() => strokesOf(page, 'Scramble Sara').inputValue()).toBe('5');
    await row(page, 'Scramble Sara').getByRole('button', { name: 'Ett slag mindre for Scramble Sara' }).click();
    await expect.poll(() => strokesOf(partnerPage, 'Scramble Sara').inputValue()).toBe('4');
    // The other side's ball, entered by the owner for the guests.
    await strokesOf(page, 'Gjest Gro').fill('4');
    await strokesOf(page, 'Gjest Gro').press('Enter');
    await expect.poll(() => strokesOf(partnerPage, 'Gjest Gro').inputValue()).toBe('4');
    await expect
      .poll(() => page.getByTestId('standing').allTextContents())
      .toEqual([expect.stringMatching(/lagets spillehcp/), expect.stringMatching(/lagets spillehcp/)]);
    await screenshots(page, 'scorecard-scramble');
    await screenshots(partnerPage, 'scorecard-scramble-partner');

    // Team rounds never enter the handicap record: no attestation once finished.
    await page.getByRole('button', { name: 'Avslutt runden' }).click();
    await page.getByRole('button', { name: 'Avslutt likevel' }).click();
    await page.getByText(/Runden er avsluttet/).waitFor();
    expect(await page.getByTestId('attest').count()).toBe(0);

    expect([...errors, ...partnerErrors]).toEqual([]);
    await ownerContext.close();
    await partnerContext.close();
  });
});
