import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, TRUST_NO_PROXY, type TrustProxy } from './http/client-address';
import { defaultVapidSubject, isVapidSubject, keptVapidKeys, publicKeyOf } from './push/vapid-keys';

const SESSION_SECRET_MIN_BYTES = 32;
const METRICS_TOKEN_MIN_CHARS = 32;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The environment of docs/contract.md section 3, parsed once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  SESSION_SECRET: z
    .string()
    .refine((s) => Buffer.byteLength(s, 'utf8') >= SESSION_SECRET_MIN_BYTES, {
      message: `must be at least ${SESSION_SECRET_MIN_BYTES} bytes`,
    })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Hullvis <no-reply@hullvis.localhost>'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `not a number of hops or a list of proxy addresses (${(error as Error).message})`,
        });
        return z.NEVER;
      }
    })
    .optional(),
  METRICS_TOKEN: z
    .string()
    .min(METRICS_TOKEN_MIN_CHARS, { message: `must be at least ${METRICS_TOKEN_MIN_CHARS} characters` })
    .optional(),
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(500),
  LIVE_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).default(10),
  // Web Push (decision 0429): the pair is checked below, where both are known.
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .refine(isVapidSubject, { message: 'must be a mailto: address or an https: URL (RFC 8292)' })
    .optional(),
  PUSH_ALLOW_HTTP_ENDPOINTS: z
    .enum(['0', '1'], { message: 'must be 1 (allow http:// push endpoints) or 0' })
    .default('0')
    .transform((v) => v === '1'),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  publicUrl: string;
  /** The origin of PUBLIC_URL: what an Origin header must equal on a mutating request. */
  publicOrigin: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Which proxies' X-Forwarded-For entries name the client (TRUST_PROXY); by default none. */
  trustProxy: TrustProxy;
  /** The bearer token of GET /metrics (METRICS_TOKEN); unset, the metrics are off and the path is 404. */
  metricsToken: string | undefined;
  /** Open WebSockets one client address may hold on this instance (LIVE_SOCKETS_PER_ADDRESS). */
  liveSocketsPerAddress: number;
  /** Open WebSockets one session cookie may hold on this instance (LIVE_SOCKETS_PER_SESSION). */
  liveSocketsPerSession: number;
  /** Web Push (decision 0429): the application server's VAPID keys and subject, and which endpoints are taken. */
  push: PushConfig;
}

export interface PushConfig {
  /** base64url: the uncompressed P-256 point (65 bytes), what GET /push/public-key answers. */
  publicKey: string;
  /** base64url: the private scalar (32 bytes). Never logged, never answered. */
  privateKey: string;
  /** The VAPID `sub`: a `mailto:` or `https:` URI. */
  subject: string;
  /** `environment`: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; `dataDir`: generated once into DATA_DIR/vapid-keys.json. */
  keysFrom: 'environment' | 'dataDir';
  /** PUSH_ALLOW_HTTP_ENDPOINTS=1: `http://` endpoints are taken too (tests' own push service on loopback). */
  allowHttpEndpoints: boolean;
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // The operator's messages are English, as the rest of the start-up output; zod's global locale is the
  // users' Norwegian (shared/schemas/common.ts), so this parse asks for English itself.
  const parsed = envSchema.safeParse(withoutEmpty(env), { error: z.locales.en().localeError });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError(['SESSION_SECRET: required when NODE_ENV=production (at least 32 bytes)']);
  }
  if (e.NODE_ENV === 'production' && e.PUSH_ALLOW_HTTP_ENDPOINTS) {
    throw new ConfigError(['PUSH_ALLOW_HTTP_ENDPOINTS: not allowed when NODE_ENV=production (it is for tests)']);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const vapid = vapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, dataDir);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? developmentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? TRUST_NO_PROXY,
    metricsToken: e.METRICS_TOKEN,
    liveSocketsPerAddress: e.LIVE_SOCKETS_PER_ADDRESS,
    liveSocketsPerSession: e.LIVE_SOCKETS_PER_SESSION,
    push: {
      ...vapid,
      subject: e.VAPID_SUBJECT ?? defaultVapidSubject(e.MAIL_FROM, publicUrl),
      allowHttpEndpoints: e.PUSH_ALLOW_HTTP_ENDPOINTS,
    },
  };
}

/**
 * The configured pair, both or neither, the public key the private one's; neither: the pair kept in DATA_DIR
 * (generated on the first start), in production too. One instance keeps using its own pair; several behind
 * one address must share configured keys, or each would sign for subscriptions made with another's public
 * key (server/index.ts warns).
 */
function vapidKeys(
  publicKey: string | undefined,
  privateKey: string | undefined,
  dataDir: string,
): Pick<PushConfig, 'publicKey' | 'privateKey' | 'keysFrom'> {
  if (publicKey === undefined && privateKey === undefined) {
    const kept = keptVapidKeys(dataDir);
    if ('problem' in kept) throw new ConfigError([`DATA_DIR: ${kept.problem}`]);
    return { ...kept, keysFrom: 'dataDir' };
  }
  if (privateKey === undefined) throw new ConfigError(['VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set']);
  if (publicKey === undefined) throw new ConfigError(['VAPID_PUBLIC_KEY: required when VAPID_PRIVATE_KEY is set']);
  const derived = publicKeyOf(privateKey);
  if (typeof derived !== 'string') throw new ConfigError([`VAPID_PRIVATE_KEY: ${derived.problem}`]);
  if (derived !== publicKey.replace(/=+$/, '')) {
    throw new ConfigError([
      'VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY (base64url, the uncompressed point, 65 bytes)',
    ]);
  }
  return { publicKey: derived, privateKey, keysFrom: 'environment' };
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
