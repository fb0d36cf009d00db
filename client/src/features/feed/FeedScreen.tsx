import { Link } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { Alert, Button, EmptyState, Loading, Page } from '../../ui';
import { CONNECTION_TEXT } from '../rounds/connection';
import { FeedList, useNow } from './FeedList';
import { useFeed } from './useFeed';

const PAGE_SIZE = 20;

/** `/feed`: the public feed, for anyone, live, paging back with "Vis flere" (docs/app-feed.md). */
export default function FeedScreen() {
  const session = useSession();
  const { state, connection, error, loadOlder, loadingOlder } = useFeed(PAGE_SIZE);
  const now = useNow();
  return (
    <Page title="Siste nytt">
      <p className="row between">
        <span className="muted">Turneringer, høydepunkter og delte runder fra hele Golfkortet.</span>
        <span className={`conn ${connection}`} role="status" aria-live="polite" data-testid="connection">
          {CONNECTION_TEXT[connection]}
        </span>
      </p>
      {connection === 'offline' ? (
        <Alert tone="warning">
          <p>Forbindelsen er brutt. Det som skjer i mellomtiden, vises når den er tilbake.</p>
        </Alert>
      ) : null}
      {error && state.older === undefined ? (
        <Alert tone="error">
          <p>{describeApiError(error)?.message ?? 'Fikk ikke hentet nyhetene.'}</p>
        </Alert>
      ) : null}
      <section className="card" aria-label="Nyheter">
        {state.older === undefined ? (
          error ? null : (
            <Loading text="Henter nyhetene …" />
          )
        ) : state.items.length === 0 ? (
          <EmptyState title="Ingenting her ennå">
            <p>Når en offentlig turnering åpner, eller noen deler en runde, dukker det opp her.</p>
          </EmptyState>
        ) : (
          <FeedList items={state.items} now={now} />
        )}
        {typeof state.older === 'string' ? (
          <p className="center">
            <Button variant="secondary" busy={loadingOlder} onClick={() => void loadOlder()}>
              Vis flere
            </Button>
          </p>
        ) : null}
      </section>
      <p>
        <Link href={ROUTES.publicTournaments}>Offentlige turneringer</Link>
        {session.status === 'full' ? (
          <>
            {' · '}
            <Link href={ROUTES.home}>Til forsiden</Link>
          </>
        ) : null}
      </p>
    </Page>
  );
}
