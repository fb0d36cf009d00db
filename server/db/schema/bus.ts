import { pgTable, text } from 'drizzle-orm/pg-core';
import { serialKey, timestamptz } from './columns';

/**
 * Bus messages too large for a NOTIFY payload (8,000 bytes): the message is stored here and the
 * notification carries its id (realtime/postgres-bus.ts). A row is read back within milliseconds by every
 * listening instance; housekeeping deletes it later. `created_at` is set from the service's clock.
 */
export const busPayload = pgTable('bus_payload', {
  id: serialKey(),
  message: text('message').notNull(),
  createdAt: timestamptz('created_at').notNull(),
});
