import { isFourBallFormat, isOneBallFormat, isTeamFormat } from './formats';
import type { TournamentFormat, TournamentStatus } from './values';

/**
 * The tournaments' moves and limits (docs/contract.md section 9), without zod: the app imports these at run
 * time, and shared/schemas/tournaments.ts (the inputs) re-exports them for the server. The states, formats
 * and visibilities themselves are lists of shared/values.ts.
 */

/** The moves of docs/contract.md section 9; any other is 409 CONFLICT. */
export const TOURNAMENT_MOVES: Readonly<Record<TournamentStatus, readonly TournamentStatus[]>> = {
  draft: ['open', 'cancelled'],
  open: ['closed', 'cancelled'],
  closed: ['in_progress', 'cancelled'],
  in_progress: ['finished', 'cancelled'],
  finished: [],
  cancelled: [],
};

/** Before play: entries, start lists and the tournament's own fields can still change. */
export const STATUSES_BEFORE_PLAY: readonly TournamentStatus[] = ['draft', 'open', 'closed'];

/** A start list can go out (decision 0428) from when the field is known until the last round is played. */
export const START_LIST_PUBLISHABLE: readonly TournamentStatus[] = ['open', 'closed', 'in_progress'];

/** docs/contract.md section 12: how many players an entry has in each format (the individual ones: 1). */
export function teamSizesOf(format: TournamentFormat): readonly number[] {
  if (format === 'scramble') return [2, 4];
  return isTeamFormat(format) ? [2] : [1];
}

/**
 * docs/golf.md: allowance 100 % in gross play, 95 % in the individual net formats, 85 % of each player's
 * course handicap in four-ball, unless given. The one-ball formats have their own combination of the
 * players' course handicaps (foursomes 50 % of the sum, greensomes 60/40, scramble by the team's size), which
 * the allowance does not scale: it is 100 there and nothing else is accepted (decision 0426).
 */
export function defaultAllowancePercent(format: TournamentFormat): number {
  if (isFourBallFormat(format)) return 85;
  if (format === 'stroke_gross' || isOneBallFormat(format)) return 100;
  return 95;
}

export const TOURNAMENT_MAX_ROUNDS = 4;
export const TOURNAMENT_MAX_DIVISIONS = 10;
export const TOURNAMENT_MAX_ENTRY_LIMIT = 1000;
export const TOURNAMENT_NAME_MAX = 120;
export const TOURNAMENT_DESCRIPTION_MAX = 4000;
/** A group holds at most four players: four entries of one, two teams of two, or one team of four. */
export const GROUP_MAX_ENTRIES = 4;
export const GROUP_MAX_PLAYERS = 4;
export const GROUP_INTERVAL_MINUTES_MAX = 60;
export const PUBLIC_TOURNAMENTS_DEFAULT_LIMIT = 20;
export const PUBLIC_TOURNAMENTS_MAX_LIMIT = 100;
export const HOLES_PER_TOURNAMENT_ROUND = 18;
