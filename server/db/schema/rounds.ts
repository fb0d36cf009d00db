import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROUND_FORMATS, ROUND_HOLES, ROUND_STATUSES } from '../../../shared/values';
import { course, tee } from './courses';
import { appUser } from './users';

export const round = pgTable(
  'round',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'restrict' }),
    teeId: uuid('tee_id')
      .notNull()
      .references(() => tee.id, { onDelete: 'restrict' }),
    playedOn: date('played_on', { mode: 'string' }).notNull(),
    format: text('format', { enum: ROUND_FORMATS }).notNull(),
    holes: text('holes', { enum: ROUND_HOLES }).notNull(),
    status: text('status', { enum: ROUND_STATUSES }).notNull().default('open'),
    /** Set by the first score; handicaps are frozen from then on. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('round_owner_idx').on(t.ownerUserId, t.createdAt)],
);

export const side = pgTable(
  'side',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => round.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('side_round_idx').on(t.roundId)],
);

/** An account (userId) or a guest (guestName). The handicap fields are frozen when the round starts. */
export const participant = pgTable(
  'participant',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => round.id, { onDelete: 'cascade' }),
    sideId: uuid('side_id')
      .notNull()
      .references(() => side.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    guestName: text('guest_name'),
    handicapIndex: numeric('handicap_index', { precision: 3, scale: 1, mode: 'number' }),
    // Exactly as computed (a float8 keeps every bit of a JS number): rounding it to a few decimals could
    // move a value just under a half over it, and the CH the players saw would change at the first score.
    courseHandicap: doublePrecision('course_handicap'),
    playingHandicap: integer('playing_handicap'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participant.id, { onDelete: 'cascade' }),
    hole: integer('hole').notNull(),
    strokes: integer('strokes').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => round.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('round_event_round_idx').on(t.roundId, t.id)],
);
