import { useLanguage } from '../../i18n';

/** The final results on paper (decision 0431), from the public REST path: anyone who reads the page may print it. */
export function ResultsPdfLink({ slug }: { slug: string }) {
  const { t } = useLanguage();
  return (
    <p>
      <a
        className="btn secondary"
        href={`/public/tournaments/${encodeURIComponent(slug)}/results.pdf`}
        download
        data-testid="results-pdf"
      >
        {t('publicTournaments.resultsPdf')}
      </a>
    </p>
  );
}
