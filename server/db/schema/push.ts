import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredReference, uuidKey } from './columns';
import { appUser } from './users';

/**
 * A browser's Web Push subscription (decision 0429): where the push service takes messages for one installed
 * app, and the keys to encrypt them with (RFC 8291). An endpoint belongs to one account at a time: the same
 * browser subscribed by the next person to sign in on it moves to them. Dropped when the push service answers
 * 404 or 410, when the browser unsubscribes, and with the account.
 */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: uuidKey(),
    userId: requiredReference('user_id', () => appUser.id, 'cascade'),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscription_user_idx').on(t.userId)],
);
