import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of secrets the server must read back (TOTP secrets): AES-256-GCM with a key derived from
 * SESSION_SECRET by HKDF-SHA256. A separate `info` per use keeps this key unrelated to the JWT signing key
 * even though both come from the same secret. The additional data binds a ciphertext to its owner (the
 * user id), so a value copied into another user's row does not decrypt.
 *
 * Stored form: `v1.<iv>.<ciphertext>.<tag>`, each part base64url. The version prefix leaves room for a key
 * rotation later.
 */
const FORMAT_VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Not the app's name: part of the key that encrypts every stored TOTP secret. It keeps the name the app had
// when the first secret was stored (decision 0022); another salt would make every stored secret unreadable.
const HKDF_SALT = 'golfkortet/secret-box';

const keys = new Map<string, Buffer>();

/**
 * A 32-byte key for one purpose, derived from SESSION_SECRET by HKDF-SHA256 (the secret box's TOTP key, the
 * calendar addresses' HMAC key): one derivation, so each use differs only in its `purpose`.
 */
export function derivedKey(serverSecret: string, purpose: string): Buffer {
  const cacheKey = `${purpose}\0${serverSecret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverSecret, HKDF_SALT, `${purpose}/${FORMAT_VERSION}`, KEY_BYTES));
    keys.set(cacheKey, key);
  }
  return key;
}

export interface SecretBox {
  seal(plaintext: string, owner: string): string;
  /** Null for anything that does not decrypt: a tampered value, another owner's, another server secret's. */
  open(sealed: string, owner: string): string | null;
}

export function secretBox(serverSecret: string, purpose: string): SecretBox {
  const key = derivedKey(serverSecret, purpose);
  return {
    seal(plaintext, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT_VERSION, iv, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, owner) {
      const [version, iv, ciphertext, tag] = sealed.split('.');
      if (version !== FORMAT_VERSION || !iv || ciphertext === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(owner, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
