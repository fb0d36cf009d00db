import type { RoundSummary } from '../../../../shared/schemas/rounds';
import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { courseTitle, formatDate } from './format';
import { FORMAT_NAME } from './wizard-state';

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
