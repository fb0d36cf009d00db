import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../server/config';
// Loaded as in the running server: it sets zod's messages to Norwegian for everything else.
import '../shared/schemas/common';

const SECRET = 'x'.repeat(32);

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration', () => {
  it('has the defaults of docs/configuration.md', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.nodeEnv).toBe('development');
  });

  it('derives PUBLIC_URL from PORT and its origin for the Origin check', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-config-'));
    expect(loadConfig({ PORT: '8080', DATA_DIR: dataDir }).publicUrl).toBe('http://localhost:8080');
    const config = loadConfig({ PUBLIC_URL: 'https://golf.example.no/', SESSION_SECRET: SECRET });
    expect(config.publicUrl).toBe('https://golf.example.no');
    expect(config.publicOrigin).toBe('https://golf.example.no');
  });

  it('refuses a SESSION_SECRET shorter than 32 bytes, naming the variable', () => {
    expect(problems({ SESSION_SECRET: 'x'.repeat(31) })).toMatch(/SESSION_SECRET/);
    // 32 bytes, not 32 characters: 11 three-byte characters are 33 bytes.
    expect(() => loadConfig({ SESSION_SECRET: '€'.repeat(11) })).not.toThrow();
  });

  it('requires SESSION_SECRET in production', () => {
    expect(problems({ NODE_ENV: 'production' })).toMatch(/SESSION_SECRET/);
  });

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'http://mail.example'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'proxy.example'],
    ['TRUST_PROXY', '10.0.0.0/99'],
    ['TRUST_PROXY', 'loopback,,10.0.0.1'],
    ['TRUST_PROXY', '-1'],
  ])('names %s when its value (%s) is wrong', (name, value) => {
    expect(problems({ SESSION_SECRET: SECRET, [name]: value })).toMatch(new RegExp(`${name}:`));
  });

  it('says what is wrong in English only, as the rest of the start-up output, though users get Norwegian', () => {
    expect(problems({ SESSION_SECRET: SECRET, PORT: 'abc' })).toBe(
      'Invalid configuration:\n  - PORT: Invalid input: expected number, received NaN',
    );
    expect(problems({ SESSION_SECRET: SECRET, PUBLIC_URL: 'ftp://x', LOG_LEVEL: 'loud' })).not.toMatch(
      /Ugyldig|forventet/,
    );
  });

  it('reads TRUST_PROXY as Express does: hops or addresses; trusts none by default and refuses "true"', () => {
    const trusts = (env: Record<string, string>) => loadConfig({ SESSION_SECRET: SECRET, ...env }).trustProxy;
    expect(trusts({})('127.0.0.1', 0)).toBe(false);
    expect(trusts({ TRUST_PROXY: '2' })('192.0.2.1', 1)).toBe(true);
    expect(trusts({ TRUST_PROXY: '2' })('192.0.2.1', 2)).toBe(false);
    expect(trusts({ TRUST_PROXY: 'loopback, 10.0.0.0/8' })('10.1.2.3', 0)).toBe(true);
    expect(trusts({ TRUST_PROXY: 'loopback, 10.0.0.0/8' })('192.0.2.1', 0)).toBe(false);
    expect(problems({ SESSION_SECRET: SECRET, TRUST_PROXY: 'true' })).toMatch(
      /TRUST_PROXY: .*any client choose its own address/,
    );
  });
});
