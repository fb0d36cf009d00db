import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics';
import type { EventBus } from './realtime/bus';

/**
 * Everything a domain function may touch, passed explicitly. `now` is the clock every expiry, window and
 * TOTP step is computed from, so tests can move time without waiting.
 */
export interface Deps {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  mailer: Mailer;
  logger: Logger;
  bus: EventBus;
  now: () => Date;
  /** Set by createApp when METRICS_TOKEN is: the app's own registry (server/metrics.ts). */
  metrics?: Metrics;
}
