import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { generateVapidKeys } from '../../server/push/vapid-keys';
import '../../shared/schemas/common';

/** The Web Push settings of docs/configuration.md (decision 0429), as the start reads them. */
const SECRET = 'x'.repeat(32);
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'golf-push-config-'));

function problems(env: Record<string, string>): string {
  try {
    loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: dataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('the VAPID keys and push settings', () => {
  it('takes a configured pair and subject as they are', () => {
    const pair = generateVapidKeys();
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://golf.example.no/kontakt',
    });
    expect(config.push).toEqual({
      ...pair,
      subject: 'https://golf.example.no/kontakt',
      keysFrom: 'environment',
      allowHttpEndpoints: false,
    });
  });

  it('generates a pair once into DATA_DIR (mode 0600) and keeps it, in production too', () => {
    const dir = dataDir();
    const first = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_DIR: dir }).push;
    expect(first.keysFrom).toBe('dataDir');
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(first.privateKey, 'base64url'));
    expect(ecdh.getPublicKey('base64url')).toBe(first.publicKey);
    expect(loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: dir }).push.publicKey).toBe(first.publicKey);
    const file = path.join(dir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('stops on a kept file that is not a pair instead of replacing it', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'vapid-keys.json'), '{"publicKey":"x"}');
    expect(() => loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: dir })).toThrow(/DATA_DIR: .*vapid-keys\.json/);
  });

  it('derives the subject from MAIL_FROM, else from an https PUBLIC_URL', () => {
    const subject = (env: Record<string, string>) =>
      loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: dataDir(), ...env }).push.subject;
    expect(subject({})).toBe('mailto:no-reply@hullvis.localhost');
    expect(subject({ MAIL_FROM: 'Klubben <post@klubb.example.no>' })).toBe('mailto:post@klubb.example.no');
    expect(subject({ MAIL_FROM: 'post@klubb.example.no' })).toBe('mailto:post@klubb.example.no');
    expect(subject({ MAIL_FROM: 'Klubben', PUBLIC_URL: 'https://golf.example.no/app' })).toBe(
      'https://golf.example.no',
    );
  });

  it('names the variable when a key, the pair or the subject is wrong', () => {
    const pair = generateVapidKeys();
    const other = generateVapidKeys();
    expect(problems({ VAPID_PUBLIC_KEY: pair.publicKey })).toMatch(/VAPID_PRIVATE_KEY: required/);
    expect(problems({ VAPID_PRIVATE_KEY: pair.privateKey })).toMatch(/VAPID_PUBLIC_KEY: required/);
    expect(problems({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'short' })).toMatch(
      /VAPID_PRIVATE_KEY: must be 32 bytes/,
    );
    expect(problems({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'not+base64/url' })).toMatch(
      /VAPID_PRIVATE_KEY: must be base64url/,
    );
    expect(problems({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })).toMatch(
      /VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    );
    // Zero is not a private key of the curve.
    expect(
      problems({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: Buffer.alloc(32).toString('base64url') }),
    ).toMatch(/VAPID_PRIVATE_KEY: is not a P-256 private key/);
    for (const subject of ['http://golf.example.no', 'post@klubb.example.no', 'mailto:', 'not a url']) {
      expect(problems({ VAPID_SUBJECT: subject })).toMatch(/VAPID_SUBJECT: must be a mailto: address or an https: URL/);
    }
  });

  it('takes http:// endpoints only with PUSH_ALLOW_HTTP_ENDPOINTS=1, and never in production', () => {
    const allows = (env: Record<string, string>) =>
      loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: dataDir(), ...env }).push.allowHttpEndpoints;
    expect(allows({})).toBe(false);
    expect(allows({ PUSH_ALLOW_HTTP_ENDPOINTS: '0' })).toBe(false);
    expect(allows({ PUSH_ALLOW_HTTP_ENDPOINTS: '1' })).toBe(true);
    expect(problems({ PUSH_ALLOW_HTTP_ENDPOINTS: 'yes' })).toMatch(/PUSH_ALLOW_HTTP_ENDPOINTS: must be 1/);
    expect(problems({ NODE_ENV: 'production', PUSH_ALLOW_HTTP_ENDPOINTS: '1' })).toMatch(
      /PUSH_ALLOW_HTTP_ENDPOINTS: not allowed when NODE_ENV=production/,
    );
  });
});
