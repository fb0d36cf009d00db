import { useEffect, useId, useState } from 'react';
import {
  pushSupported,
  subscribeThisBrowser,
  subscriptionBody,
  thisBrowsersSubscription,
  unsubscribeThisBrowser,
} from '../../lib/push';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Card } from '../../ui';

type State = 'reading' | 'on' | 'off';
type Problem = 'blocked' | 'failed' | null;

/**
 * "Varsler på denne telefonen" (decision 0429): this browser's push messages, on or off. On asks for the
 * permission, subscribes with the server's key and hands the subscription to the account; off removes it
 * from the account, then from the browser. Not shown where the browser has no push.
 */
export function NotificationsCard() {
  const { t } = useLanguage();
  const id = useId();
  const { client } = trpc.useUtils();
  const [state, setState] = useState<State>('reading');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const supported = pushSupported();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void (async () => {
      const subscription = Notification.permission === 'granted' ? await thisBrowsersSubscription() : null;
      // Shown as on, it is this account's: handed over again, in case the server let go of it.
      if (subscription) await client.account.addPushSubscription.mutate(subscriptionBody(subscription)).catch(() => {});
      if (live) setState(subscription ? 'on' : 'off');
    })();
    return () => {
      live = false;
    };
  }, [supported, client]);

  if (!supported) return null;

  async function turnOn() {
    if ((await Notification.requestPermission()) !== 'granted') {
      setProblem('blocked');
      return;
    }
    const { publicKey } = await client.push.publicKey.query();
    const subscription = await subscribeThisBrowser(publicKey);
    await client.account.addPushSubscription.mutate(subscriptionBody(subscription));
    setState('on');
  }

  async function turnOff() {
    await unsubscribeThisBrowser((endpoint) => client.account.removePushSubscription.mutate({ endpoint }));
    setState('off');
  }

  async function toggle(on: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      await (on ? turnOn() : turnOff());
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('account.notifications')}>
      <div className="checkbox switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={state === 'on'}
          aria-checked={state === 'on'}
          disabled={state === 'reading' || busy}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void toggle(e.target.checked)}
        />
        <label htmlFor={id}>{t('account.notificationsToggle')}</label>
      </div>
      <p id={`${id}-hint`} className="small muted">
        {t('account.notificationsHint')}
      </p>
      <p className="small" role="status">
        {problem === 'blocked'
          ? t('account.notificationsBlocked')
          : problem === 'failed'
            ? t('account.notificationsFailed')
            : state === 'on'
              ? t('account.notificationsOn')
              : state === 'off'
                ? t('account.notificationsOff')
                : ''}
      </p>
    </Card>
  );
}
