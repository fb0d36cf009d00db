import { fork } from 'node:child_process';
import { createApp } from './app';
import { seedDemoCoursesIfEmpty } from './courses/seed';
import { seedDemoTournamentIfNone } from './tournaments/demo';
import { type Config, ConfigError, loadConfig } from './config';
import { embeddedDatabaseMissing, openDatabase, runMigrations } from './db/client';
import type { Deps } from './deps';
import { createLogger, readableConsole, type Logger } from './log';
import { describeStartError } from './start-errors';
import { createMailer } from './mail/mailer';
import { startHousekeeping } from './housekeeping';
import { openEventBus } from './realtime/open-bus';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Connections the kernel holds for us before they are accepted (it caps this at net.core.somaxconn). Node's
 * default of 511 is too few for the moment an instance dies and its thousands of sockets reconnect to this
 * one at once: the rest of their SYNs are dropped, and each phone retries after 1, 3, 7, 15, 31 s (the
 * Saturday bench's resumptions took exactly those times, decision 0703).
 */
const LISTEN_BACKLOG = 8192;

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
  const logger = createLogger(config.logLevel, config.nodeEnv === 'development' ? readableConsole() : undefined);
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
  if (!config.databaseUrl && embeddedDatabaseMissing(config.dataDir)) {
    logger.info({ dataDir: config.dataDir }, 'creating the embedded database');
    // The child has said what went wrong, in one line.
    if (!(await prepareInChildProcess(config.dataDir))) process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  // The embedded default is for trying the service: demo courses, and a demo tournament in progress on them.
  const demoCoursesSeeded = config.databaseUrl ? null : await seedDemoCoursesIfEmpty({ db: database.db, logger });

  if (config.nodeEnv === 'production' && config.push.keysFrom === 'dataDir') {
    logger.warn(
      { dataDir: config.dataDir },
      'VAPID keys generated into DATA_DIR/vapid-keys.json: several instances must share configured VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
    );
  }
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
    app.server.listen({ port: config.port, backlog: LISTEN_BACKLOG }, () => {
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
  console.log(`Hullvis is running: open ${config.publicUrl} in a browser.`);

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

/** Set in the child process that only creates and migrates the embedded database (the variable is its folder). */
const PREPARE_EMBEDDED_DATABASE = 'GOLF_PREPARE_EMBEDDED_DATABASE';

/**
 * Creating the embedded database runs PostgreSQL's initdb in PGlite beside a second PGlite, and leaves some
 * 460 MB of WebAssembly memory, buffers and heap behind in the process that did it (docs/performance.md,
 * "Memory"; decision 0016). A child process of this same entry creates and migrates it, and gives all of
 * that back when it exits; the server then opens the database as on any later start.
 */
function prepareInChildProcess(dataDir: string): Promise<boolean> {
  const child = fork(process.argv[1]!, process.argv.slice(2), {
    env: { ...process.env, [PREPARE_EMBEDDED_DATABASE]: dataDir },
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code === 0));
  });
}

async function prepareEmbeddedDatabase(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  await runMigrations(database);
  await database.close();
}

const preparing = process.env[PREPARE_EMBEDDED_DATABASE];
if (preparing) {
  prepareEmbeddedDatabase(preparing).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(describeStartError(error, loadConfig()));
      process.exit(1);
    },
  );
} else void main();
