import { gzipSync } from 'node:zlib';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { UserRow } from '../../server/auth/users';
import { sessionTokenFor } from '../helpers/caller';
import { launchBrowser, newPhoneContext, startApp, type AppUnderTest } from './harness';

/** The mailed code, read as in the other tests (the outbox here is the development one, over HTTP). */
export { codeIn } from '../helpers/mail';

/**
 * For a describe block: the app and a browser started before its tests and closed after them. `onStart`
 * hands both over, so the tests keep reading them as plain variables.
 */
export function useAppAndBrowser(onStart: (started: { app: AppUnderTest; browser: Browser }) => void): void {
  let app: AppUnderTest | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    onStart({ app, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
}

/** One mail of the development outbox, as /dev/mail.json lists it (newest first). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Reads the development outbox over HTTP, as a developer would, until a mail to `to` matches. */
export async function waitForMail(
  app: AppUnderTest,
  to: string,
  subject: RegExp,
  options: { after?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${app.url}/dev/mail.json`);
    const { messages } = (await res.json()) as { messages: (OutboxMail & { id: number })[] };
    const mail = messages.find((m) => m.to === to && subject.test(m.subject) && m.id > (options.after ?? 0));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The id of the newest mail so far: a later waitForMail with `after` skips everything older. */
export async function lastMailId(app: AppUnderTest): Promise<number> {
  const { messages } = (await (await fetch(`${app.url}/dev/mail.json`)).json()) as { messages: { id: number }[] };
  return messages[0]?.id ?? 0;
}

export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, (c) => `\\${c}`)}\\S*`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail:\n${text}`);
  return match[0];
}

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of input.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/**
 * RFC 6238 (SHA-1, 6 digits, 30 s) computed here from the otpauth URI the screen shows: an implementation
 * of its own, so the test does not trust the server's. `at` is the server's clock (tests move it).
 */
export function totpFromUri(uri: string, at: Date, stepOffset = 0): string {
  const url = new URL(uri);
  expect(url.protocol).toBe('otpauth:');
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  const counter = Math.floor(at.getTime() / 1000 / 30) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** Collects uncaught page errors: every test ends by asserting there were none. */
/** Uncaught errors, and anything the Content-Security-Policy refused (Chromium reports those on the console). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** Signs in with e-mail and password through the screen and waits for the home screen. */
export async function signInWithPassword(
  page: Page,
  app: AppUnderTest,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${app.url}/login`);
  await page.getByRole('button', { name: 'Passord' }).click();
  await page.getByLabel('E-postadresse').fill(email);
  await page.getByLabel('Passord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
}

/** Signs in through the magic link read from the outbox; returns after the confirm click. */
export async function signInWithMagicLink(page: Page, app: AppUnderTest, email: string): Promise<void> {
  const after = await lastMailId(app);
  await page.goto(`${app.url}/login`);
  await page.getByLabel('E-postadresse').fill(email);
  await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
  await page.getByText('Vi har sendt en innloggingslenke').waitFor();
  const mail = await waitForMail(app, email, /Logg inn/, { after });
  await page.goto(linkIn(mail.text, '/login/verify'));
  await page.getByRole('button', { name: 'Logg inn' }).click();
}

export { expectAccessible } from './harness';

/**
 * Uncaught errors and CSP refusals (watchErrors), and every other console error. The shell's session check
 * (auth.session) answers an anonymous visitor 200, so it leaves nothing here (decision 0510).
 */
export function watchConsole(page: Page): string[] {
  const errors = watchErrors(page);
  page.on('console', (m) => {
    if (m.type() !== 'error' || /Content Security Policy/i.test(m.text())) return;
    errors.push(`${m.text()} ${m.location().url}`);
  });
  return errors;
}

/** A phone's browser context holding a full session of `user`, as if they had signed in. */
export async function signedInContext(
  browser: Browser,
  app: AppUnderTest,
  user: Pick<UserRow, 'id' | 'sessionVersion'>,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await newPhoneContext(browser, options);
  await context.addCookies([
    {
      name: 'service_session',
      value: await sessionTokenFor(app.deps, user),
      domain: new URL(app.url).hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return context;
}

/**
 * The JavaScript a page loads, for a bundle budget: every script response from now on, measured gzipped
 * (level 9) and printed per file when asked.
 */
export function watchScripts(page: Page): {
  measured(label: string): Promise<{ sizes: { file: string; gzip: number }[]; total: number }>;
} {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
  });
  return {
    async measured(label) {
      const sizes = await Promise.all(
        [...scripts].map(async ([url, body]) => ({
          file: new URL(url).pathname,
          gzip: gzipSync(await body, { level: 9 }).length,
        })),
      );
      const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
      console.log(
        `${label} JavaScript: ${(total / 1024).toFixed(1)} KB gzip\n${sizes.map((s) => `  ${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${s.file}`).join('\n')}`,
      );
      return { sizes, total };
    },
  };
}

/** Confirms a tournament's state move on its page: the button, then the confirmation's "Ja, …". */
export async function moveTournament(page: Page, label: string, status: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByText(`${label} «`).waitFor();
  await page.getByRole('button', { name: `Ja, ${label.toLowerCase()}` }).click();
  await page.getByTestId('tournament-status').filter({ hasText: status }).waitFor();
}

/** One hole of one ball on a tournament scorecard: "+" (an empty hole starts at par), then waits for the field to hold it. */
export async function parOn(page: Page, name: string, hole: number): Promise<void> {
  await page
    .getByTestId('hole-number')
    .filter({ hasText: `Hull ${hole}` })
    .waitFor();
  await page.getByRole('button', { name: `Ett slag mer for ${name}` }).click();
  await expect.poll(() => page.getByLabel(`Slag for ${name} på hull ${hole}`).inputValue()).not.toBe('');
}
