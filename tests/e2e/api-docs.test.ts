import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AppUnderTest } from './harness';
import { useAppAndBrowser, watchErrors } from './support';

describe('the API reference page in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it('renders /openapi.json under the Content-Security-Policy, every path listed, nothing blocked', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const res = await page.goto(`${app.url}/docs/api`);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await page.getByText('/public/tournaments/{slug}/leaderboard').first().waitFor();
    const doc = await (await fetch(`${app.url}/openapi.json`)).json();
    const operations = Object.values(doc.paths as Record<string, object>).reduce(
      (n, ops) => n + Object.keys(ops).length,
      0,
    );
    expect(await page.locator('.opblock').count()).toBe(operations);
    expect(errors).toEqual([]);
    await page.close();
  });
});
