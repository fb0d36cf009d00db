import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { TOURNAMENT_FORMATS, TOURNAMENT_STATUSES, TOURNAMENT_VISIBILITIES } from '../../../shared/values';
import { course, tee } from './courses';
import { organization } from './organizations';
import { publicTournamentPolicy, publicTournamentReadPolicy, tenantPolicy } from './tenancy';
import { appUser } from './users';

/**
 * Tournaments (docs/contract.md section 9). Every table carries `organization_id` and the tenant policy; the
 * tables a public page shows (tournament, round, division, entry, group, group member, score, event) also
 * carry the public read policy. Who an entry is (the account) and the card signatures are only the
 * organization's: the entry row holds the name a public page shows, `tournament_entry_account` the user id.
 */
export const tournament = pgTable(
  'tournament',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility', { enum: TOURNAMENT_VISIBILITIES }).notNull(),
    format: text('format', { enum: TOURNAMENT_FORMATS }).notNull(),
    allowancePercent: integer('allowance_percent').notNull(),
    maxHandicapIndex: numeric('max_handicap_index', { precision: 3, scale: 1, mode: 'number' }),
    entryLimit: integer('entry_limit'),
    entriesCloseAt: timestamp('entries_close_at', { withTimezone: true }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'restrict' }),
    status: text('status', { enum: TOURNAMENT_STATUSES }).notNull().default('draft'),
    /** Set by the move to `in_progress`, which freezes the handicaps: from then on its course is as played. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The tournament's and its club's names folded for search, as course search folds them. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tournament_org_idx').on(t.organizationId, t.createdAt),
    index('tournament_public_idx').on(t.visibility, t.status, t.createdAt),
    check('tournament_allowance_range', sql`${t.allowancePercent} between 0 and 100`),
    tenantPolicy('tournament', t.organizationId),
    publicTournamentPolicy(t.visibility, t.status),
    unique('tournament_id_organization').on(t.id, t.organizationId),
  ],
);

/**
 * A child row's organization is its tournament's: the database refuses a row that names one organization
 * and another organization's tournament, whatever the application does.
 */
function sameOrganizationAsTournament(tableName: string, tournamentId: AnyPgColumn, organizationId: AnyPgColumn) {
  return foreignKey({
    name: `${tableName}_tournament_organization_fk`,
    columns: [tournamentId, organizationId],
    foreignColumns: [tournament.id, tournament.organizationId],
  }).onDelete('cascade');
}

export const tournamentRound = pgTable(
  'tournament_round',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournament.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    number: integer('number').notNull(),
    playedOn: date('played_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.number] }),
    check('tournament_round_number', sql`${t.number} between 1 and 4`),
    sameOrganizationAsTournament('tournament_round', t.tournamentId, t.organizationId),
    tenantPolicy('tournament_round', t.organizationId),
    publicTournamentReadPolicy('tournament_round', t.tournamentId),
  ],
);

export const tournamentDivision = pgTable(
  'tournament_division',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournament.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    name: text('name').notNull(),
    teeId: uuid('tee_id')
      .notNull()
      .references(() => tee.id, { onDelete: 'restrict' }),
    minHandicapIndex: numeric('min_handicap_index', { precision: 3, scale: 1, mode: 'number' }),
    maxHandicapIndex: numeric('max_handicap_index', { precision: 3, scale: 1, mode: 'number' }),
    position: integer('position').notNull(),
  },
  (t) => [
    index('tournament_division_tournament_idx').on(t.tournamentId, t.position),
    sameOrganizationAsTournament('tournament_division', t.tournamentId, t.organizationId),
    tenantPolicy('tournament_division', t.organizationId),
    publicTournamentReadPolicy('tournament_division', t.tournamentId),
  ],
);

/**
 * One player in one tournament: a member (the account in tournament_entry_account) or a guest. The
 * handicaps are null until frozen when the tournament moves to `in_progress`; until then a member's come
 * from their current index. `handicap_index` is set from the start for a guest.
 */
export const tournamentEntry = pgTable(
  'tournament_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournament.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    divisionId: uuid('division_id')
      .notNull()
      .references(() => tournamentDivision.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    isGuest: boolean('is_guest').notNull().default(false),
    handicapIndex: numeric('handicap_index', { precision: 3, scale: 1, mode: 'number' }),
    courseHandicap: doublePrecision('course_handicap'),
    playingHandicap: integer('playing_handicap'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tournament_entry_tournament_idx').on(t.tournamentId),
    sameOrganizationAsTournament('tournament_entry', t.tournamentId, t.organizationId),
    tenantPolicy('tournament_entry', t.organizationId),
    publicTournamentReadPolicy('tournament_entry', t.tournamentId),
  ],
);

/** Which account an entry is: the organization's alone (no public read policy). */
export const tournamentEntryAccount = pgTable(
  'tournament_entry_account',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => tournamentEntry.id, { onDelete: 'cascade' }),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournament.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('tournament_entry_account_once').on(t.tournamentId, t.userId),
    index('tournament_entry_account_user_idx').on(t.userId),
    sameOrganizationAsTournament('tournament_entry_account', t.tournamentId, t.organizationId),
    tenantPolicy('tournament_entry_account', t.organizationId),
  ],
);

export const tournamentGroup = pgTable(
  'tournament_group',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournament.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    round: integer('round').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    tee: integer('tee').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('tournament_group_round_idx').on(t.tournamentId, t.round, t.position),
    check('tournament_group_tee', sql`${t.tee} in (1, 10)`),
    sameOrganizationAsTournament('tournament_group', t.tournamentId, t.organizationId),
    tenantPolicy('tournament_group', t.organizationId),
    publicTournamentReadPolicy('tournament_group', t.tournamentId),
  ],
);

/** An entry's place in a group; an entry is in at most one group per round. */
export const tournamentGroupEntry = pgTable(
  'tournament_group_entry',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => tournamentGroup.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => tournamentEntry.id, { onDelete: 'cascade' }),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournament.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    round: integer('round').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.entryId] }),
    unique('tournament_group_entry_once_per_round').on(t.tournamentId, t.round, t.entryId),
    sameOrganizationAsTournament('tournament_group_entry', t.tournamentId, t.organizationId),
    tenantPolicy('tournament_group_entry', t.organizationId),
    publicTournamentReadPolicy('tournament_group_entry', t.tournamentId),
  ],
);

export const tournamentScore = pgTable(
  'tournament_score',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => tournamentEntry.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    hole: integer('hole').notNull(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournament.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    strokes: integer('strokes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.round, t.hole] }),
    index('tournament_score_tournament_idx').on(t.tournamentId),
    check('tournament_score_strokes_range', sql`${t.strokes} between 1 and 20`),
    check('tournament_score_hole_range', sql`${t.hole} between 1 and 18`),
    sameOrganizationAsTournament('tournament_score', t.tournamentId, t.organizationId),
    tenantPolicy('tournament_score', t.organizationId),
    publicTournamentReadPolicy('tournament_score', t.tournamentId),
  ],
);

/** One entry's card for one round: the signatures (the organization's alone). */
export const tournamentCard = pgTable(
  'tournament_card',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => tournamentEntry.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournament.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    signedByPlayerAt: timestamp('signed_by_player_at', { withTimezone: true }),
    signedByMarkerAt: timestamp('signed_by_marker_at', { withTimezone: true }),
    /** The entry that signed as marker. */
    markerEntryId: uuid('marker_entry_id'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.round] }),
    sameOrganizationAsTournament('tournament_card', t.tournamentId, t.organizationId),
    tenantPolicy('tournament_card', t.organizationId),
  ],
);

/** The live-update log of a tournament's leaderboard: subscribers resume from the last id they saw. */
export const tournamentEvent = pgTable(
  'tournament_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournament.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tournament_event_tournament_idx').on(t.tournamentId, t.id),
    sameOrganizationAsTournament('tournament_event', t.tournamentId, t.organizationId),
    tenantPolicy('tournament_event', t.organizationId),
    publicTournamentReadPolicy('tournament_event', t.tournamentId),
  ],
);
