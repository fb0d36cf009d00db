import type { TournamentView } from '../../../../shared/schemas/tournaments';
import { useLanguage } from '../../i18n';
import { Card } from '../../ui';
import { CalendarAddress, webcalOf } from '../account/CalendarAddress';

/**
 * "Legg til i kalender" on a tournament's page (decision 0430): the player's own calendar, which carries this
 * tournament once they have entered, and for a public tournament its own calendar of rounds.
 */
export function AddToCalendar({ t }: { t: Pick<TournamentView, 'slug' | 'status' | 'visibility'> }) {
  const { t: tr, language } = useLanguage();
  // The calendar's words in the reader's language: the app that fetches it later sends none.
  const publicIcs =
    t.visibility === 'public' && t.status !== 'draft'
      ? `${window.location.origin}/public/tournaments/${encodeURIComponent(t.slug)}/calendar.ics${language === 'en' ? '?lang=en' : ''}`
      : null;
  return (
    <Card title={tr('account.calendar.addTitle')} data-testid="add-to-calendar">
      <p>{tr('account.calendar.addIntro')}</p>
      <CalendarAddress />
      {publicIcs ? (
        <>
          <h3 style={{ marginTop: '1.5rem' }}>{tr('account.calendar.publicTitle')}</h3>
          <p className="small">{tr('account.calendar.publicIntro')}</p>
          <div className="row">
            <a className="btn secondary" href={webcalOf(publicIcs)}>
              {tr('account.calendar.publicSubscribe')}
            </a>
            <a className="btn link" href={publicIcs} download>
              {tr('account.calendar.publicDownload')}
            </a>
          </div>
        </>
      ) : null}
    </Card>
  );
}
