import type { Browser } from 'playwright-core';
import { describe, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { screenshots, type AppUnderTest } from './harness';
import { signedInContext, useAppAndBrowser } from './support';

/**
 * The landing pages of the "confirm this address" and account-merge mails: pictured, and so checked with
 * axe (harness.ts), before and after a link that does not work.
 */
describe('the landing pages of the account mails', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it.each([
    { path: '/konto/bekreft-epost', title: 'Bekreft e-postadresse', name: 'confirm-email' },
    { path: '/konto/sla-sammen', title: 'Slå sammen kontoer', name: 'confirm-merge' },
  ])('$path explains the step, and says so when the link does not work', async ({ path, title, name }) => {
    const user = await createUser(app.deps.db, { name: 'Lene Landing' });
    const context = await signedInContext(browser, app, user, { locale: 'nb-NO' });
    const page = await context.newPage();

    await page.goto(`${app.url}${path}?token=${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await screenshots(page, name);

    await page.getByRole('main').getByRole('button').click();
    await page.getByText('Lenken eller koden er ugyldig eller utløpt').waitFor();
    await screenshots(page, `${name}-invalid`);

    await page.goto(`${app.url}${path}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await screenshots(page, `${name}-no-token`);
    await context.close();
  });
});
