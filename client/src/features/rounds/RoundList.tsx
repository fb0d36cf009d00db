import type { RoundSummary } from '../../../../shared/schemas/rounds';
import type { MyTournamentView } from '../../../../shared/schemas/tournaments';
import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { courseTitle } from '../courses/format';
import { formatDate } from './format';
import { roundResultText } from '../scorecard/scorecard';
import { ROUND_FORMAT_LABELS, ROUND_STATUS_LABELS } from '../../../../shared/values';
import { useLanguage } from '../../i18n';
import { MyTournamentItem } from '../tournaments/MyTournamentItem';
import { playedTournaments, tournamentDay } from '../tournaments/my-tournaments';

type Listed = { day: string; round: RoundSummary } | { day: string; tournament: MyTournamentView };

/**
 * Rounds newest first, each with its course, date, format and the caller's own result (decision 0508), and
 * among them the tournaments the caller is playing or played, with their place (decision 0421). `limit`
 * keeps the newest of both together.
 */
export function RoundList({
  rounds,
  tournaments = [],
  limit,
}: {
  rounds: RoundSummary[];
  tournaments?: readonly MyTournamentView[];
  limit?: number;
}) {
  const { t } = useLanguage();
  const listed: Listed[] = [
    ...rounds.map((round) => ({ day: round.playedOn, round })),
    ...playedTournaments(tournaments).map((tournament) => ({ day: tournamentDay(tournament), tournament })),
  ];
  // Stable: rounds of one day keep the server's order, and a day's tournament comes first.
  listed.sort((a, b) =>
    a.day === b.day ? ('tournament' in b ? 1 : 0) - ('tournament' in a ? 1 : 0) : a.day < b.day ? 1 : -1,
  );
  return (
    <ul className="list" aria-label={t('rounds.list')}>
      {listed
        .slice(0, limit)
        .map((item) =>
          'round' in item ? (
            <RoundItem key={item.round.id} round={item.round} />
          ) : (
            <MyTournamentItem key={item.tournament.entryId} entry={item.tournament} />
          ),
        )}
    </ul>
  );
}

function RoundItem({ round: r }: { round: RoundSummary }) {
  const { t, language } = useLanguage();
  const result = roundResultText(r.format, r.result, language);
  return (
    <li>
      <Link href={ROUTES.round(r.id)} className="item">
        <span>
          <strong>{courseTitle(r.course)}</strong>
          <span className="small muted" style={{ display: 'block' }}>
            {formatDate(r.playedOn, language)} · {ROUND_FORMAT_LABELS[language][r.format]} ·{' '}
            {t('rounds.players', { count: r.participantCount })}
          </span>
          {result ? (
            <span className="small" style={{ display: 'block', fontWeight: 600 }} data-testid="round-result">
              {result}
            </span>
          ) : null}
        </span>
        <span className={r.status === 'open' ? 'badge' : 'badge gray'} style={{ whiteSpace: 'nowrap' }}>
          {ROUND_STATUS_LABELS[language][r.status]}
        </span>
      </Link>
    </li>
  );
}
