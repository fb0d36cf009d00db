import { useLocation } from 'wouter';
import { describeApiError } from '../../lib/api-error';
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
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      forget();
      navigate(ROUTES.login);
    },
  });
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
        <Button variant="secondary" busy={logout.isPending} onClick={() => logout.mutate()}>
          {t('account.signOut')}
        </Button>
        <Button variant="secondary" busy={everywhere.isPending} onClick={() => everywhere.mutate()}>
          {t('account.signOutOthers')}
        </Button>
      </div>
    </Card>
  );
}
