import type { RoundSummary } from '../../../../shared/schemas/rounds';
import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { courseTitle, formatDate } from './format';
import { roundResultText } from './scorecard';
import { ROUND_FORMAT_LABELS, ROUND_STATUS_LABELS } from '../../../../shared/values';
import { useLanguage } from '../../i18n';
import '../../i18n/messages/nb/rounds';

/** Rounds newest first, each with its course, date, format and the caller's own result (decision 0508). */
export function RoundList({ rounds }: { rounds: RoundSummary[] }) {
  const { t, language } = useLanguage();
  return (
    <ul className="list" aria-label={t('rounds.list')}>
      {rounds.map((r) => (
        <li key={r.id}>
          <Link href={ROUTES.round(r.id)} className="item">
            <span>
              <strong>{courseTitle(r.course)}</strong>
              <span className="small muted" style={{ display: 'block' }}>
                {formatDate(r.playedOn, language)} · {ROUND_FORMAT_LABELS[language][r.format]} ·{' '}
                {t('rounds.players', { count: r.participantCount })}
              </span>
              {roundResultText(r.format, r.result, language) ? (
                <span className="small" style={{ display: 'block', fontWeight: 600 }} data-testid="round-result">
                  {roundResultText(r.format, r.result, language)}
                </span>
              ) : null}
            </span>
            <span className={r.status === 'open' ? 'badge' : 'badge gray'} style={{ whiteSpace: 'nowrap' }}>
              {ROUND_STATUS_LABELS[language][r.status]}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
