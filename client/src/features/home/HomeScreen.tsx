import { Link } from 'wouter';
import { formatHandicapIndex } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { trpc } from '../../trpc';
import { Alert, Card, EmptyState, Loading, Page } from '../../ui';
import { WhenLoaded } from '../../ui/WhenLoaded';
import { useLanguage } from '../../i18n';
import { ProfileForm } from '../account/ProfileForm';
import { HomeFeed } from '../feed/HomeFeed';
import { RoundList } from '../rounds/RoundList';
import { playedTournaments } from '../tournaments/my-tournaments';
import { NextStartCard } from '../tournaments/NextStartCard';
import { ClubList } from '../orgs/ClubList';

export default function HomeScreen() {
  const session = useSession();
  const { t, language } = useLanguage();
  const orgs = trpc.orgs.mine.useQuery();
  const rounds = trpc.rounds.mine.useQuery({ limit: 5 });
  const tournaments = trpc.tournaments.mine.useQuery();
  if (session.status !== 'full') return <Loading />;
  const user = session.user;
  // A new account has no name yet: it is asked for here, rather than greeting the user by address.
  return (
    <Page title={user.name ? t('home.greeting', { name: user.name }) : t('home.welcome')}>
      <p className="muted" data-testid="session-state">
        {t('home.signedInAs', { who: user.name ?? user.email })}
        {user.name ? ` · ${t('home.handicapIndex', { index: formatHandicapIndex(user.handicapIndex, language) })}` : ''}
      </p>
      {user.name ? null : (
        <Card title={t('home.nameTitle')}>
          <ProfileForm user={user} submitLabel={t('home.nameSave')} nameRequired>
            <p className="small muted">{t('home.nameExplained')}</p>
          </ProfileForm>
        </Card>
      )}
      {tournaments.data ? <NextStartCard tournaments={tournaments.data.tournaments} now={new Date()} /> : null}
      <Link href={ROUTES.newRound} className="btn block" style={{ marginBottom: '1rem' }}>
        {t('home.newRound')}
      </Link>
      <Card title={t('home.latestRounds')} action={<Link href={ROUTES.rounds}>{t('home.all')}</Link>}>
        <WhenLoaded
          query={rounds}
          loading={t('home.loadingRounds')}
          isEmpty={(data) =>
            data.rounds.length === 0 && playedTournaments(tournaments.data?.tournaments ?? []).length === 0
          }
          empty={
            <EmptyState title={t('home.noRounds')}>
              <p>{t('home.noRoundsHint')}</p>
            </EmptyState>
          }
        >
          {(data) => <RoundList rounds={data.rounds} tournaments={tournaments.data?.tournaments} limit={5} />}
        </WhenLoaded>
      </Card>
      <HomeFeed />
      <Card title={t('home.myClubs')} action={<Link href={ROUTES.orgs}>{t('home.all')}</Link>}>
        <WhenLoaded
          query={orgs}
          loading={t('home.loadingClubs')}
          isEmpty={(data) => data.organizations.length === 0}
          empty={
            <EmptyState title={t('home.noClubs')}>
              <Link href={ROUTES.orgs}>{t('home.createClub')}</Link>
            </EmptyState>
          }
        >
          {(data) => <ClubList organizations={data.organizations.slice(0, 5)} />}
        </WhenLoaded>
      </Card>
      <p>
        <Link href={ROUTES.publicTournaments}>{t('home.publicTournaments')}</Link>
      </p>
      {user.twoFactorMethod === null ? (
        <Alert tone="info">
          <p>
            {t('home.twoFactorPrompt')} <Link href={ROUTES.accountTwoFactor}>{t('home.twoFactorLink')}</Link>
          </p>
        </Alert>
      ) : null}
    </Page>
  );
}
