import { useState } from 'react';
import { describeApiError } from '../../lib/api-error';
import { useLanguage } from '../../i18n';
import { trpc } from '../../trpc';
import { Alert, Button, Card, FormError } from '../../ui';
import { CalendarAddress } from './CalendarAddress';

/** "Kalender": the secret calendar address, and a new one when the old has gone astray (decision 0430). */
export function CalendarCard() {
  const { t } = useLanguage();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const renew = trpc.account.renewCalendar.useMutation({
    onSuccess: (answer) => {
      utils.account.calendar.setData(undefined, answer);
      setConfirming(false);
    },
  });
  return (
    <Card title={t('account.calendar.title')} data-testid="calendar-card">
      <p>{t('account.calendar.intro')}</p>
      {renew.isSuccess ? (
        <Alert tone="success">
          <p>{t('account.calendar.renewed')}</p>
        </Alert>
      ) : null}
      <CalendarAddress />
      <FormError error={describeApiError(renew.error)} />
      {confirming ? (
        <Alert tone="warning">
          <p>{t('account.calendar.renewConfirm')}</p>
          <div className="row">
            <Button variant="danger" busy={renew.isPending} onClick={() => renew.mutate()}>
              {t('account.calendar.renewYes')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('account.calendar.renewNo')}
            </Button>
          </div>
        </Alert>
      ) : (
        <div className="row">
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('account.calendar.renew')}
          </Button>
        </div>
      )}
    </Card>
  );
}
