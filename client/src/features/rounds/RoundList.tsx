import type { RoundSummary } from '../../../../shared/schemas/rounds';
import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { courseTitle, formatDate } from './format';
import { roundResultText } from './scorecard';
import { FORMAT_NAME } from './wizard-state';

/** Rounds newest first, each with its course, date, format and the caller's own result (decision 0508). */
export function RoundList({ rounds }: { rounds: RoundSummary[] }) {
  return (
    <ul className="list" aria-label="Runder">
      {rounds.map((r) => (
        <li key={r.id}>
          <Link href={ROUTES.round(r.id)} className="item">
            <span>
              <strong>{courseTitle(r.course)}</strong>
              <span className="small muted" style={{ display: 'block' }}>
                {formatDate(r.playedOn)} · {FORMAT_NAME[r.format]} · {r.participantCount}{' '}
                {r.participantCount === 1 ? 'spiller' : 'spillere'}
              </span>
              {roundResultText(r.format, r.result) ? (
                <span className="small" style={{ display: 'block', fontWeight: 600 }} data-testid="round-result">
                  {roundResultText(r.format, r.result)}
                </span>
              ) : null}
            </span>
            <span className={r.status === 'open' ? 'badge' : 'badge gray'}>
              {r.status === 'open' ? 'Pågår' : 'Ferdig'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
