import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, TRUST_NO_PROXY, type TrustProxy } from './http/client-address';

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
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
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
  };
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
