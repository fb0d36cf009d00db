import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The application server's VAPID key pair (RFC 8292, decision 0429): a P-256 key, the private scalar (32
 * bytes) and the uncompressed public point (65 bytes), both base64url without padding, as browsers take the
 * public one in `applicationServerKey` and web-push takes both. Read by server/config.ts at start; nothing
 * here imports the configuration.
 */
export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

const PRIVATE_KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The generated pair's file in DATA_DIR, beside `session-secret`. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/** The public point of a private key, or a reason it is not one. */
export function publicKeyOf(privateKey: string): string | { problem: string } {
  if (!BASE64URL.test(privateKey)) return { problem: 'must be base64url (A-Z, a-z, 0-9, - and _, no padding)' };
  const scalar = Buffer.from(privateKey, 'base64url');
  if (scalar.length !== PRIVATE_KEY_BYTES) return { problem: `must be ${PRIVATE_KEY_BYTES} bytes` };
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    return ecdh.getPublicKey('base64url', 'uncompressed');
  } catch {
    return { problem: 'is not a P-256 private key' };
  }
}

export function generateVapidKeys(): VapidKeyPair {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // getPrivateKey drops leading zero bytes; web-push and browsers want exactly 32.
  const privateKey = ecdh
    .getPrivateKey()
    .toString('hex')
    .padStart(PRIVATE_KEY_BYTES * 2, '0');
  return {
    publicKey: ecdh.getPublicKey('base64url', 'uncompressed'),
    privateKey: Buffer.from(privateKey, 'hex').toString('base64url'),
  };
}

/**
 * Without configured keys a pair is generated once and kept in DATA_DIR (mode 0600), so browsers' subscriptions
 * survive restarts: they are bound to the public key, and a new key would silently end every one of them.
 * Returns a problem for a file that is there but is not a pair (so the start stops instead of replacing it).
 */
export function keptVapidKeys(dataDir: string): VapidKeyPair | { problem: string } {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  if (existsSync(file)) {
    let kept: unknown;
    try {
      kept = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      kept = null;
    }
    const pair = kept as Partial<VapidKeyPair> | null;
    const derived = typeof pair?.privateKey === 'string' ? publicKeyOf(pair.privateKey) : null;
    if (typeof derived !== 'string' || derived !== pair?.publicKey) {
      return {
        problem: `${file} is not a VAPID key pair: delete it to generate a new one (every browser must then turn notifications on again)`,
      };
    }
    return { publicKey: derived, privateKey: pair.privateKey as string };
  }
  mkdirSync(dataDir, { recursive: true });
  const pair = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(pair)}\n`, { mode: 0o600 });
  return pair;
}

/**
 * The VAPID `sub` when VAPID_SUBJECT is not set: the push service's operator may write to it. MAIL_FROM's
 * address (`Name <a@b>` or `a@b`) as a `mailto:`; else PUBLIC_URL when it is https; else a `mailto:` at
 * PUBLIC_URL's host.
 */
export function defaultVapidSubject(mailFrom: string, publicUrl: string): string {
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  if (/^[^\s@<>]+@[^\s@<>]+$/.test(address)) return `mailto:${address}`;
  const url = new URL(publicUrl);
  if (url.protocol === 'https:') return url.origin;
  return `mailto:no-reply@${url.hostname}`;
}

/** RFC 8292 section 2.1: a `mailto:` or `https:` URI. */
export function isVapidSubject(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'mailto:') return /^mailto:[^\s@]+@[^\s@]+$/.test(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}
