import { useQueryClient } from '@tanstack/react-query';
import { useSetUser } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Card } from '../../ui';
import { AddressConfirmation } from './AddressConfirmation';
import { movedText } from './moved';

/** Taking another account into this one, after a code mailed to the other account's address. */
export function MergeCard() {
  const { t } = useLanguage();
  const queryClient = useQueryClient();
  const setUser = useSetUser();
  const request = trpc.account.requestMerge.useMutation();
  const confirm = trpc.account.confirmMerge.useMutation({
    onSuccess: ({ user }) => {
      setUser(user);
      // The other account's rounds, clubs and addresses are this one's now: every list may have changed.
      void queryClient.invalidateQueries();
    },
  });
  return (
    <Card title={t('account.merge')}>
      <p className="small muted">{t('account.mergeIntro')}</p>
      {confirm.isSuccess ? (
        <Alert tone="success">
          <p>{t('account.merged', { moved: movedText(confirm.data.moved, t) })}</p>
        </Alert>
      ) : null}
      <AddressConfirmation
        label={t('account.otherAddress')}
        fieldCodes={['EMAIL_NOT_FOUND', 'CONFLICT']}
        sentAfter={t('account.mergeSentAfter')}
        submitLabel={t('account.mergeSubmit')}
        request={request}
        confirm={confirm}
      />
    </Card>
  );
}
