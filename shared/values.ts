/**
 * The value lists of the service, each declared once (decision 0013): the database schema, the server's
 * zod schemas (shared/schemas/values.ts) and the app all take them from here. Without zod, so the app's
 * chunks can import a list or its labels without carrying zod.
 *
 * A list someone sees has labels in Norwegian bokmål (`nb`) and English (`en`), worded in the `values` area of
 * the catalogues (shared/i18n/<language>/values.ts, decision 0025): the tables here only point at them. A
 * list only the server knows (verification purposes, feed event kinds, why a feed item was hidden) stays
 * beside its table in server/db/schema, declared once there.
 */

import { FOUR_BALL_FORMATS, ONE_BALL_FORMATS, TEAM_FORMATS } from './formats';
import { values as en } from './i18n/en/values';
import { values as nb } from './i18n/nb/values';

export * from './formats';

export const LANGUAGES = ['nb', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The index a player plays off: the one they enter (their federation's), or the one their record calculates. */
export const PLAYS_WITH = ['entered', 'calculated'] as const;
export type PlaysWith = (typeof PLAYS_WITH)[number];

/** A label for every value, in every language: a value added to a list without its labels is a type error. */
export type Labels<V extends string> = { readonly [L in Language]: Readonly<Record<V, string>> };

/** A list's labels, in every language, from its section of the catalogues' `values` area. */
function labels<A extends keyof typeof nb>(area: A) {
  return { nb: nb[area], en: en[area] };
}

// ---- Accounts and organizations ----

/** docs/contract.md section 7: owner > admin > member. */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Labels<Role> = labels('role');

/** The roles that administer an organization (and must have two-factor authentication). */
export const ADMIN_ROLES = ['owner', 'admin'] as const satisfies readonly Role[];

export const TWO_FACTOR_METHODS = ['totp', 'email'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];
export const TWO_FACTOR_METHOD_LABELS: Labels<TwoFactorMethod> = labels('twoFactorMethod');

/** docs/access.md section 2: a session is full, waits for the second factor, or must enrol one first. */
export const SESSION_STAGES = ['full', 'pending_2fa', 'must_enroll_2fa'] as const;
export type SessionStage = (typeof SESSION_STAGES)[number];
export const SESSION_STAGE_LABELS: Labels<SessionStage> = labels('sessionStage');

// ---- Courses ----

export const COURSE_KINDS = ['official', 'personal'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];
export const COURSE_KIND_LABELS: Labels<CourseKind> = labels('courseKind');

export const TEE_GENDERS = ['male', 'female', 'unisex'] as const;
export type TeeGender = (typeof TEE_GENDERS)[number];
export const TEE_GENDER_LABELS: Labels<TeeGender> = labels('teeGender');

// ---- Rounds (docs/contract.md section 8) ----

export const ROUND_FORMATS = [
  'stroke',
  'stableford',
  'match',
  'fourball_stroke',
  'fourball_stableford',
  'foursomes',
  'greensomes',
  'scramble',
] as const;
export type RoundFormat = (typeof ROUND_FORMATS)[number];
export const ROUND_FORMAT_LABELS: Labels<RoundFormat> = labels('roundFormat');

// The team formats (shared/formats.ts) are formats of rounds and of tournaments alike.
TEAM_FORMATS satisfies readonly RoundFormat[];
TEAM_FORMATS satisfies readonly TournamentFormat[];

/** How a format's holes are won: what its standings compare (the one-ball formats are net stroke play). */
export type RoundScoring = 'stroke' | 'stableford' | 'match';
export const ROUND_SCORING: Readonly<Record<RoundFormat, RoundScoring>> = {
  stroke: 'stroke',
  stableford: 'stableford',
  match: 'match',
  fourball_stroke: 'stroke',
  fourball_stableford: 'stableford',
  foursomes: 'stroke',
  greensomes: 'stroke',
  scramble: 'stroke',
};

/**
 * The players a side may have, by format: the sizes GOLF.md has allowances for (four-ball: pairs, a lone
 * ball counting alone). Null: any number, as stroke play, Stableford and match play have always allowed.
 */
export const SIDE_SIZES: Readonly<Record<RoundFormat, readonly number[] | null>> = {
  stroke: null,
  stableford: null,
  match: null,
  fourball_stroke: [1, 2],
  fourball_stableford: [1, 2],
  foursomes: [2],
  greensomes: [2],
  scramble: [2, 4],
};

export const ROUND_HOLES = ['18', 'front9', 'back9'] as const;
export type RoundHoles = (typeof ROUND_HOLES)[number];
export const ROUND_HOLES_LABELS: Labels<RoundHoles> = labels('roundHoles');

export const ROUND_STATUSES = ['open', 'finished'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const ROUND_STATUS_LABELS: Labels<RoundStatus> = labels('roundStatus');

// ---- Tournaments (docs/contract.md section 9) ----

export const TOURNAMENT_FORMATS = [
  'stroke_gross',
  'stroke_net',
  'stableford',
  ...FOUR_BALL_FORMATS,
  ...ONE_BALL_FORMATS,
] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
export const TOURNAMENT_FORMAT_LABELS: Labels<TournamentFormat> = labels('tournamentFormat');

export const TOURNAMENT_VISIBILITIES = ['public', 'members'] as const;
export type TournamentVisibility = (typeof TOURNAMENT_VISIBILITIES)[number];
export const TOURNAMENT_VISIBILITY_LABELS: Labels<TournamentVisibility> = labels('tournamentVisibility');

export const TOURNAMENT_STATUSES = ['draft', 'open', 'closed', 'in_progress', 'finished', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
/** The states as the club sees them. */
export const TOURNAMENT_STATUS_LABELS: Labels<TournamentStatus> = labels('tournamentStatus');
/** The states as a visitor reads them on the public page: what they can do now ("Påmelding åpen"). */
export const TOURNAMENT_STATUS_PUBLIC_LABELS: Labels<TournamentStatus> = labels('tournamentStatusPublic');

/**
 * How a tie between complete rounds is decided (docs/golf.md, decision 0423): the matching of scorecards, the
 * lower playing handicap first and then the matching, or no split at all (a play-off decides).
 */
export const TIE_BREAKS = ['countback', 'lowest_handicap', 'shared'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];
export const TIE_BREAK_LABELS: Labels<TieBreak> = labels('tieBreak');

/**
 * A leaderboard row's `decidedBy`: the comparison that gave a tied row its position of its own, in the order
 * they are made. Worded where the leaderboard's texts are (the publicTournaments area: "avgjort på siste 9").
 */
export const TIE_DECIDERS = [
  'lowest_handicap',
  'last_round',
  'last_9',
  'last_6',
  'last_3',
  'last_1',
  'first_9_last_6',
  'first_9_last_3',
  'first_9_last_1',
] as const;
export type TieDecider = (typeof TIE_DECIDERS)[number];

// ---- The public feed and team chat (docs/contract.md section 10) ----

export const FEED_ITEM_KINDS = [
  'tournament_opened',
  'tournament_started',
  'tournament_finished',
  'highlight',
  'round_shared',
] as const;
export type FeedItemKind = (typeof FEED_ITEM_KINDS)[number];
export const FEED_ITEM_KIND_LABELS: Labels<FeedItemKind> = labels('feedItemKind');

/** A highlight's `label` in the feed: the score on a hole worth telling. */
export const HIGHLIGHT_KINDS = ['hole_in_one', 'albatross', 'eagle'] as const;
export type HighlightKind = (typeof HIGHLIGHT_KINDS)[number];
export const HIGHLIGHT_KIND_LABELS: Labels<HighlightKind> = labels('highlightKind');

/** What a feed item's totals count (its `unit`): gross strokes, or Stableford points. */
export const FEED_TOTAL_UNITS = ['strokes', 'points'] as const;
export type FeedTotalUnit = (typeof FEED_TOTAL_UNITS)[number];

/** What a chat event did to its message; the app receives it but never shows it as a word. */
export const CHAT_EVENT_KINDS = ['message', 'edit', 'delete'] as const;
export type ChatEventKind = (typeof CHAT_EVENT_KINDS)[number];

/** Every list with labels, for the tests that hold each one to having all its labels. */
export const LABELLED_LISTS = {
  role: { values: ROLES, labels: ROLE_LABELS },
  twoFactorMethod: { values: TWO_FACTOR_METHODS, labels: TWO_FACTOR_METHOD_LABELS },
  sessionStage: { values: SESSION_STAGES, labels: SESSION_STAGE_LABELS },
  courseKind: { values: COURSE_KINDS, labels: COURSE_KIND_LABELS },
  teeGender: { values: TEE_GENDERS, labels: TEE_GENDER_LABELS },
  roundFormat: { values: ROUND_FORMATS, labels: ROUND_FORMAT_LABELS },
  roundHoles: { values: ROUND_HOLES, labels: ROUND_HOLES_LABELS },
  roundStatus: { values: ROUND_STATUSES, labels: ROUND_STATUS_LABELS },
  tournamentFormat: { values: TOURNAMENT_FORMATS, labels: TOURNAMENT_FORMAT_LABELS },
  tournamentVisibility: { values: TOURNAMENT_VISIBILITIES, labels: TOURNAMENT_VISIBILITY_LABELS },
  tournamentStatus: { values: TOURNAMENT_STATUSES, labels: TOURNAMENT_STATUS_LABELS },
  tournamentStatusPublic: { values: TOURNAMENT_STATUSES, labels: TOURNAMENT_STATUS_PUBLIC_LABELS },
  tieBreak: { values: TIE_BREAKS, labels: TIE_BREAK_LABELS },
  feedItemKind: { values: FEED_ITEM_KINDS, labels: FEED_ITEM_KIND_LABELS },
  highlightKind: { values: HIGHLIGHT_KINDS, labels: HIGHLIGHT_KIND_LABELS },
} as const;
