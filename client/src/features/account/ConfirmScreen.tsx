import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { Alert, Button, Card, Page } from '../../ui';
import { useLanguage } from '../../i18n';

/**
 * A mailed confirmation link's landing page (an added address, an account merge). Like the sign-in link,
 * it confirms only on a click, so a mail scanner opening the link changes nothing.
 */
export function ConfirmScreen<T>({
  title,
  explain,
  action,
  run,
  done,
}: {
  title: string;
  explain: ReactNode;
  action: string;
  run(token: string): Promise<T>;
  done(result: T): ReactNode;
}) {
  const token = new URLSearchParams(useSearch()).get('token');
  const queryClient = useQueryClient();
  const { t } = useLanguage();
  const confirm = useMutation({ mutationFn: run, onSuccess: () => void queryClient.invalidateQueries() });
  const error = describeApiError(confirm.error);
  return (
    <Page title={title}>
      <Card>
        {confirm.isSuccess ? (
          <>
            <Alert tone="success" focus>
              {done(confirm.data)}
            </Alert>
            <Link href={ROUTES.account}>{t('accountMore.toAccount')}</Link>
          </>
        ) : !token ? (
          <Alert tone="error">
            <p>{t('accountMore.incompleteLink')}</p>
          </Alert>
        ) : (
          <>
            {explain}
            {error ? (
              <Alert tone="error" focus>
                <p>{error.message}</p>
              </Alert>
            ) : null}
            <Button block busy={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {action}
            </Button>
          </>
        )}
      </Card>
    </Page>
  );
}
