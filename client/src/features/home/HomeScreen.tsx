import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { useTRPC } from '../../trpc';
import { Alert, Card, EmptyState, Loading, Page } from '../../ui';
import { ROLE_NAME } from '../orgs/roles';
import { ProfileForm } from '../account/ProfileForm';
import { HomeFeed } from '../feed/HomeFeed';
import { RoundList } from '../rounds/RoundList';

export default function HomeScreen() {
  const session = useSession();
  const trpc = useTRPC();
  const orgs = useQuery(trpc.orgs.mine.queryOptions());
  const rounds = useQuery(trpc.rounds.mine.queryOptions({ limit: 5 }));
  if (session.status !== 'full') return <Loading />;
  const user = session.user;
  // A new account has no name yet: it is asked for here, rather than greeting the user by address.
  return (
    <Page title={user.name ? `Hei, ${user.name}` : 'Velkommen til Golfkortet'}>
      <p className="muted" data-testid="session-state">
        Innlogget som {user.name ?? user.email}
        {user.name ? ` · handicapindeks ${formatHandicapIndex(user.handicapIndex)}` : ''}
      </p>
      {user.name ? null : (
        <Card title="Hva heter du?">
          <ProfileForm user={user} submitLabel="Lagre" nameRequired>
            <p className="small muted">
              Navnet ser medspillerne dine og klubbene du er med i. Handicapindeksen gir slagene du får på hvert hull;
              den kan stå tom og endres senere under Konto.
            </p>
          </ProfileForm>
        </Card>
      )}
      <Link href={ROUTES.newRound} className="btn block" style={{ marginBottom: '1rem' }}>
        Start ny runde
      </Link>
      <Card title="Siste runder" action={<Link href={ROUTES.rounds}>Alle</Link>}>
        {rounds.isPending ? (
          <Loading text="Henter rundene dine …" />
        ) : rounds.error ? (
          <Alert tone="error">
            <p>{describeApiError(rounds.error)?.message}</p>
          </Alert>
        ) : rounds.data.rounds.length === 0 ? (
          <EmptyState title="Ingen runder ennå">
            <p>Start en runde over, alene eller med venner.</p>
          </EmptyState>
        ) : (
          <RoundList rounds={rounds.data.rounds} />
        )}
      </Card>
      <HomeFeed />
      <Card title="Mine klubber" action={<Link href={ROUTES.orgs}>Alle</Link>}>
        {orgs.isPending ? (
          <Loading text="Henter klubbene dine …" />
        ) : orgs.error ? (
          <Alert tone="error">
            <p>{describeApiError(orgs.error)?.message}</p>
          </Alert>
        ) : orgs.data.organizations.length === 0 ? (
          <EmptyState title="Ingen klubber ennå">
            <Link href={ROUTES.orgs}>Lag en klubb</Link>
          </EmptyState>
        ) : (
          <ul className="list">
            {orgs.data.organizations.slice(0, 5).map((org) => (
              <li key={org.id}>
                <Link href={ROUTES.org(org.id)} className="item">
                  <span>{org.name}</span> <span className="badge">{ROLE_NAME[org.role]}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <p>
        <Link href={ROUTES.publicTournaments}>Se offentlige turneringer</Link>
      </p>
      {user.twoFactorMethod === null ? (
        <Alert tone="info">
          <p>
            Beskytt kontoen med tofaktorautentisering. <Link href={ROUTES.accountTwoFactor}>Slå på nå</Link>
          </p>
        </Alert>
      ) : null}
    </Page>
  );
}
