import { useLocation } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { unsubscribeThisBrowser } from '../../lib/push';
import { ROUTES } from '../../routes';
import { useForgetSession } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Button, Card, FormError } from '../../ui';

/** Signing out here, or on every other device. */
export function SessionsCard() {
  const { t } = useLanguage();
  const forget = useForgetSession();
  const [, navigate] = useLocation();
  const { client } = trpc.useUtils();
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      forget();
      navigate(ROUTES.login);
    },
  });
  // This phone's push messages end first, while the session can still remove them from the account: a shared
  // phone must not go on showing the last user's start times to the next (decision 0429).
  const signOut = async () => {
    await unsubscribeThisBrowser((endpoint) => client.account.removePushSubscription.mutate({ endpoint }));
    logout.mutate();
  };
  const everywhere = trpc.auth.signOutEverywhere.useMutation();
  return (
    <Card title={t('account.signInCard')}>
      {everywhere.isSuccess ? (
        <Alert tone="success">
          <p>{t('account.othersSignedOut')}</p>
        </Alert>
      ) : null}
      <FormError error={describeApiError(everywhere.error)} />
      <div className="row">
        <Button variant="secondary" busy={logout.isPending} onClick={() => void signOut()}>
          {t('account.signOut')}
        </Button>
        <Button variant="secondary" busy={everywhere.isPending} onClick={() => everywhere.mutate()}>
          {t('account.signOutOthers')}
        </Button>
      </div>
    </Card>
  );
}
