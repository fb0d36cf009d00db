import { Link } from 'wouter';
import type { MyTournamentView } from '../../../../shared/schemas/tournaments';
import { useLanguage } from '../../i18n';
import { ROUTES } from '../../routes';
import { formatDays } from '../../../../shared/format/dates';
import { STATUS_BADGE, STATUS_NAME, FORMAT_NAME } from './tournament';
import { tournamentResultText } from './my-tournaments';

/**
 * A tournament the player played, as one line among their rounds: the tournament, club, days and format,
 * the place and score, and the way to the scorecard while it is played or to the tournament after.
 */
export function MyTournamentItem({ entry }: { entry: MyTournamentView }) {
  const { language } = useLanguage();
  const { tournament } = entry;
  const href =
    tournament.status === 'in_progress'
      ? ROUTES.tournamentCard(tournament.organizationId, tournament.id)
      : ROUTES.tournament(tournament.organizationId, tournament.id);
  const result = tournamentResultText(entry, language);
  return (
    <li data-testid="my-tournament">
      <Link href={href} className="item">
        <span>
          <strong>{tournament.name}</strong>
          <span className="small muted" style={{ display: 'block' }}>
            {tournament.organization.name} ·{' '}
            {formatDays(
              entry.rounds.map((r) => r.playedOn),
              language,
            )}{' '}
            · {FORMAT_NAME[language][tournament.format]}
          </span>
          {result ? (
            <span className="small" style={{ display: 'block', fontWeight: 600 }} data-testid="my-tournament-result">
              {result}
            </span>
          ) : null}
        </span>
        <span className={STATUS_BADGE[tournament.status]} style={{ whiteSpace: 'nowrap' }}>
          {STATUS_NAME[language][tournament.status]}
        </span>
      </Link>
    </li>
  );
}
