import type { EntryView, TournamentView } from '../../../../../shared/schemas/tournaments';
import { useLanguage } from '../../../i18n';
import { Card } from '../../../ui';

/**
 * The club day's paper (decision 0431) from the REST paths: the start list for every member, and for an
 * organizer each round's scorecards once that round has groups. The browser sends the session cookie and saves
 * the PDF.
 */
export function PaperDownloads({
  t,
  entries,
  organizer,
}: {
  t: TournamentView;
  entries: EntryView[];
  organizer: boolean;
}) {
  const { t: tr } = useLanguage();
  const base = `/organizations/${encodeURIComponent(t.organizationId)}/tournaments/${encodeURIComponent(t.id)}`;
  const grouped = [...t.rounds]
    .map((r) => r.number)
    .sort((a, b) => a - b)
    .filter((n) => entries.some((e) => e.groups.some((g) => g.round === n)));
  // A member has nothing to print before the start list exists.
  if (!organizer && grouped.length === 0) return null;
  return (
    <Card title={tr('tournaments.admin.paper')}>
      {grouped.length === 0 ? (
        <p className="small muted">{tr('tournaments.admin.paperNoGroups')}</p>
      ) : (
        <>
          <p className="row">
            <a className="btn secondary" href={`${base}/start-list.pdf`} download data-testid="start-list-pdf">
              {tr('tournaments.admin.startListPdf')}
            </a>
            {(organizer ? grouped : []).map((n) => (
              <a
                key={n}
                className="btn secondary"
                href={`${base}/scorecards.pdf?round=${n}`}
                download
                data-testid={`scorecards-pdf-${n}`}
              >
                {t.rounds.length > 1
                  ? tr('tournaments.admin.scorecardsRoundPdf', { number: n })
                  : tr('tournaments.admin.scorecardsPdf')}
              </a>
            ))}
          </p>
          {organizer ? <p className="small muted">{tr('tournaments.admin.paperHint')}</p> : null}
        </>
      )}
    </Card>
  );
}
