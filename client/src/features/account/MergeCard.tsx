import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeApiError } from '../../lib/api-error';
import { useSetUser } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Card } from '../../ui';
import { EmailCodeFlow } from '../auth/EmailCodeFlow';
import { movedText } from './moved';
import '../../i18n/messages/nb/account';

/** Taking another account into this one, after a code mailed to the other account's address. */
export function MergeCard() {
  const { t } = useLanguage();
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const queryClient = useQueryClient();
  const setUser = useSetUser();
  const request = trpc.account.requestMerge.useMutation({ onSuccess: (_d, input) => setSentTo(input.email) });
  const confirm = trpc.account.confirmMerge.useMutation({
    onSuccess: ({ user }) => {
      setSentTo(null);
      setCode('');
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
      <EmailCodeFlow
        sentTo={sentTo}
        ask={{
          label: t('account.otherAddress'),
          value: address,
          onChange: setAddress,
          onSubmit: (email) => request.mutate({ email }),
          submitLabel: t('account.sendConfirmation'),
          variant: 'secondary',
          busy: request.isPending,
          error: describeApiError(request.error),
          fieldCodes: ['EMAIL_NOT_FOUND', 'CONFLICT'],
        }}
        code={{
          notice: (
            <Alert tone="info">
              <p>
                {t('account.confirmationSentBefore')} <strong>{sentTo}</strong>
                {t('account.mergeSentAfter')}
              </p>
            </Alert>
          ),
          label: t('account.codeFromMail'),
          value: code,
          onChange: setCode,
          onSubmit: (typed) => confirm.mutate({ code: typed }),
          submitLabel: t('account.mergeSubmit'),
          busy: confirm.isPending,
          error: describeApiError(confirm.error),
          fieldCodes: ['INVALID_LINK', 'INVALID_CODE'],
        }}
        leave={{ label: t('account.cancel'), onClick: () => setSentTo(null) }}
      />
    </Card>
  );
}
