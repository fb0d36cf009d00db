import { createApp } from './app';
import { seedDemoCoursesIfEmpty } from './courses/seed';
import { seedDemoTournamentIfNone } from './tournaments/demo';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import type { Deps } from './deps';
import { createLogger, type Logger } from './log';
import { describeStartError } from './start-errors';
import { createMailer } from './mail/mailer';
import { startHousekeeping } from './housekeeping';
import { openEventBus } from './realtime/open-bus';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // From here a failure is a setting or the machine (a busy port, a database that does not answer): one
  // plain line says which, instead of a stack trace.
  try {
    await serve(config, logger);
  } catch (error) {
    console.error(describeStartError(error, config));
    process.exit(1);
  }
}

async function serve(config: Config, logger: Logger): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  // The embedded default is for trying the service: demo courses, and a demo tournament in progress on them.
  const demoCoursesSeeded = config.databaseUrl ? null : await seedDemoCoursesIfEmpty({ db: database.db, logger });

  const mailer = createMailer(config, logger);
  const now = () => new Date();
  const bus = await openEventBus({ databaseUrl: config.databaseUrl, db: database.db, logger, now });
  const deps: Deps = {
    config,
    db: database.db,
    dbKind: database.kind,
    mailer,
    logger,
    bus,
    now,
  };
  if (demoCoursesSeeded) await seedDemoTournamentIfNone(deps);
  // `npm run dev` passes --dev for Vite's hot-reloading middleware; otherwise the production build is served.
  const app = await createApp(deps, { client: process.argv.includes('--dev') ? 'vite' : 'static' });
  const stopHousekeeping = startHousekeeping(deps);
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(config.port, () => {
      app.server.off('error', reject);
      resolve();
    });
  });
  logger.info(
    {
      port: config.port,
      publicUrl: config.publicUrl,
      database: database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'postgres',
    },
    'listening',
  );
  // The last line of a start, for the person who typed `npm start`.
  console.log(`Golfkortet is running: open ${config.publicUrl} in a browser.`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    stopHousekeeping();
    await app.close();
    await bus.close();
    mailer.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

void main();
