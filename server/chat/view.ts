import { eq, sql } from 'drizzle-orm';
import type { ChatMessage } from '../../shared/schemas/chat';
import type { Queryable } from '../db/client';
import { appUser, chatMessage } from '../db/schema';

/**
 * A message's columns with its author's current name: a renamed member's messages show the new name; a
 * deleted author's show the name they had when they last wrote.
 */
export const messageColumns = {
  id: chatMessage.id,
  seq: chatMessage.seq,
  authorUserId: chatMessage.authorUserId,
  authorName: sql<string>`coalesce(${appUser.name}, ${chatMessage.authorName})`,
  text: chatMessage.text,
  createdAt: chatMessage.createdAt,
  editedAt: chatMessage.editedAt,
  deletedAt: chatMessage.deletedAt,
};

export type MessageRow = {
  id: string;
  seq: number;
  authorUserId: string | null;
  authorName: string;
  text: string | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
};

/** Messages with their authors; the caller adds the organization filter (in a tenancy transaction). */
export function selectMessages(db: Queryable) {
  return db.select(messageColumns).from(chatMessage).leftJoin(appUser, eq(appUser.id, chatMessage.authorUserId));
}

/**
 * A chat Message (docs/chat-and-feed.md, docs/contract.md section 10): a deleted one carries no text (nor when
 * it was edited).
 */
export function messageView(row: MessageRow): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    author: { userId: row.authorUserId, name: row.authorName },
    ...(deleted ? {} : { text: row.text! }),
    createdAt: row.createdAt.toISOString(),
    ...(!deleted && row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
    deleted,
  };
}
