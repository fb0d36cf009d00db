import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { loadConfig, type Config } from '../../server/config';
import type { Deps } from '../../server/deps';
import { createLogger } from '../../server/log';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import { generateVapidKeys } from '../../server/push/vapid-keys';
import { createEventBus } from '../../server/realtime/bus';
import { createTestDatabase, type DatabaseKind } from './db';

/** A clock the test can move: every expiry and window in the service is computed from deps.now(). */
export interface TestClock {
  now(): Date;
  set(date: Date): void;
  advance(seconds: number): void;
}

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (seconds) => {
      current += seconds * 1000;
    },
  };
}

export interface TestDeps extends Deps {
  clock: TestClock;
  /** The PostgreSQL database's URL (none on PGlite): for a second instance's bus or a server process on it. */
  databaseUrl: string | undefined;
  mailer: Mailer;
  close(): Promise<void>;
}

/** One VAPID pair per test process: DATA_DIR is not written in tests. */
const TEST_VAPID = generateVapidKeys();

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: '/nonexistent-data-dir',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    VAPID_PUBLIC_KEY: TEST_VAPID.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
    ...overrides,
  });
}

/**
 * Everything real but the clock: a fresh database of its own, the development outbox (or real SMTP when
 * SMTP_URL is given), the in-process bus. Closed automatically after the file's tests.
 */
export async function createTestDeps(
  options: {
    db?: DatabaseKind;
    env?: Record<string, string>;
    closeAfterAll?: boolean;
    /** Collects every log line (as JSON text) instead of discarding them. */
    logLines?: string[];
  } = {},
): Promise<TestDeps> {
  const config = testConfig(options.env);
  const database = await createTestDatabase(options.db);
  const logLines = options.logLines;
  const logger = logLines
    ? createLogger('trace', { write: (line: string) => void logLines.push(line) })
    : createLogger(config.logLevel);
  const mailer = createMailer(config, logger, { printToConsole: false });
  const clock = createClock();
  const deps: TestDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    mailer,
    logger,
    bus: createEventBus(),
    now: () => clock.now(),
    clock,
    databaseUrl: database.url ?? undefined,
    async close() {
      mailer.close();
      await database.close();
    },
  };
  if (options.closeAfterAll !== false) afterAll(() => deps.close());
  return deps;
}
