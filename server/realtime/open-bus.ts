import type { Database } from '../db/client';
import type { Logger } from '../log';
import { createEventBus, type EventBus } from './bus';
import { createPostgresBus } from './postgres-bus';

/**
 * The bus for the database the service runs on. On PostgreSQL other server instances may share the
 * database, so events cross them over LISTEN/NOTIFY; the embedded database belongs to one process, whose
 * bus stays in-process.
 */
export async function openEventBus(options: {
  databaseUrl: string | undefined;
  db: Database;
  logger: Logger;
  now: () => Date;
}): Promise<EventBus> {
  const { databaseUrl } = options;
  return databaseUrl ? createPostgresBus({ ...options, databaseUrl }) : createEventBus();
}
