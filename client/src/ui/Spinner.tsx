import { useLanguage } from '../i18n';

/** A spinner; `label` is read by screen readers (empty when the surrounding text already says it). */
export function Spinner({ label }: { label?: string }) {
  const { t } = useLanguage();
  if (label === '') return <span className="spinner" aria-hidden="true" />;
  return <span className="spinner" role="status" aria-label={label ?? t('common.loading')} />;
}

/** The designed loading state of a screen or a section: never a blank area. */
export function Loading({ text }: { text?: string }) {
  const { t } = useLanguage();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{text ?? t('common.loading')}</span>
    </div>
  );
}
