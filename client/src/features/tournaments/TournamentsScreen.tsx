import { Link, useParams } from 'wouter';
import { formatDays } from '../../../../shared/format/dates';
import { useLanguage } from '../../i18n';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Card, EmptyState, ErrorPage, Loading, Page } from '../../ui';
import { isAdminRole } from '../orgs/roles';
import { FORMAT_NAME, STATUS_BADGE, STATUS_NAME } from './tournament';

/** The club's tournaments: every member sees them, newest first; owners and admins create one. */
export default function TournamentsScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const { t, language } = useLanguage();
  const org = trpc.orgs.get.useQuery({ organizationId: id });
  const list = trpc.tournaments.list.useQuery({ organizationId: id });
  const error = org.error ?? list.error;
  if (error) {
    return (
      <ErrorPage title={t('tournaments.list.title')} error={error}>
        <Link href={ROUTES.orgs}>{t('tournaments.list.backToClubs')}</Link>
      </ErrorPage>
    );
  }
  if (!org.data || !list.data) return <Loading text={t('tournaments.list.loading')} />;
  const admin = isAdminRole(org.data.role);
  const tournaments = list.data.tournaments;
  return (
    <Page title={t('tournaments.list.titleOf', { name: org.data.name })}>
      <p className="muted">
        <Link href={ROUTES.org(id)}>{t('tournaments.list.backToClub')}</Link>
      </p>
      {admin ? (
        <p>
          <Link href={ROUTES.newTournament(id)} className="btn">
            {t('tournaments.list.new')}
          </Link>
        </p>
      ) : null}
      {tournaments.length === 0 ? (
        <EmptyState title={t('tournaments.list.empty')}>
          <p>{admin ? t('tournaments.list.emptyAdmin') : t('tournaments.list.emptyMember')}</p>
        </EmptyState>
      ) : (
        <Card>
          <ul className="result-list" aria-label={t('tournaments.list.title')}>
            {tournaments
              .filter((tournament) => admin || tournament.status !== 'draft')
              .map((tournament) => {
                const { entryCount: count, entryLimit: limit } = tournament;
                return (
                  <li key={tournament.id} data-testid="tournament">
                    <Link href={ROUTES.tournament(id, tournament.id)}>
                      <strong>{tournament.name}</strong>{' '}
                      <span className={STATUS_BADGE[tournament.status]}>
                        {STATUS_NAME[language][tournament.status]}
                      </span>
                      <span className="small muted" style={{ display: 'block' }}>
                        {[
                          formatDays(
                            tournament.rounds.map((r) => r.playedOn),
                            language,
                          ),
                          FORMAT_NAME[language][tournament.format],
                          limit
                            ? t('tournaments.list.enteredOf', { count, limit })
                            : t('tournaments.list.entered', { count }),
                        ].join(' · ')}
                      </span>
                    </Link>
                  </li>
                );
              })}
          </ul>
        </Card>
      )}
    </Page>
  );
}
