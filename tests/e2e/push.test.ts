import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { screenshots, type AppUnderTest } from './harness';
import { signedInContext, useAppAndBrowser, watchErrors } from './support';

/**
 * "Varsler på denne telefonen" on the account screen (decision 0429), as a golfer meets it on a phone. A real
 * subscription needs the browser's own push service on the internet; what reaches the server is tested with a
 * push service of our own in tests/push/push.test.ts.
 */
describe('the notifications switch in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it('is a switch a thumb can hit, off until turned on, and says how to allow notifications when blocked', async () => {
    const user = await createUser(app.deps.db, { name: 'Varsel Vera' });
    const context = await signedInContext(browser, app, user);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/konto`);
    const toggle = page.getByRole('switch', { name: 'Varsler på denne telefonen' });
    await toggle.waitFor();
    await page.getByText('Varsler er av for denne telefonen.').waitFor();
    expect(await toggle.isChecked()).toBe(false);
    // The label is the target: the whole row, at least 48 px high.
    const row = await page.locator('.checkbox.switch').boundingBox();
    const label = await page.getByText('Varsler på denne telefonen', { exact: true }).boundingBox();
    expect(row!.height).toBeGreaterThanOrEqual(48);
    expect(label!.height).toBeGreaterThanOrEqual(48);
    await screenshots(page, 'account-notifications');
    // And as the phone shows it, the card in view (the whole-page pictures are long).
    await page.getByRole('heading', { name: 'Varsler', exact: true }).evaluate((h) => h.scrollIntoView());
    await page.screenshot({ path: 'test-results/screenshots/account-notifications-in-view-phone.png' });

    // The browser asks; this golfer (Playwright's default) says no: the screen says where to change it.
    await page.getByText('Varsler på denne telefonen', { exact: true }).click();
    await page.getByText('Varsler er blokkert for denne siden.', { exact: false }).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await page.screenshot({ path: 'test-results/screenshots/account-notifications-blocked-phone.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in English, and not at all in a browser without push', async () => {
    const user = await createUser(app.deps.db, { name: 'Push Paul', language: 'en' });
    const context = await signedInContext(browser, app, user, { locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${app.url}/konto`);
    await page.getByRole('switch', { name: 'Notifications on this phone' }).waitFor();
    await page.getByText('Notifications are off for this phone.').waitFor();

    const without = await signedInContext(browser, app, user, { locale: 'en-GB' });
    await without.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const old = await without.newPage();
    await old.goto(`${app.url}/konto`);
    await old.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    // The cards around it are there; the switch is not.
    await old.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    expect(await old.getByRole('switch').count()).toBe(0);
    expect(await old.getByText('Notifications', { exact: true }).count()).toBe(0);
    await context.close();
    await without.close();
  });
});
