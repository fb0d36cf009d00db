import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isLanguage } from '../../../../shared/language';
import type { Language } from '../../../../shared/values';
import { applyLanguage, startingLanguage, useLanguage } from '../../i18n';
import { storeLanguage } from '../../i18n/language';
import { describeApiError } from '../../lib/api-error';
import { SESSION_QUERY_KEY, trpc } from '../../trpc';
import { Card, FormError, SelectField } from '../../ui';

const FOLLOW_BROWSER = 'browser';

/**
 * The account's language (decision 0108): saved on the account, so every device and the server's mails and
 * messages follow it; "as the browser" (null) lets each browser decide. The screen changes without a reload.
 */
export function LanguageCard({ saved }: { saved: Language | null | undefined }) {
  const queryClient = useQueryClient();
  const { t } = useLanguage();
  const [done, setDone] = useState(false);
  const save = trpc.account.setLanguage.useMutation({
    onSuccess: async ({ language }) => {
      // This browser remembers it too, so the sign-in screen is in it after signing out.
      storeLanguage(language);
      queryClient.setQueryData(SESSION_QUERY_KEY, (old: object | null | undefined) =>
        old ? { ...old, language } : old,
      );
      await applyLanguage(language ?? startingLanguage());
      setDone(true);
    },
  });
  const value = save.isPending ? (save.variables?.language ?? FOLLOW_BROWSER) : (saved ?? FOLLOW_BROWSER);
  return (
    <Card title={t('language.label')}>
      <SelectField
        label={t('language.label')}
        name="language"
        hint={t('language.accountHint')}
        value={value}
        disabled={save.isPending}
        onChange={(e) => {
          setDone(false);
          save.mutate({ language: isLanguage(e.target.value) ? e.target.value : null });
        }}
      >
        <option value={FOLLOW_BROWSER}>{t('language.followBrowser')}</option>
        <option value="nb" lang="nb">
          {t('language.nb')}
        </option>
        <option value="en" lang="en">
          {t('language.en')}
        </option>
      </SelectField>
      <p className="small muted" aria-live="polite">
        {done ? t('language.saved') : ''}
      </p>
      <FormError error={describeApiError(save.error)} />
    </Card>
  );
}
