import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { ApiErrorAlert, Card, EmptyState, Loading, Page } from '../../ui';
import { RoundList } from './RoundList';
import { playedTournaments } from '../tournaments/my-tournaments';
import { useLanguage } from '../../i18n';

export default function RoundsScreen() {
  const { t } = useLanguage();
  const rounds = trpc.rounds.mine.useQuery({ limit: 100 });
  const tournaments = trpc.tournaments.mine.useQuery();
  return (
    <Page
      title={t('rounds.title')}
      actions={
        <Link href={ROUTES.newRound} className="btn small">
          {t('rounds.newRound')}
        </Link>
      }
    >
      <Card>
        {rounds.isPending ? (
          <Loading text={t('rounds.loadingRounds')} />
        ) : rounds.error ? (
          <ApiErrorAlert error={rounds.error} />
        ) : rounds.data.rounds.length === 0 && playedTournaments(tournaments.data?.tournaments ?? []).length === 0 ? (
          <EmptyState
            title={t('rounds.noRounds')}
            action={
              <Link href={ROUTES.newRound} className="btn">
                {t('rounds.startRound')}
              </Link>
            }
          >
            <p>{t('rounds.noRoundsHint')}</p>
          </EmptyState>
        ) : (
          <RoundList rounds={rounds.data.rounds} tournaments={tournaments.data?.tournaments} />
        )}
      </Card>
    </Page>
  );
}
