import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, requiredReference, serialKey, timestamptz, uuidKey } from './columns';
import { FEED_ITEM_KINDS } from '../../../shared/values';
import { isOneOf } from './checks';
import { round } from './rounds';
import { tournament } from './tournaments';

/**
 * The public feed (docs/contract.md section 10, decision 0602). Not organization data: one service-wide table
 * without a tenant policy, written by the operation that causes an item (inside its own transaction, a
 * tenancy transaction included) and read without an organization context. `payload` holds the contract's
 * fields other than id, kind and at, exactly as posted (names by name only); the columns beside it say what
 * the item came from, so that it can be withdrawn: `hidden_at` set, the row kept.
 */
/**
 * Why an item left the feed: a super administrator, a tournament made members-only, a round unshared, a score
 * corrected, the player's account deleted (its content is then emptied too: decision 0107).
 */
export const FEED_HIDDEN_REASONS = ['admin', 'members_only', 'unshared', 'corrected', 'account_deleted'] as const;
export type FeedHiddenReason = (typeof FEED_HIDDEN_REASONS)[number];

export const feedItem = pgTable(
  'feed_item',
  {
    id: uuidKey(),
    // The feed's order and paging (ids are random UUIDs).
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    kind: text('kind', { enum: FEED_ITEM_KINDS }).notNull(),
    at: timestamptz('at').notNull(),
    payload: jsonb('payload').notNull(),
    tournamentId: uuid('tournament_id').references(() => tournament.id, { onDelete: 'cascade' }),
    roundId: uuid('round_id').references(() => round.id, { onDelete: 'cascade' }),
    /** What caused the item ("tournament:<id>:opened", "round:<id>:shared", ...): at most one of each in the feed. */
    source: text('source').notNull(),
    hiddenAt: timestamptz('hidden_at'),
    hiddenReason: text('hidden_reason', { enum: FEED_HIDDEN_REASONS }),
  },
  (t) => [
    uniqueIndex('feed_item_visible_source_idx').on(t.source).where(sql`${t.hiddenAt} is null`),
    index('feed_item_tournament_idx').on(t.tournamentId),
    index('feed_item_round_idx').on(t.roundId),
    check('feed_item_kind_valid', isOneOf(t.kind, FEED_ITEM_KINDS)),
    check('feed_item_hidden_with_reason', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

export const FEED_EVENT_KINDS = ['item', 'hidden'] as const;
export type FeedEventKind = (typeof FEED_EVENT_KINDS)[number];

/**
 * The feed's change log for live delivery and resume (feed.onItem): one row when an item is posted, one
 * when it leaves the feed, written in the same transaction. It names the item only; what goes out is the
 * item as it stands when the event is read, so a withdrawn item's content is never sent again.
 */
export const feedEvent = pgTable(
  'feed_event',
  {
    id: serialKey(),
    itemId: requiredReference('item_id', () => feedItem.id, 'cascade'),
    kind: text('kind', { enum: FEED_EVENT_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('feed_event_kind_valid', isOneOf(t.kind, FEED_EVENT_KINDS))],
);
