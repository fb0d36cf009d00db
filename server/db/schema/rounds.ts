import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ROUND_FORMATS, ROUND_HOLES, ROUND_STATUSES } from '../../../shared/values';
import { createdAt, frozenHandicaps, requiredReference, serialKey, timestamptz, updatedAt, uuidKey } from './columns';
import { course, tee } from './courses';
import { appUser } from './users';

export const round = pgTable(
  'round',
  {
    id: uuidKey(),
    ownerUserId: requiredReference('owner_user_id', () => appUser.id, 'cascade'),
    courseId: requiredReference('course_id', () => course.id, 'restrict'),
    teeId: requiredReference('tee_id', () => tee.id, 'restrict'),
    playedOn: date('played_on', { mode: 'string' }).notNull(),
    format: text('format', { enum: ROUND_FORMATS }).notNull(),
    holes: text('holes', { enum: ROUND_HOLES }).notNull(),
    status: text('status', { enum: ROUND_STATUSES }).notNull().default('open'),
    /** Set by the first score; handicaps are frozen from then on. */
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [index('round_owner_idx').on(t.ownerUserId, t.createdAt)],
);

export const side = pgTable(
  'side',
  {
    id: uuidKey(),
    roundId: requiredReference('round_id', () => round.id, 'cascade'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('side_round_idx').on(t.roundId)],
);

/** An account (userId) or a guest (guestName). The handicap fields are frozen when the round starts. */
export const participant = pgTable(
  'participant',
  {
    id: uuidKey(),
    roundId: requiredReference('round_id', () => round.id, 'cascade'),
    sideId: requiredReference('side_id', () => side.id, 'cascade'),
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    guestName: text('guest_name'),
    ...frozenHandicaps(),
    createdAt: createdAt(),
  },
  (t) => [
    index('participant_round_idx').on(t.roundId),
    index('participant_user_idx').on(t.userId),
    check('participant_account_or_guest', sql`${t.userId} is not null or ${t.guestName} is not null`),
  ],
);

export const score = pgTable(
  'score',
  {
    participantId: requiredReference('participant_id', () => participant.id, 'cascade'),
    hole: integer('hole').notNull(),
    strokes: integer('strokes').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.participantId, t.hole] }),
    check('score_strokes_range', sql`${t.strokes} between 1 and 20`),
  ],
);

/** The live-update log: subscribers resume from the last id they saw (tRPC tracked events). */
export const roundEvent = pgTable(
  'round_event',
  {
    id: serialKey(),
    roundId: requiredReference('round_id', () => round.id, 'cascade'),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('round_event_round_idx').on(t.roundId, t.id)],
);
