import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { draftTournament, holeOfPar, moveTo, tournamentScore } from '../feed/support';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { newPhoneContext, screenshots, type AppUnderTest } from './harness';
import {
  codeIn,
  expectAccessible,
  lastMailId,
  signInWithMagicLink,
  signedInContext,
  useAppAndBrowser,
  waitForMail,
  watchErrors,
} from './support';

/** Decisions 0020 and 0108: English beside Norwegian, chosen by the user or the browser. */
describe('English beside Norwegian', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  it('switches to English on the sign-in screen, keeps it through sign-in, and saves it on the account', async () => {
    const email = `english-${Date.now()}@example.test`;
    // A Norwegian phone: the app starts in Norwegian.
    const context = await newPhoneContext(browser, { locale: 'nb-NO' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).waitFor();
    expect(await htmlLang(page)).toBe('nb');

    // The switch changes the screen at once, without a reload.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'sign-in in English');
    await screenshots(page, 'language-sign-in-en');

    // The server's own error message, in English.
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByText('Invalid e-mail address.').waitFor();
    await screenshots(page, 'language-server-error-en');

    // The sign-in mail is written in English, and the code from it signs in.
    const after = await lastMailId(app);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByText('We have sent a sign-in link to').waitFor();
    const mail = await waitForMail(app, email, /^Sign in to Hullvis$/, { after });
    expect(mail.text).toContain('The link and the code are valid for 15 minutes');
    await page.getByLabel('Code from the e-mail').fill(codeIn(mail.text));
    await page.getByRole('button', { name: 'Sign in with the code' }).click();

    // Signed in, still in English: the shell, the home screen the sign-in leads to, and the account screen.
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.getByRole('heading', { name: 'Welcome to Hullvis' }).waitFor();
    await page.getByRole('link', { name: 'Account' }).press('Enter');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    expect(await page.getByLabel('Language').inputValue()).toBe('browser');
    await page.getByLabel('Language').selectOption('en');
    await page.getByText('The language is saved.').waitFor();

    // A refusal on a signed-in screen, in English.
    await page.getByLabel('Name', { exact: true }).fill('x'.repeat(101));
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('The name can have at most 100 characters.').waitFor();
    await expectAccessible(page, 'account in English');
    await screenshots(page, 'language-account-en');
    expect(errors).toEqual([]);
    await context.close();

    // Another phone, Norwegian, nothing remembered: Norwegian until the account says English.
    const other = await newPhoneContext(browser, { locale: 'nb-NO' });
    const second = await other.newPage();
    const secondErrors = watchErrors(second);
    // A new link for the same address waits out the 60 s cooldown.
    app.deps.clock.advance(120);
    await signInWithMagicLink(second, app, email);
    await second.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await htmlLang(second)).toBe('en');
    await second.reload();
    await second.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await htmlLang(second)).toBe('en');
    await second.getByRole('link', { name: 'Account' }).press('Enter');
    await second.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    expect(await second.getByLabel('Language').inputValue()).toBe('en');

    // Back to the browser's language: Norwegian again, at once.
    await second.getByLabel('Language').selectOption('browser');
    await second.getByRole('heading', { name: 'Konto', exact: true }).waitFor();
    expect(await htmlLang(second)).toBe('nb');
    expect(secondErrors).toEqual([]);
    await other.close();
  });

  it('starts in English for an English browser, and in Norwegian for any other', async () => {
    const english = await newPhoneContext(browser, { locale: 'en-US' });
    const page = await english.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Send sign-in link' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await english.close();

    const german = await newPhoneContext(browser, { locale: 'de-DE' });
    const other = await german.newPage();
    await other.goto(`${app.url}/login`);
    await other.getByRole('button', { name: 'Send innloggingslenke' }).waitFor();
    expect(await htmlLang(other)).toBe('nb');
    await german.close();
  });

  it('shows a club’s tournament screens in English: the list, the form and the admin’s tournament screen', async () => {
    const org = await createOrganization(app.deps.db, 'English Open GK');
    const admin = await createUser(app.deps.db, { name: 'Alice Admin', handicapIndex: 14.2 });
    await addMember(app.deps.db, org.id, admin.id, 'owner');
    const context = await signedInContext(browser, app, admin, { locale: 'en-GB' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/klubber/${org.id}/turneringer`);
    await page.getByRole('heading', { name: 'Tournaments at English Open GK' }).waitFor();
    await page.getByText('No tournaments yet').waitFor();
    await page.getByRole('link', { name: 'New tournament' }).click();
    await page.getByRole('heading', { name: 'New tournament' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Spring Cup');
    await page.getByLabel('Format').selectOption('stableford');
    await page.getByText('Empty: 95 % (standard for net and Stableford).').waitFor();
    // The course finder belongs to the rounds area (converted separately): found by its field, not its words.
    await page
      .getByRole('searchbox')
      .or(page.getByRole('textbox', { name: /Klubb|Club/ }))
      .first()
      .fill('oslo golf');
    await page.getByRole('button', { name: /Oslo Golfklubb – Bogstad/ }).click();
    await page.getByLabel('Tee', { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await page.getByRole('heading', { name: 'Spring Cup' }).waitFor();
    await page.getByTestId('tournament-status').filter({ hasText: 'Draft' }).waitFor();
    await page.getByRole('button', { name: 'Open for entries', exact: true }).click();
    await page.getByText('Open for entries “Spring Cup”?').waitFor();
    await page.getByRole('button', { name: 'Yes, open for entries' }).click();
    await page.getByTestId('tournament-status').filter({ hasText: 'Open for entries' }).waitFor();
    await page.getByRole('heading', { name: 'About the tournament' }).waitFor();
    await page.getByText('0 of', { exact: false }).or(page.getByText('0 entered')).first().waitFor();
    await page.getByRole('heading', { name: 'Start list' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await expectAccessible(page, 'tournament in English');
    await screenshots(page, 'language-tournament-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('words the feed’s items in English, from their fields, and keeps the server’s Norwegian text in Norwegian', async () => {
    const fx = await draftTournament(app.deps, { name: 'Autumn Cup' });
    await moveTo(app.deps, fx, 'in_progress');
    const par3 = holeOfPar(fx, 3);
    await tournamentScore(app.deps, fx, 0, par3, 1);
    const context = await newPhoneContext(browser, { locale: 'en-GB' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/feed`);
    await page.getByRole('heading', { name: 'Latest news' }).waitFor();
    await page.getByText('Autumn Cup is under way.').waitFor();
    await page.getByText('Autumn Cup is open for entries.').waitFor();
    expect(await page.getByText('Autumn Cup er i gang.').count()).toBe(0);
    // A hole in one is one stroke, not "1 strokes".
    await page.getByText(`Hole ${par3} · par 3 · 1 stroke`, { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'feed in English');
    await screenshots(page, 'language-feed-en');
    expect(errors).toEqual([]);
    await context.close();

    const norwegian = await newPhoneContext(browser, { locale: 'nb-NO' });
    const other = await norwegian.newPage();
    await other.goto(`${app.url}/feed`);
    await other.getByText('Autumn Cup er i gang.').waitFor();
    await norwegian.close();
  });
});
