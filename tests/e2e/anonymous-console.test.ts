import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AppUnderTest } from './harness';
import { newPhoneContext } from './harness';
import { useAppAndBrowser } from './support';

/**
 * Lighthouse's "Browser errors were logged to the console" (decision 0510): the app's start-up session check
 * is auth.session, which answers an anonymous visitor 200 with no user, where auth.me's 401 was logged by
 * the browser as an error on every page. Nothing is filtered here: any console error fails.
 */
describe('an anonymous visit logs no error', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it.each([
    ['/', 'Logg inn'],
    ['/login', 'Logg inn'],
    ['/feed', 'Siste nytt'],
  ])('%s: no console error, no refused /trpc request, and the session check answered 200', async (path, heading) => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${m.text()} ${m.location().url}`);
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    const trpcAnswers: { path: string; status: number }[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/trpc')) trpcAnswers.push({ path: url.pathname, status: res.status() });
    });
    const failed: string[] = [];
    page.on('requestfailed', (req) => failed.push(`${req.url()} ${req.failure()?.errorText}`));

    await page.goto(app.url + path);
    await page.getByRole('heading', { name: heading }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(trpcAnswers.filter((a) => a.status >= 400)).toEqual([]);
    // A batch names its calls in the path, comma-separated.
    const calls = (a: { path: string }) => a.path.slice('/trpc/'.length).split(',');
    expect(trpcAnswers.some((a) => calls(a).includes('auth.session') && a.status === 200)).toBe(true);
    expect(trpcAnswers.filter((a) => calls(a).includes('auth.me'))).toEqual([]);
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
