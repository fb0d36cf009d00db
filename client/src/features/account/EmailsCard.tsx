import { useState } from 'react';
import { describeApiError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Button, Card, FormError, Loading } from '../../ui';
import { EmailCodeFlow } from '../auth/EmailCodeFlow';
import '../../i18n/messages/nb/account';

/** The account's addresses: the primary one, the added ones to remove, and adding one confirmed by its code. */
export function EmailsCard() {
  const utils = trpc.useUtils();
  const { t } = useLanguage();
  const emails = trpc.account.emails.useQuery();
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const refresh = () => void utils.account.emails.invalidate();
  const add = trpc.account.addEmail.useMutation({
    onSuccess: (_d, input) => {
      setSentTo(input.email);
      setAddress('');
    },
  });
  const confirm = trpc.account.confirmEmail.useMutation({
    onSuccess: () => {
      setSentTo(null);
      setCode('');
      refresh();
    },
  });
  const remove = trpc.account.removeEmail.useMutation({ onSuccess: refresh });

  return (
    <Card title={t('account.emails')}>
      {emails.isPending ? (
        <Loading />
      ) : emails.error ? (
        <Alert tone="error">
          <p>{describeApiError(emails.error)?.message}</p>
        </Alert>
      ) : (
        <ul className="list">
          <li className="row between">
            <span>{emails.data.primary}</span> <span className="badge">{t('account.primary')}</span>
          </li>
          {emails.data.secondary.map((email) => (
            <li key={email} className="row between">
              <span>{email}</span>
              <Button
                size="small"
                variant="danger"
                busy={remove.isPending && remove.variables?.email === email}
                onClick={() => remove.mutate({ email })}
                aria-label={t('account.removeAddress', { email })}
              >
                {t('account.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError error={describeApiError(remove.error)} />
      {confirm.isSuccess ? (
        <Alert tone="success">
          <p>{t('account.addressAdded')}</p>
        </Alert>
      ) : null}
      <EmailCodeFlow
        sentTo={sentTo}
        ask={{
          label: t('account.addAddress'),
          value: address,
          onChange: setAddress,
          onSubmit: (email) => add.mutate({ email }),
          submitLabel: t('account.sendConfirmation'),
          variant: 'secondary',
          busy: add.isPending,
          error: describeApiError(add.error),
          fieldCodes: ['CONFLICT'],
          autoComplete: 'email',
          hint: t('account.addHint'),
          style: { marginTop: '1rem' },
        }}
        code={{
          notice: (
            <Alert tone="info">
              <p>
                {t('account.confirmationSentBefore')} <strong>{sentTo}</strong>
                {t('account.confirmationSentAfter')}
              </p>
            </Alert>
          ),
          label: t('account.codeFromMail'),
          value: code,
          onChange: setCode,
          onSubmit: (typed) => confirm.mutate({ code: typed }),
          submitLabel: t('account.confirmAddress'),
          busy: confirm.isPending,
          error: describeApiError(confirm.error),
          fieldCodes: ['INVALID_LINK', 'INVALID_CODE'],
        }}
        leave={{ label: t('account.cancel'), onClick: () => setSentTo(null) }}
      />
    </Card>
  );
}
