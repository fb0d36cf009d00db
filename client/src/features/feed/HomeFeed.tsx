import { Link } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { Alert, Card, EmptyState, Loading } from '../../ui';
import { FeedList, useNow } from './FeedList';
import { useFeed } from './useFeed';

const SHOWN = 3;

/** The home screen's card: the newest few items of the feed, live, with "Se alle" to `/feed`. */
export function HomeFeed() {
  const { state, error } = useFeed(SHOWN);
  const now = useNow();
  return (
    <Card title="Siste nytt" action={<Link href={ROUTES.feed}>Se alle</Link>} data-testid="home-feed">
      {state.older === undefined ? (
        error ? (
          <Alert tone="error">
            <p>{describeApiError(error)?.message ?? 'Fikk ikke hentet nyhetene.'}</p>
          </Alert>
        ) : (
          <Loading text="Henter nyhetene …" />
        )
      ) : state.items.length === 0 ? (
        <EmptyState title="Ingenting her ennå">
          <p>Turneringer som åpner og runder som deles, vises her.</p>
        </EmptyState>
      ) : (
        <FeedList items={state.items.slice(0, SHOWN)} now={now} />
      )}
    </Card>
  );
}
