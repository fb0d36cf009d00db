import type { TournamentStatus } from '../../../../../shared/values';
import type { TournamentView } from '../../../../../shared/schemas/tournaments';
import { useLanguage } from '../../../i18n';
import { Card } from '../../../ui';

/** results.csv from the REST path: the browser sends the session cookie and saves the file. */
export function ResultsDownload({ t }: { t: TournamentView }) {
  const { t: tr } = useLanguage();
  const shown: TournamentStatus[] = ['in_progress', 'finished'];
  if (!shown.includes(t.status)) return null;
  const href = `/organizations/${encodeURIComponent(t.organizationId)}/tournaments/${encodeURIComponent(t.id)}/results.csv`;
  return (
    <Card title={tr('tournaments.admin.results')}>
      <a className="btn secondary" href={href} download data-testid="results-csv">
        {tr('tournaments.admin.download')}
      </a>
      <p className="small muted">{tr('tournaments.admin.downloadHint')}</p>
    </Card>
  );
}
