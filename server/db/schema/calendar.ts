import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { appUser } from './users';

/**
 * A player's secret calendar address (decision 0430). The address's token is never stored: it is derived
 * from `seed` with a key from SESSION_SECRET, so the same address is given on every read, and a request is
 * found by the SHA-256 of its token. Renewing draws a new seed, and the old address stops answering.
 */
export const calendarFeed = pgTable('calendar_feed', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  seed: text('seed').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});
