import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Bus messages too large for a NOTIFY payload (8,000 bytes): the message is stored here and the
 * notification carries its id (realtime/postgres-bus.ts). A row is read back within milliseconds by every
 * listening instance; housekeeping deletes it later. `created_at` is set from the service's clock.
 */
export const busPayload = pgTable('bus_payload', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
