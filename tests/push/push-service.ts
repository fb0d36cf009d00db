import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWTPayload } from 'jose';

/**
 * A push service of our own on loopback (RFC 8030, the part an application server talks to), and a browser's
 * side of a subscription: the key pair and auth secret a browser makes, and RFC 8291's decryption written out
 * here with node's crypto, so the sender is checked against the RFC and not against itself.
 */

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** An endpoint on this service that answers `status` to every push. */
  endpoint(status?: number): string;
  /**
   * The pushes that came in since the last take. pushToUsers resolves after every push was answered, and
   * this service answers only once it has the whole request: no waiting.
   */
  take(): PushRequest[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  let requests: PushRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = Number(/^\/(\d{3})\//.exec(req.url ?? '')?.[1] ?? 201);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 201 ? '' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (status = 201) => `${origin}/${status}/${randomBytes(12).toString('base64url')}`,
    take: () => {
      const taken = requests;
      requests = [];
      return taken;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's half of a subscription: its P-256 key pair and the 16-byte authentication secret. */
export interface Subscriber {
  publicKey: Buffer;
  privateKey: Buffer;
  auth: Buffer;
  /** As `PushSubscription.toJSON()` gives it, for POST /account/push-subscriptions. */
  subscription(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } };
}

export function newSubscriber(): Subscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey();
  const auth = randomBytes(16);
  return {
    publicKey,
    privateKey: ecdh.getPrivateKey(),
    auth,
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 section 3.4 and RFC 8188: the aes128gcm body of one record, decrypted with the subscriber's keys. */
export function decryptAes128gcm(body: Buffer, subscriber: Subscriber): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error('not one aes128gcm record with a P-256 key id');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscriber.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderPublicKey]);
  const ikm = hkdf(subscriber.auth, sharedSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256, signed by the key `k`, for
 * the endpoint's origin. Returns the verified claims and `k`.
 */
export async function verifyVapid(
  authorization: string | undefined,
  audience: string,
): Promise<{ claims: JWTPayload; k: string; alg: string | undefined }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience });
  return { claims: payload, k, alg: decodeProtectedHeader(token).alg };
}
