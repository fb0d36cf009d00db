import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { Alert, Page } from '../../ui';
import { useLanguage } from '../../i18n';

/** Where the app lands after the account is deleted: signed out, nothing of the account left to show. */
export default function AccountDeletedScreen() {
  const { t } = useLanguage();
  return (
    <Page title={t('accountMore.deletedTitle')}>
      <Alert tone="success">
        <p>{t('accountMore.deletedDone')}</p>
      </Alert>
      <p>{t('accountMore.deletedLeft')}</p>
      <p>
        <Link href={ROUTES.feed}>{t('accountMore.toFeed')}</Link> ·{' '}
        <Link href={ROUTES.login}>{t('accountMore.signIn')}</Link>
      </p>
    </Page>
  );
}
