import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CLIENT_DIST } from '../../server/app';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface AppUnderTest {
  deps: TestDeps;
  server: TestServer;
  url: string;
  close(): Promise<void>;
}

/**
 * The real server with the production build of the app, on a random port, with a fresh database.
 * PUBLIC_URL is set to the server's own address so Origin checks and mailed links match what the browser uses.
 */
export async function startApp(options: { env?: Record<string, string> } = {}): Promise<AppUnderTest> {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    throw new Error('The app is not built: run `npm run build` before the browser tests.');
  }
  const deps = await createTestDeps({ env: options.env, closeAfterAll: false });
  const server = await startTestServer(deps, { client: 'static' });
  deps.config.publicUrl = server.url;
  deps.config.publicOrigin = server.url;
  return {
    deps,
    server,
    url: server.url,
    async close() {
      await server.close();
      await deps.close();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A phone-sized context. The app's service worker is blocked unless a test asks for it
 * (`serviceWorkers: 'allow'`, as tests/e2e/offline.test.ts does): its precaching of the whole shell right
 * after the first load competes with the screen under test on a busy machine, and Playwright's request
 * routing does not see what a worker fetches.
 */
export async function newPhoneContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VIEWPORTS.phone,
    locale: 'nb-NO',
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
    ...options,
  });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core evaluated in the page (no script tag, so the page's CSP is not involved): no serious or critical
 * violation on the screen as it stands.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect({ label, violations }).toEqual({ label, violations: [] });
}

/**
 * Saves the page at phone and desktop widths under test-results/screenshots/ (not committed), and checks
 * each with axe: every screen a test pictures is also a screen with no serious accessibility violation.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Screens load as their own chunks: a picture of the loading state shows nothing of the screen.
  await page.waitForFunction(
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown is the question, and innerText is the shown text
    () => !document.body.innerText.includes('Laster …') && !document.body.innerText.includes('Loading …'),
    null,
    { timeout: 10_000 },
  );
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage: true });
    // A page wider than the phone makes the whole screen slide sideways under the thumb; a wide table
    // scrolls inside its own box instead.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > size.width) throw new Error(`${name} (${label}) is ${width} px wide in a ${size.width} px window`);
    await expectAccessible(page, `${name} (${label})`);
    if (label === 'phone') await expectThumbTargets(page, name);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * On a phone every control a thumb aims at is at least 48 px high: buttons, button-like links, selects and
 * text fields. Links inside running text are read, not aimed at, and are left out.
 */
export async function expectThumbTargets(page: Page, name: string): Promise<void> {
  const small = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, a.btn, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea',
      ),
    ]
      .filter((el) => el.offsetParent !== null && !el.closest('.sr-only, .visually-hidden'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height < 47.5)
      .map(
        ({ el, box }) =>
          `${(el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40)} (${Math.round(box.height)} px)`,
      ),
  );
  if (small.length > 0) throw new Error(`${name}: targets under 48 px on a phone: ${small.join('; ')}`);
}
