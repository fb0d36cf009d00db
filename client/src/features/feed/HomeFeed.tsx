import { useLanguage } from '../../i18n';
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
  const { t } = useLanguage();
  return (
    <Card title={t('feed.title')} action={<Link href={ROUTES.feed}>{t('feed.seeAll')}</Link>} data-testid="home-feed">
      {state.older === undefined ? (
        error ? (
          <Alert tone="error">
            <p>{describeApiError(error)?.message ?? t('feed.couldNotFetch')}</p>
          </Alert>
        ) : (
          <Loading text={t('feed.loading')} />
        )
      ) : state.items.length === 0 ? (
        <EmptyState title={t('feed.empty')}>
          <p>{t('feed.emptyHome')}</p>
        </EmptyState>
      ) : (
        <FeedList items={state.items.slice(0, SHOWN)} now={now} />
      )}
    </Card>
  );
}
