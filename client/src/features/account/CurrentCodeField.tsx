import { useLanguage } from '../../i18n';
import { CodeInput } from '../../ui';
import { MailCurrentCode } from '../auth/MailCurrentCode';
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
  return (
    <div>
      {method === 'email' ? (
        <MailCurrentCode
          label={t('accountMore.sendCode')}
          sentLabel={t('accountMore.codeSent')}
          style={{ marginBottom: '0.5rem' }}
        />
      ) : null}
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
