import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionTokenFor } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { screenshots, type AppUnderTest } from './harness';
import { useAppAndBrowser } from './support';

describe('the app in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it('loads from the server and tells an anonymous visitor they are not signed in', async () => {
    // A Norwegian browser: an English one gets the app in English (decision 0020).
    const page = await browser.newPage({ locale: 'nb-NO' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(app.url);
    await expect.poll(() => page.title()).toBe('Hullvis');
    await page.getByText('Hullvis').first().waitFor();
    await page
      .getByText(/ikke innlogget/i)
      .first()
      .waitFor();
    await screenshots(page, 'smoke-anonymous');
    expect(errors).toEqual([]);
    // The tab and the bookmark show the app's icon, served from our own origin.
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const served = await page.request.get(new URL(icon!, app.url).toString());
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await served.text()).toContain('<svg');
    await page.close();
  });

  it('shows the signed-in user when the session cookie is present', async () => {
    const user = await createUser(app.deps.db, { name: 'Ola Golfer' });
    const context = await browser.newContext();
    const host = new URL(app.url).hostname;
    await context.addCookies([
      {
        name: 'service_session',
        value: await sessionTokenFor(app.deps, user),
        domain: host,
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByText('Ola Golfer').first().waitFor();
    await context.close();
  });
});
