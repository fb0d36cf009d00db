import { eq } from 'drizzle-orm';
import { tournamentEntry } from '../db/schema';
import { computeLeaderboard, type LeaderboardDivision, type LeaderboardInput } from '../golf/leaderboard';
import type { OrgScope } from '../organizations/scope';
import { assertStatus, requireTournamentRow } from './access';
import { loadLeaderboardInput } from './leaderboard-input';
import { teamRecords } from './team-view';
import { ranksByPoints } from '../../shared/formats';
import { isTeamFormat } from '../../shared/values';
import type { Deps } from '../deps';

/**
 * results.csv (docs/contract.md section 9) as a Norwegian Excel opens it right: a UTF-8 BOM (else æøå come out
 * garbled), `;` between fields and a decimal comma (the Norwegian list separator and decimal mark), CRLF
 * line ends (RFC 4180). Positions and totals are the leaderboard's own (computeLeaderboard), so the file
 * and the public page never disagree. Decisions (0411):
 * - one line per entry, division by division in their order, each in leaderboard order;
 * - a plus handicap is written as Norwegian clubs write it: index "+1,2", playing handicap "+1";
 * - each round's column holds that round's strokes (points in Stableford), empty for a round the entry
 *   has not started; the total is the leaderboard's `strokes` (gross or net by the format), or its
 *   `points` in Stableford, empty for an entry without a score;
 * - a team format (decision 0426) adds a column `Spillere` after the team's name, the players' names joined
 *   by " / "; the index column holds the players' indexes the same way, and the playing handicap the
 *   team's in the one-ball formats, the players' own in four-ball;
 * - text a player typed (name, division) that starts with =, +, -, @, a tab or a carriage return gets a
 *   leading apostrophe, so a spreadsheet shows it instead of running it as a formula; a field holding
 *   `;`, `"` or a line break is quoted with its quotes doubled (RFC 4180).
 */

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

export interface ResultsCsvEntry {
  handicapIndex: number | null;
  playingHandicap: number | null;
  /** A team's players, in their order on the team. */
  players?: { name: string; handicapIndex: number; playingHandicap: number | null }[];
}

/** The file's text (BOM first) from the leaderboard's input and result and each entry's handicaps. */
export function formatResultsCsv(
  input: Pick<LeaderboardInput, 'format' | 'roundCount' | 'entries'>,
  divisions: readonly LeaderboardDivision[],
  handicaps: ReadonlyMap<string, ResultsCsvEntry>,
): string {
  const roundNumbers = Array.from({ length: input.roundCount }, (_, i) => i + 1);
  const teams = isTeamFormat(input.format);
  const header = [
    'Plassering',
    'Navn',
    ...(teams ? ['Spillere'] : []),
    'Klasse',
    'Handicapindeks',
    'Spillehandicap',
    ...roundNumbers.map((n) => `Runde ${n}`),
    'Totalt',
  ];
  const played = new Map(input.entries.map((e) => [e.entryId, e.scores.map((round) => round.some((s) => s !== null))]));
  const lines = [header.map(field)];
  for (const division of divisions) {
    for (const row of division.rows) {
      const startedRounds = played.get(row.entryId) ?? [];
      const hcp = handicaps.get(row.entryId);
      const total = ranksByPoints(input.format) ? row.points : row.strokes;
      const players = hcp?.players ?? [];
      const own = players.every((p) => p.playingHandicap !== null) && players.length > 0;
      lines.push([
        field(row.position),
        field(text(row.name)),
        ...(teams ? [field(text(players.map((p) => p.name).join(' / ')))] : []),
        field(text(division.name)),
        field(
          teams
            ? players.map((p) => signed(p.handicapIndex, 1)).join(' / ')
            : hcp?.handicapIndex == null
              ? ''
              : signed(hcp.handicapIndex, 1),
        ),
        field(
          own
            ? players.map((p) => signed(p.playingHandicap!, 0)).join(' / ')
            : hcp?.playingHandicap == null
              ? ''
              : signed(hcp.playingHandicap, 0),
        ),
        ...roundNumbers.map((n) => field(startedRounds[n - 1] ? String(row.rounds[n - 1] ?? '') : '')),
        field(startedRounds.some(Boolean) && total !== undefined ? String(total) : ''),
      ]);
    }
  }
  return CSV_BOM + lines.map((l) => l.join(SEPARATOR) + LINE_END).join('');
}

/** A handicap with a decimal comma; a plus handicap (stored negative) written with its "+". */
export function signed(value: number, decimals: number): string {
  const digits = Math.abs(value).toFixed(decimals).replace('.', ',');
  return value < 0 ? `+${digits}` : digits;
}

/** Typed text that a spreadsheet would read as a formula gets a leading apostrophe. */
export function text(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting, with `;` as the separator. */
export function field(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The file name a browser saves it under: `resultater-<slug>.csv`, the slug kept to a–z, 0–9 and '-'. */
export function resultsFileName(slug: string): string {
  const safe =
    slug
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'turnering';
  return `resultater-${safe}.csv`;
}

/** tournaments.resultsCsv: owners and admins (the builder checks), from `in_progress` on. */
export async function tournamentResultsCsv(
  _deps: Deps,
  scope: OrgScope,
  input: { tournamentId: string },
): Promise<{ csv: string; filename: string }> {
  const t = await requireTournamentRow(scope, input.tournamentId);
  assertStatus(t, ['in_progress', 'finished'], 'errors.tournaments.resultsNotYet');
  const leaderboardInput = await loadLeaderboardInput(scope.tx, t);
  const entries = await scope.tx
    .select({
      id: tournamentEntry.id,
      handicapIndex: tournamentEntry.handicapIndex,
      playingHandicap: tournamentEntry.playingHandicap,
    })
    .from(tournamentEntry)
    .where(eq(tournamentEntry.tournamentId, t.id));
  const handicaps = new Map<string, ResultsCsvEntry>(entries.map((e) => [e.id, e]));
  if (t.teamSize > 1) {
    for (const team of await teamRecords(scope.tx, t))
      handicaps.set(team.id, { handicapIndex: null, playingHandicap: team.playingHandicap, players: team.players });
  }
  return {
    csv: formatResultsCsv(leaderboardInput, computeLeaderboard(leaderboardInput), handicaps),
    filename: resultsFileName(t.slug),
  };
}
