import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import type { TestDeps } from '../helpers/deps';
import { codeIn, lastMailTo } from '../helpers/mail';
import type { Client } from '../helpers/transport';

// ---- An independent TOTP implementation: Debian's oathtool ----

/** The code oathtool computes for the base32 secret at `at` (any instant: the test clock's, or ± steps). */
export function oathtool(secret: string, at: Date, digits = 6): string {
  const epoch = Math.floor(at.getTime() / 1000);
  return execFileSync('oathtool', ['--totp', '-b', '-d', String(digits), '-N', `@${epoch}`, secret], {
    encoding: 'utf8',
  }).trim();
}

/** The secret a user's authenticator app would read from the provisioning URI. */
export function secretFromUri(otpauthUri: string): string {
  const url = new URL(otpauthUri);
  expect(url.protocol).toBe('otpauth:');
  const secret = url.searchParams.get('secret');
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  return secret!;
}

export function at(deps: TestDeps, offsetSeconds = 0): Date {
  return new Date(deps.now().getTime() + offsetSeconds * 1000);
}

/** Moves the test clock to the middle of a 30-second step, so ±1-step arithmetic is unambiguous. */
export function toMiddleOfStep(deps: TestDeps): void {
  const ms = deps.now().getTime();
  deps.clock.set(new Date(Math.floor(ms / 30_000) * 30_000 + 30_000 + 15_000));
}

/**
 * Enrols TOTP through the real endpoints as a full session (the client keeps its new cookie) and moves
 * the clock a step on, so the next code is not a replay of the confirmation's.
 */
export async function enrolTotp(deps: TestDeps, client: Client): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.call('twoFactor.totpSetup', {});
  expect(setup.status).toBe(200);
  const secret = secretFromUri(setup.body.otpauthUri);
  const confirm = await client.call('twoFactor.totpConfirm', { code: oathtool(secret, deps.now()) });
  expect(confirm.status).toBe(200);
  deps.clock.advance(30);
  return { secret, recoveryCodes: confirm.body.recoveryCodes };
}

/** Enrols the e-mail method through the real endpoints, reading the code from the outbox. */
export async function enrolEmail(deps: TestDeps, client: Client, email: string): Promise<{ recoveryCodes: string[] }> {
  const setup = await client.call('twoFactor.emailSetup', {});
  expect(setup.status).toBe(200);
  const confirm = await client.call('twoFactor.emailConfirm', { code: codeIn(lastMailTo(deps, email).text) });
  expect(confirm.status).toBe(200);
  return { recoveryCodes: confirm.body.recoveryCodes };
}
