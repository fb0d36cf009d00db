import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhoneContext, type AppUnderTest } from './harness';
import { useAppAndBrowser } from './support';

/** Issue 7 and PERFORMANCE.md: the sign-in screen's JavaScript stays under 150 KB gzip. */
const SIGN_IN_BUDGET_BYTES = 150 * 1024;

describe('the sign-in screen’s JavaScript', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it('stays under 150 KB gzip and loads no other screen', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
    });
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).waitFor();
    await page.waitForLoadState('networkidle');

    const sizes = await Promise.all([...scripts].map(async ([url, body]) => ({ file: new URL(url).pathname, gzip: gzipSync(await body, { level: 9 }).length })));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    console.log(
      `sign-in JavaScript: ${(total / 1024).toFixed(1)} KB gzip\n` +
        sizes.map((s) => `  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${s.file}`).join('\n'),
    );
    expect(sizes.some((s) => s.file.includes('LoginScreen'))).toBe(true);
    expect(total).toBeLessThan(SIGN_IN_BUDGET_BYTES);
    for (const other of ['AccountScreen', 'OrgScreen', 'NewRoundScreen', 'RoundScreen', 'TwoFactorSetupScreen', 'browser-']) {
      expect(sizes.filter((s) => s.file.includes(other))).toEqual([]);
    }
    await context.close();
  });
});
