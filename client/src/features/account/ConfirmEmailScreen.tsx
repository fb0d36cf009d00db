import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { ConfirmScreen } from './ConfirmScreen';

export default function ConfirmEmailScreen() {
  const { client } = trpc.useUtils();
  const { t } = useLanguage();
  return (
    <ConfirmScreen
      title={t('accountMore.confirmEmailTitle')}
      explain={<p>{t('accountMore.confirmEmailExplain')}</p>}
      action={t('accountMore.confirmEmailAction')}
      run={(token) => client.account.confirmEmail.mutate({ token })}
      done={() => <p>{t('accountMore.confirmEmailDone')}</p>}
    />
  );
}
