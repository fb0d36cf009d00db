import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, requiredReference, serialKey, timestamptz, updatedAt, uuidKey } from './columns';
import { CHAT_EVENT_KINDS } from '../../../shared/values';
import { isOneOf } from './checks';
import { organization, organizationMembership } from './organizations';
import { tenantPolicy } from './tenancy';
import { appUser } from './users';

/**
 * Team chat (docs/contract.md section 10): one conversation per organization, every table under the tenant
 * policy. A message outlives its author's account: the author's id becomes null and the name they had when
 * they last wrote stays (`author_name`). A deleted message is a tombstone: `deleted_at` set, its text gone
 * (decision 0600). `seq` orders the conversation (ids are random UUIDs); paging and unread counts use it.
 */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: uuidKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    organizationId: requiredReference('organization_id', () => organization.id, 'cascade'),
    authorUserId: uuid('author_user_id').references(() => appUser.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    text: text('text'),
    createdAt: createdAt(),
    editedAt: timestamptz('edited_at'),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('chat_message_org_seq_idx').on(t.organizationId, t.seq),
    // A tombstone keeps no text; a live message always has some.
    check('chat_message_text_unless_deleted', sql`(${t.deletedAt} is null) = (${t.text} is not null)`),
    tenantPolicy('chat_message', t.organizationId),
  ],
);

/**
 * The conversation's change log for live delivery and resume, as round_event is a round's: one row per
 * send, edit and delete, written in the change's transaction. It names the message only; what goes out is
 * the message as it stands when the event is read, so a deleted text is never sent again (decision 0600).
 */
export const chatEvent = pgTable(
  'chat_event',
  {
    id: serialKey(),
    organizationId: requiredReference('organization_id', () => organization.id, 'cascade'),
    messageId: requiredReference('message_id', () => chatMessage.id, 'cascade'),
    kind: text('kind', { enum: CHAT_EVENT_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_event_org_idx').on(t.organizationId, t.id),
    check('chat_event_kind_valid', isOneOf(t.kind, CHAT_EVENT_KINDS)),
    tenantPolicy('chat_event', t.organizationId),
  ],
);

/**
 * How far each member has read their organization's conversation (decision 0601). It belongs to the
 * membership: a member who leaves takes it with them. `last_read_seq` is the message's `seq`, so the
 * position only ever moves forward in one conditional write.
 */
export const chatReadState = pgTable(
  'chat_read_state',
  {
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id').notNull(),
    lastReadMessageId: requiredReference('last_read_message_id', () => chatMessage.id, 'cascade'),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    foreignKey({
      name: 'chat_read_state_membership_fk',
      columns: [t.organizationId, t.userId],
      foreignColumns: [organizationMembership.organizationId, organizationMembership.userId],
    }).onDelete('cascade'),
    tenantPolicy('chat_read_state', t.organizationId),
  ],
);
