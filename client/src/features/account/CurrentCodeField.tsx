import { describeApiError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Button, CodeInput, FormError } from '../../ui';
import type { TwoFactorMethod } from '../../../../shared/values';

/** The current code a 2FA change asks for; for the e-mail method with a button that mails one. */
export function CurrentCodeField({
  method,
  value,
  onChange,
  error,
}: {
  method: TwoFactorMethod;
  value: string;
  onChange(v: string): void;
  error?: string | undefined;
}) {
  const { t } = useLanguage();
  const send = trpc.twoFactor.sendEmailCode.useMutation();
  return (
    <div>
      {method === 'email' ? (
        <div className="row" style={{ marginBottom: '0.5rem' }}>
          <Button variant="secondary" size="small" busy={send.isPending} onClick={() => send.mutate()}>
            {t('accountMore.sendCode')}
          </Button>
          {send.isSuccess ? (
            <span className="small" role="status">
              {t('accountMore.codeSent')}
            </span>
          ) : null}
        </div>
      ) : null}
      <FormError error={describeApiError(send.error)} />
      <CodeInput
        label={method === 'email' ? t('accountMore.codeFromMailOrRecovery') : t('accountMore.codeFromAppOrRecovery')}
        name="code"
        digitsOnly={false}
        inputMode="numeric"
        value={value}
        onChange={onChange}
        error={error}
      />
    </div>
  );
}
