import { Link, useLocation, useSearch } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { homeOfStage } from '../../session/stage';
import { useApplySessionAnswer } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Button, Card, Page } from '../../ui';

/**
 * The magic link's landing page (docs/contract.md section 4). Opening it signs no one in: a mail scanner that
 * follows links must not use up the link or start a session. One click on the button does.
 */
export default function VerifyLinkScreen() {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const applyAnswer = useApplySessionAnswer();
  const { t } = useLanguage();
  const verify = trpc.auth.verifyLink.useMutation({
    // On once the answer is applied (someone signed in before is forgotten first).
    onSuccess: async (answer) => {
      await applyAnswer(answer);
      navigate(homeOfStage(answer.stage, null), { replace: true });
    },
  });
  const error = describeApiError(verify.error);

  if (!token) {
    return (
      <Page title={t('verifyLink.invalidTitle')}>
        <Alert tone="error">
          <p>{t('verifyLink.missingKey')}</p>
        </Alert>
        <Link href={ROUTES.login}>{t('verifyLink.toSignIn')}</Link>
      </Page>
    );
  }

  return (
    <Page title={t('verifyLink.title')}>
      <Card>
        <p>{t('verifyLink.press')}</p>
        <p className="small muted">{t('verifyLink.why')}</p>
        {error ? (
          <Alert tone="error" focus>
            <p>{error.message}</p>
            {error.code === 'INVALID_LINK' ? (
              <p>
                <Link href={ROUTES.login}>{t('verifyLink.newLink')}</Link>
              </p>
            ) : null}
          </Alert>
        ) : null}
        <Button block busy={verify.isPending} disabled={verify.isSuccess} onClick={() => verify.mutate({ token })}>
          {t('verifyLink.signIn')}
        </Button>
      </Card>
    </Page>
  );
}
