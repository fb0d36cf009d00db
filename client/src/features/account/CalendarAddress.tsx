import { useId, useRef, useState } from 'react';
import { describeApiError } from '../../lib/api-error';
import { useLanguage } from '../../i18n';
import { trpc } from '../../trpc';
import { Button, FormError, Loading } from '../../ui';

/** A calendar address as a calendar app subscribes to it: `webcal:` opens the phone's calendar app. */
export function webcalOf(url: string): string {
  return url.replace(/^https?:/, 'webcal:');
}

/**
 * The player's own secret calendar address (decision 0430): shown, copied, or handed to the phone's calendar
 * app to subscribe to. The address is made by the server on the first read.
 */
export function CalendarAddress() {
  const { t } = useLanguage();
  const address = trpc.account.calendar.useQuery();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  if (address.error) return <FormError error={describeApiError(address.error)} />;
  if (!address.data) return <Loading text={t('account.calendar.loading')} />;
  const { url } = address.data;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      // No clipboard (http, or refused): select the address so the player can copy it by hand.
      inputRef.current?.select();
      setCopied('failed');
    }
  }

  return (
    <div className="calendar-address">
      <div className="field">
        <label htmlFor={inputId}>{t('account.calendar.addressLabel')}</label>
        <input
          id={inputId}
          ref={inputRef}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="calendar-address"
        />
      </div>
      <p className="muted small">{t('account.calendar.secret')}</p>
      <div className="row">
        <a className="btn" href={webcalOf(url)} data-testid="calendar-subscribe">
          {t('account.calendar.subscribe')}
        </a>
        <Button variant="secondary" onClick={() => void copy()}>
          {t('account.calendar.copy')}
        </Button>
      </div>
      {copied ? (
        <p role="status" className="small">
          {copied === 'yes' ? t('account.calendar.copied') : t('account.calendar.copyFailed')}
        </p>
      ) : null}
    </div>
  );
}
