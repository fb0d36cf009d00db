import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { ConfirmScreen } from './ConfirmScreen';
import { movedText } from './moved';

export default function ConfirmMergeScreen() {
  const { client } = trpc.useUtils();
  const { t } = useLanguage();
  return (
    <ConfirmScreen
      title={t('accountMore.mergeTitle')}
      explain={<p>{t('accountMore.mergeExplain')}</p>}
      action={t('accountMore.mergeAction')}
      run={(token) => client.account.confirmMerge.mutate({ token })}
      done={(result) => <p>{t('accountMore.mergeDone', { moved: movedText(result.moved, t) })}</p>}
    />
  );
}
