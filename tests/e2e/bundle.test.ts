import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhoneContext, type AppUnderTest } from './harness';
import { useAppAndBrowser, watchScripts } from './support';

/** docs/performance.md: the sign-in screen's JavaScript stays under 150 KB gzip. */
const SIGN_IN_BUDGET_BYTES = 150 * 1024;

describe('the sign-in screen’s JavaScript', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it('stays under 150 KB gzip and loads no other screen', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).waitFor();
    await page.waitForLoadState('networkidle');

    const { sizes, total } = await scripts.measured('sign-in');
    expect(sizes.some((s) => s.file.includes('LoginScreen'))).toBe(true);
    expect(total).toBeLessThan(SIGN_IN_BUDGET_BYTES);
    for (const other of [
      'AccountScreen',
      'OrgScreen',
      'NewRoundScreen',
      'RoundScreen',
      'TwoFactorSetupScreen',
      'browser-',
      // The service worker is registered by registerSW.js (a few bytes); Workbox runs in the worker only.
      'workbox',
      '/sw.js',
    ]) {
      expect(sizes.filter((s) => s.file.includes(other))).toEqual([]);
    }
    await context.close();
  });
});
