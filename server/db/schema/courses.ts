import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredReference, timestamptz, updatedAt, uuidKey } from './columns';
import { COURSE_KINDS, TEE_GENDERS } from '../../../shared/values';
import { appUser } from './users';

/** An official club (imported or demo data). `searchName` is the name folded for search (no accents, lower). */
export const club = pgTable(
  'club',
  {
    id: uuidKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    city: text('city'),
    country: text('country').notNull().default('NO'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [index('club_search_name_idx').on(t.searchName)],
);

/**
 * Official courses belong to a club; personal ones to their owner (none once a deleted owner's course is
 * kept for others' rounds), and `shared` ones are found worldwide. A course with `retiredAt` is a played
 * version: the course as it was when an edit, a new import or a deletion came after play had begun, kept
 * for the rounds and tournaments that were playing it (server/courses/versions.ts). Nobody finds or
 * chooses a played version; only those rounds and tournaments name it.
 */
export const course = pgTable(
  'course',
  {
    id: uuidKey(),
    kind: text('kind', { enum: COURSE_KINDS }).notNull(),
    clubId: uuid('club_id').references(() => club.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    searchText: text('search_text').notNull(),
    country: text('country').notNull(),
    city: text('city'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    retiredAt: timestamptz('retired_at'),
  },
  (t) => [
    index('course_club_idx').on(t.clubId),
    index('course_owner_idx').on(t.ownerUserId),
    // A personal course outlives its owner when other players' rounds or tournaments were played on it
    // (decision 0107): it stays, ownerless and unshared, so those rounds keep their course.
    check('course_kind_owner', sql`(${t.kind} = 'official' and ${t.clubId} is not null) or ${t.kind} = 'personal'`),
  ],
);

export const courseHole = pgTable(
  'course_hole',
  {
    courseId: requiredReference('course_id', () => course.id, 'cascade'),
    number: integer('number').notNull(),
    par: integer('par').notNull(),
    strokeIndex: integer('stroke_index').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.number] })],
);

/**
 * Rating and slope never leave the server (docs/access.md section 2): only server/courses maps a tee to the
 * simplified form that clients see. Nine-hole ratings are optional; when missing they are derived.
 */
export const tee = pgTable(
  'tee',
  {
    id: uuidKey(),
    courseId: requiredReference('course_id', () => course.id, 'cascade'),
    name: text('name').notNull(),
    color: text('color'),
    gender: text('gender', { enum: TEE_GENDERS }),
    par: integer('par').notNull(),
    courseRating: numeric('course_rating', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    slope: integer('slope').notNull(),
    front9Rating: numeric('front9_rating', { precision: 4, scale: 1, mode: 'number' }),
    front9Slope: integer('front9_slope'),
    back9Rating: numeric('back9_rating', { precision: 4, scale: 1, mode: 'number' }),
    back9Slope: integer('back9_slope'),
    /** Metres per hole, in hole order. */
    lengths: integer('lengths').array(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('tee_course_idx').on(t.courseId)],
);
