import { useState, type CSSProperties } from 'react';
import { describeApiError } from '../../lib/api-error';
import { useLanguage } from '../../i18n';
import { Alert } from '../../ui';
import { EmailCodeFlow } from '../auth/EmailCodeFlow';

/** A mutation as this form uses it; the per-call success moves the form on, the screen's own hooks do the rest. */
interface Call<Input> {
  mutate(input: Input, options?: { onSuccess?(): void }): void;
  isPending: boolean;
  error: unknown;
}

/**
 * An address the account proves it holds by the code mailed to it: an added address, or the other account
 * of a merge. Send a confirmation, type its code; cancelling goes back to the address.
 */
export function AddressConfirmation({
  label,
  fieldCodes,
  autoComplete,
  hint,
  style,
  sentAfter,
  submitLabel,
  request,
  confirm,
}: {
  label: string;
  /** The refusals of the address that belong at its field. */
  fieldCodes: readonly string[];
  autoComplete?: string;
  hint?: string;
  style?: CSSProperties;
  /** The rest of "We have sent a confirmation to <address>…". */
  sentAfter: string;
  submitLabel: string;
  request: Call<{ email: string }>;
  confirm: Call<{ code: string }>;
}) {
  const { t } = useLanguage();
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  return (
    <EmailCodeFlow
      sentTo={sentTo}
      ask={{
        label,
        value: address,
        onChange: setAddress,
        onSubmit: (email) =>
          request.mutate(
            { email },
            {
              onSuccess: () => {
                setSentTo(email);
                setAddress('');
              },
            },
          ),
        submitLabel: t('account.sendConfirmation'),
        variant: 'secondary',
        busy: request.isPending,
        error: describeApiError(request.error),
        fieldCodes,
        autoComplete,
        hint,
        style,
      }}
      code={{
        notice: (
          <Alert tone="info">
            <p>
              {t('account.confirmationSentBefore')} <strong>{sentTo}</strong>
              {sentAfter}
            </p>
          </Alert>
        ),
        label: t('account.codeFromMail'),
        value: code,
        onChange: setCode,
        onSubmit: (typed) =>
          confirm.mutate(
            { code: typed },
            {
              onSuccess: () => {
                setSentTo(null);
                setCode('');
              },
            },
          ),
        submitLabel,
        busy: confirm.isPending,
        error: describeApiError(confirm.error),
        fieldCodes: ['INVALID_LINK', 'INVALID_CODE'],
      }}
      leave={{ label: t('account.cancel'), onClick: () => setSentTo(null) }}
    />
  );
}
