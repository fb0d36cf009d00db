import { describeApiError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Button, Card, FormError } from '../../ui';
import { WhenLoaded } from '../../ui/WhenLoaded';
import { AddressConfirmation } from './AddressConfirmation';

/** The account's addresses: the primary one, the added ones to remove, and adding one confirmed by its code. */
export function EmailsCard() {
  const utils = trpc.useUtils();
  const { t } = useLanguage();
  const emails = trpc.account.emails.useQuery();
  const refresh = () => void utils.account.emails.invalidate();
  const add = trpc.account.addEmail.useMutation();
  const confirm = trpc.account.confirmEmail.useMutation({ onSuccess: refresh });
  const remove = trpc.account.removeEmail.useMutation({ onSuccess: refresh });

  return (
    <Card title={t('account.emails')}>
      <WhenLoaded query={emails}>
        {(data) => (
          <ul className="list">
            <li className="row between">
              <span>{data.primary}</span> <span className="badge">{t('account.primary')}</span>
            </li>
            {data.secondary.map((email) => (
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
      </WhenLoaded>
      <FormError error={describeApiError(remove.error)} />
      {confirm.isSuccess ? (
        <Alert tone="success">
          <p>{t('account.addressAdded')}</p>
        </Alert>
      ) : null}
      <AddressConfirmation
        label={t('account.addAddress')}
        fieldCodes={['CONFLICT']}
        autoComplete="email"
        hint={t('account.addHint')}
        style={{ marginTop: '1rem' }}
        sentAfter={t('account.confirmationSentAfter')}
        submitLabel={t('account.confirmAddress')}
        request={add}
        confirm={confirm}
      />
    </Card>
  );
}
