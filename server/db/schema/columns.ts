import {
  bigserial,
  doublePrecision,
  integer,
  numeric,
  type ReferenceConfig,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The column shapes every domain's tables repeat, written once so that a table says what is particular
 * to it. Each helper builds exactly the column it replaced: the generated SQL (drizzle/) is unchanged.
 */

/** Every point in time the service stores is a timestamp with time zone. */
export function timestamptz<Name extends string>(name: Name) {
  return timestamp(name, { withTimezone: true });
}

/** The key of a row that others name: a random UUID, so ids say nothing about order or count. */
export function uuidKey() {
  return uuid('id').primaryKey().defaultRandom();
}

/** The key of a change log (events, counted hits, bus payloads): ordered, so a reader resumes after one. */
export function serialKey() {
  return bigserial('id', { mode: 'number' }).primaryKey();
}

export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow();
}

export function updatedAt() {
  return timestamptz('updated_at').notNull().defaultNow();
}

/**
 * A required reference to another table's row. `cascade` where the row belongs to the one it names (it goes
 * with it), `restrict` where it only uses it (a course or tee played on cannot go while in use).
 */
export function requiredReference<Name extends string>(
  name: Name,
  target: ReferenceConfig['ref'],
  onDelete: 'cascade' | 'restrict',
) {
  return uuid(name).notNull().references(target, { onDelete });
}

/** A handicap index: one decimal, from the plus handicaps to 54.0. */
export function handicapIndexColumn<Name extends string>(name: Name) {
  return numeric(name, { precision: 3, scale: 1, mode: 'number' });
}

/**
 * A player's handicaps for one round or tournament: null until frozen when play starts. The course handicap
 * is kept exactly as computed (a float8 keeps every bit of a JS number): rounding it to a few decimals could
 * move a value just under a half over it, and the CH the players saw would change at the first score.
 */
export function frozenHandicaps() {
  return {
    handicapIndex: handicapIndexColumn('handicap_index'),
    courseHandicap: doublePrecision('course_handicap'),
    playingHandicap: integer('playing_handicap'),
  };
}
