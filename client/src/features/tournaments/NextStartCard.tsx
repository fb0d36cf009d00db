import { osloClockTime } from '../../../../shared/format/oslo-clock';
import { Link } from 'wouter';
import type { MyTournamentView } from '../../../../shared/schemas/tournaments';
import { LOCALES } from '../../../../shared/language';
import { useLanguage } from '../../i18n';
import { ROUTES } from '../../routes';
import { Card } from '../../ui';
import { nextStart, startDayText } from './my-tournaments';

/**
 * The player's next tournament start on the home screen (decision 0421): the tournament, the day, time and
 * starting tee, who they play with, and the scorecard one tap away once the tournament is being played.
 * Nothing is shown when no start lies ahead.
 */
export function NextStartCard({ tournaments, now }: { tournaments: readonly MyTournamentView[]; now: Date }) {
  const { t, language } = useLanguage();
  const next = nextStart(tournaments, now);
  if (!next) return null;
  const { entry, round } = next;
  const tournament = entry.tournament;
  const day = startDayText(round, now, language);
  const roundName = entry.rounds.length > 1 ? ` · ${t('home.nextStart.round', { number: round.number })}` : '';
  const when =
    round.startsAt && round.tee
      ? t('home.nextStart.when', {
          day,
          time: osloClockTime(new Date(round.startsAt)),
          tee: round.tee,
        })
      : t('home.nextStart.noTime', { day });
  const cardHref = `${ROUTES.tournamentCard(tournament.organizationId, tournament.id)}?runde=${round.number}`;
  return (
    <Card title={t('home.nextStart.title')} className="next-start" data-testid="next-start">
      <p className="next-start-name">
        <strong>{tournament.name}</strong>
        <span className="small muted">
          {' '}
          · {tournament.organization.name}
          {roundName}
        </span>
      </p>
      <p className="next-start-when" data-testid="next-start-when">
        {when}
      </p>
      {round.startsAt ? (
        <p data-testid="next-start-partners">
          {round.partners.length > 0
            ? t('home.nextStart.with', { names: new Intl.ListFormat(LOCALES[language]).format(round.partners) })
            : t('home.nextStart.alone')}
        </p>
      ) : null}
      <div className="next-start-actions">
        {tournament.status === 'in_progress' ? (
          <Link href={cardHref} className="btn block">
            {t('home.nextStart.openCard')}
          </Link>
        ) : null}
        <Link
          href={ROUTES.tournament(tournament.organizationId, tournament.id)}
          className={tournament.status === 'in_progress' ? 'btn secondary block' : 'btn block'}
        >
          {t('home.nextStart.toTournament')}
        </Link>
      </div>
    </Card>
  );
}
