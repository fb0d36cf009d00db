import { Link } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useLanguage } from '../../i18n';
import { useSession } from '../../session/useSession';
import { Alert, Button, EmptyState, Loading, Page } from '../../ui';
import { FeedList, useNow } from './FeedList';
import { useFeed } from './useFeed';

const PAGE_SIZE = 20;

/** `/feed`: the public feed, for anyone, live, paging back with "Vis flere" (docs/app-feed.md). */
export default function FeedScreen() {
  const session = useSession();
  const { state, connection, error, loadOlder, loadingOlder } = useFeed(PAGE_SIZE);
  const now = useNow();
  const { t } = useLanguage();
  return (
    <Page title={t('feed.title')}>
      <p className="row between">
        <span className="muted">{t('feed.intro')}</span>
        <span className={`conn ${connection}`} role="status" aria-live="polite" data-testid="connection">
          {t(`connection.${connection}`)}
        </span>
      </p>
      {connection === 'offline' ? (
        <Alert tone="warning">
          <p>{t('feed.offline')}</p>
        </Alert>
      ) : null}
      {error && state.older === undefined ? (
        <Alert tone="error">
          <p>{describeApiError(error)?.message ?? t('feed.couldNotFetch')}</p>
        </Alert>
      ) : null}
      <section className="card" aria-label={t('feed.news')}>
        {state.older === undefined ? (
          error ? null : (
            <Loading text={t('feed.loading')} />
          )
        ) : state.items.length === 0 ? (
          <EmptyState title={t('feed.empty')}>
            <p>{t('feed.emptyExplain')}</p>
          </EmptyState>
        ) : (
          <FeedList items={state.items} now={now} />
        )}
        {typeof state.older === 'string' ? (
          <p className="center">
            <Button variant="secondary" busy={loadingOlder} onClick={() => void loadOlder()}>
              {t('feed.more')}
            </Button>
          </p>
        ) : null}
      </section>
      <p>
        <Link href={ROUTES.publicTournaments}>{t('feed.publicTournaments')}</Link>
        {session.status === 'full' ? (
          <>
            {' · '}
            <Link href={ROUTES.home}>{t('feed.toFrontPage')}</Link>
          </>
        ) : null}
      </p>
    </Page>
  );
}
