import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  unique,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { TIE_BREAKS, TOURNAMENT_FORMATS, TOURNAMENT_STATUSES, TOURNAMENT_VISIBILITIES } from '../../../shared/values';
import { isOneOf } from './checks';
import {
  createdAt,
  frozenHandicaps,
  handicapIndexColumn,
  requiredReference,
  serialKey,
  timestamptz,
  updatedAt,
  uuidKey,
} from './columns';
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
    id: uuidKey(),
    organizationId: requiredReference('organization_id', () => organization.id, 'cascade'),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility', { enum: TOURNAMENT_VISIBILITIES }).notNull(),
    format: text('format', { enum: TOURNAMENT_FORMATS }).notNull(),
    allowancePercent: integer('allowance_percent').notNull(),
    /** Players an entry has: 1 in the individual formats, 2 or 4 in the team formats (decision 0426). */
    teamSize: integer('team_size').notNull().default(1),
    /** How a tie between complete rounds is decided (decision 0423); fixed from `in_progress` on, like the format. */
    tieBreak: text('tie_break', { enum: TIE_BREAKS }).notNull().default('countback'),
    maxHandicapIndex: handicapIndexColumn('max_handicap_index'),
    entryLimit: integer('entry_limit'),
    entriesCloseAt: timestamptz('entries_close_at'),
    courseId: requiredReference('course_id', () => course.id, 'restrict'),
    status: text('status', { enum: TOURNAMENT_STATUSES }).notNull().default('draft'),
    /** Set by the move to `in_progress`, which freezes the handicaps: from then on its course is as played. */
    startedAt: timestamptz('started_at'),
    /** Set once, when the start list is first mailed to the players (decision 0428); null: not published. */
    startListPublishedAt: timestamptz('start_list_published_at'),
    /** The tournament's and its club's names folded for search, as course search folds them. */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tournament_org_idx').on(t.organizationId, t.createdAt),
    index('tournament_public_idx').on(t.visibility, t.status, t.createdAt),
    check('tournament_allowance_range', sql`${t.allowancePercent} between 0 and 100`),
    check('tournament_team_size_range', sql`${t.teamSize} between 1 and 4`),
    check('tournament_tie_break_valid', isOneOf(t.tieBreak, TIE_BREAKS)),
    tenantPolicy('tournament', t.organizationId),
    publicTournamentPolicy(t.visibility, t.status),
    unique('tournament_id_organization').on(t.id, t.organizationId),
  ],
);

/** The columns a child row of a tournament starts with: its tournament, and that tournament's organization. */
function ofTournament() {
  return {
    tournamentId: requiredReference('tournament_id', () => tournament.id, 'cascade'),
    organizationId: uuid('organization_id').notNull(),
  };
}

/**
 * What keeps a child row of a tournament its organization's. The database refuses a row that names one
 * organization and another organization's tournament, whatever the application does; the tenant policy
 * binds it to the current organization; and the rows a public page shows (`public`) are also readable
 * under the public read policy.
 */
function tournamentChildRules(
  tableName: string,
  t: { tournamentId: AnyPgColumn; organizationId: AnyPgColumn },
  readers: 'public' | 'organization',
) {
  const sameOrganization = foreignKey({
    name: `${tableName}_tournament_organization_fk`,
    columns: [t.tournamentId, t.organizationId],
    foreignColumns: [tournament.id, tournament.organizationId],
  }).onDelete('cascade');
  const rules = [sameOrganization, tenantPolicy(tableName, t.organizationId)];
  return readers === 'public' ? [...rules, publicTournamentReadPolicy(tableName, t.tournamentId)] : rules;
}

export const tournamentRound = pgTable(
  'tournament_round',
  {
    ...ofTournament(),
    number: integer('number').notNull(),
    playedOn: date('played_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.number] }),
    check('tournament_round_number', sql`${t.number} between 1 and 4`),
    ...tournamentChildRules('tournament_round', t, 'public'),
  ],
);

export const tournamentDivision = pgTable(
  'tournament_division',
  {
    id: uuidKey(),
    ...ofTournament(),
    name: text('name').notNull(),
    teeId: requiredReference('tee_id', () => tee.id, 'restrict'),
    minHandicapIndex: handicapIndexColumn('min_handicap_index'),
    maxHandicapIndex: handicapIndexColumn('max_handicap_index'),
    position: integer('position').notNull(),
  },
  (t) => [
    index('tournament_division_tournament_idx').on(t.tournamentId, t.position),
    ...tournamentChildRules('tournament_division', t, 'public'),
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
    id: uuidKey(),
    ...ofTournament(),
    divisionId: requiredReference('division_id', () => tournamentDivision.id, 'restrict'),
    name: text('name').notNull(),
    isGuest: boolean('is_guest').notNull().default(false),
    ...frozenHandicaps(),
    /**
     * Null for an entry in the field; on the waiting list (decision 0427), the order it joined it in: the
     * tournament's next number, taken under its row lock. Its place is its rank among those waiting.
     */
    waitingNumber: integer('waiting_number'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tournament_entry_tournament_idx').on(t.tournamentId),
    unique('tournament_entry_waiting_once').on(t.tournamentId, t.waitingNumber),
    ...tournamentChildRules('tournament_entry', t, 'public'),
  ],
);

/** Which account an entry is: the organization's alone (no public read policy). */
export const tournamentEntryAccount = pgTable(
  'tournament_entry_account',
  {
    entryId: requiredReference('entry_id', () => tournamentEntry.id, 'cascade'),
    /** 0 for an individual entry; a team's player's place in the team (tournament_entry_player.ball). */
    ball: integer('ball').notNull().default(0),
    ...ofTournament(),
    userId: requiredReference('user_id', () => appUser.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.ball] }),
    unique('tournament_entry_account_once').on(t.tournamentId, t.userId),
    index('tournament_entry_account_user_idx').on(t.userId),
    ...tournamentChildRules('tournament_entry_account', t, 'organization'),
  ],
);

/**
 * A player of a team entry (decision 0426): the name a public page shows and the handicaps, frozen with the
 * entry's when play starts (a guest's index from the start). `ball` is the player's place in the team, 1..4;
 * in four-ball it names the player's own ball on the card. Which account a player is: the entry's account
 * row with the same ball.
 */
export const tournamentEntryPlayer = pgTable(
  'tournament_entry_player',
  {
    id: uuidKey(),
    ...ofTournament(),
    entryId: requiredReference('entry_id', () => tournamentEntry.id, 'cascade'),
    ball: integer('ball').notNull(),
    name: text('name').notNull(),
    isGuest: boolean('is_guest').notNull().default(false),
    ...frozenHandicaps(),
  },
  (t) => [
    unique('tournament_entry_player_ball').on(t.entryId, t.ball),
    index('tournament_entry_player_tournament_idx').on(t.tournamentId),
    check('tournament_entry_player_ball_range', sql`${t.ball} between 1 and 4`),
    ...tournamentChildRules('tournament_entry_player', t, 'public'),
  ],
);

export const tournamentGroup = pgTable(
  'tournament_group',
  {
    id: uuidKey(),
    ...ofTournament(),
    round: integer('round').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    tee: integer('tee').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('tournament_group_round_idx').on(t.tournamentId, t.round, t.position),
    check('tournament_group_tee', sql`${t.tee} in (1, 10)`),
    ...tournamentChildRules('tournament_group', t, 'public'),
  ],
);

/** An entry's place in a group; an entry is in at most one group per round. */
export const tournamentGroupEntry = pgTable(
  'tournament_group_entry',
  {
    groupId: requiredReference('group_id', () => tournamentGroup.id, 'cascade'),
    entryId: requiredReference('entry_id', () => tournamentEntry.id, 'cascade'),
    ...ofTournament(),
    round: integer('round').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.entryId] }),
    unique('tournament_group_entry_once_per_round').on(t.tournamentId, t.round, t.entryId),
    ...tournamentChildRules('tournament_group_entry', t, 'public'),
  ],
);

export const tournamentScore = pgTable(
  'tournament_score',
  {
    entryId: requiredReference('entry_id', () => tournamentEntry.id, 'cascade'),
    round: integer('round').notNull(),
    hole: integer('hole').notNull(),
    /** 0: the entry's one ball; in four-ball, the player's own ball (tournament_entry_player.ball). */
    ball: integer('ball').notNull().default(0),
    ...ofTournament(),
    strokes: integer('strokes').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.round, t.hole, t.ball] }),
    index('tournament_score_tournament_idx').on(t.tournamentId),
    check('tournament_score_strokes_range', sql`${t.strokes} between 1 and 20`),
    check('tournament_score_hole_range', sql`${t.hole} between 1 and 18`),
    ...tournamentChildRules('tournament_score', t, 'public'),
  ],
);

/** One entry's card for one round: the signatures (the organization's alone). */
export const tournamentCard = pgTable(
  'tournament_card',
  {
    entryId: requiredReference('entry_id', () => tournamentEntry.id, 'cascade'),
    round: integer('round').notNull(),
    ...ofTournament(),
    signedByPlayerAt: timestamptz('signed_by_player_at'),
    signedByMarkerAt: timestamptz('signed_by_marker_at'),
    /** The entry that signed as marker. */
    markerEntryId: uuid('marker_entry_id'),
    lockedAt: timestamptz('locked_at'),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.round] }), ...tournamentChildRules('tournament_card', t, 'organization')],
);

/** The live-update log of a tournament's leaderboard: subscribers resume from the last id they saw. */
export const tournamentEvent = pgTable(
  'tournament_event',
  {
    id: serialKey(),
    ...ofTournament(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tournament_event_tournament_idx').on(t.tournamentId, t.id),
    ...tournamentChildRules('tournament_event', t, 'public'),
  ],
);

/**
 * What each player was last told of their start in one round (decision 0428): the time and tee mailed and
 * pushed to them. A change to the start list after it is published tells only the players whose time or tee
 * now differs from this row. The organization's alone, like the accounts of entries.
 */
export const tournamentStartNotice = pgTable(
  'tournament_start_notice',
  {
    ...ofTournament(),
    round: integer('round').notNull(),
    userId: requiredReference('user_id', () => appUser.id, 'cascade'),
    startsAt: timestamptz('starts_at').notNull(),
    tee: integer('tee').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.round, t.userId] }),
    index('tournament_start_notice_user_idx').on(t.userId),
    ...tournamentChildRules('tournament_start_notice', t, 'organization'),
  ],
);
