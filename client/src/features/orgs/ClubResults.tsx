import { Link } from 'wouter';
import type { LeaderboardRowView, TournamentView } from '../../../../shared/schemas/tournaments';
import { formatDays } from '../../../../shared/format/dates';
import type { Language, TournamentFormat } from '../../../../shared/values';
import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Card } from '../../ui';
import { formatToPar } from '../public/format';
import { playsNet, ranksByPoints } from '../../../../shared/formats';

/** How many finished tournaments the club's page lists with their winners. */
export const CLUB_RESULTS_SHOWN = 3;

/**
 * The club's latest finished tournaments with each division's top three, as the notice board in the club
 * house has them; the way to the whole list on the tournament's page. Nothing when none has finished.
 */
export function ClubResults({ organizationId }: { organizationId: string }) {
  const { t } = useLanguage();
  const list = trpc.tournaments.list.useQuery({ organizationId });
  const finished = (list.data?.tournaments ?? []).filter((x) => x.status === 'finished').slice(0, CLUB_RESULTS_SHOWN);
  if (finished.length === 0) return null;
  return (
    <Card title={t('orgs.results.title')} data-testid="club-results">
      <ul className="list">
        {finished.map((tournament) => (
          <FinishedTournament key={tournament.id} tournament={tournament} />
        ))}
      </ul>
    </Card>
  );
}

function FinishedTournament({ tournament }: { tournament: TournamentView }) {
  const { t, language } = useLanguage();
  // The club's members read a members-only tournament's leaderboard too.
  const board = trpc.public.leaderboard.useQuery({ slug: tournament.slug });
  return (
    <li data-testid="club-result">
      <div>
        <Link href={ROUTES.tournament(tournament.organizationId, tournament.id)}>
          <strong>{tournament.name}</strong>
        </Link>
        <span className="small muted" style={{ display: 'block' }}>
          {formatDays(
            tournament.rounds.map((r) => r.playedOn),
            language,
          )}
        </span>
        {board.data?.divisions.map((division) => (
          <div key={division.id} className="small">
            {board.data.divisions.length > 1 ? <strong>{division.name}: </strong> : null}
            {division.rows.length === 0 || division.rows.every((r) => r.rounds.every((x) => x === 0))
              ? t('orgs.results.noScores')
              : division.rows
                  .slice(0, 3)
                  .map(
                    (row) =>
                      `${placeOf(row)} ${shownName(row.name, language)}${playersOf(row, language)} ${scoreOf(row, tournament.format, t)}`,
                  )
                  .join(' · ')}
          </div>
        ))}
      </div>
    </li>
  );
}

/** A team's players in brackets after its name, as a notice board lists a pair: " (Mona Medlem, Per Medlem)". */
function playersOf(row: LeaderboardRowView, language: Language): string {
  return row.players ? ` (${row.players.map((name) => shownName(name, language)).join(', ')})` : '';
}

/** "1." as a result list numbers a place, and "T2" as it marks a shared one. */
function placeOf(row: LeaderboardRowView): string {
  return row.position.startsWith('T') ? row.position : `${row.position}.`;
}

function scoreOf(row: LeaderboardRowView, format: TournamentFormat, t: ReturnType<typeof useLanguage>['t']): string {
  if (ranksByPoints(format)) return t('orgs.results.points', { count: row.points ?? 0 });
  const toPar = formatToPar(row.toPar);
  return playsNet(format)
    ? t('orgs.results.net', { strokes: row.strokes, toPar })
    : t('orgs.results.strokes', { strokes: row.strokes, toPar });
}
