import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { describeApiError } from '../../../lib/api-error';
import { formatHandicapIndex, formatStrokes } from '../../../lib/handicap';
import { ROUTES } from '../../../routes';
import { useTRPC } from '../../../trpc';
import { Alert, Button, Card, Loading } from '../../../ui';
import { allowanceText, courseTitle, formatDate, teeLabel } from '../format';
import { FORMAT_NAME, HOLES_NAME, type WizardState } from '../wizard-state';

/** Step 4: the round as the server has it, with each player's handicaps as the server computed them. */
export function ReviewStep({ state, onStarted }: { state: WizardState; onStarted(roundId: string): void }) {
  const trpc = useTRPC();
  const roundId = state.roundId ?? '';
  const round = useQuery(trpc.rounds.get.queryOptions({ roundId }, { enabled: state.roundId !== null }));
  if (!state.roundId) return null;
  if (round.isPending) return <Loading text="Henter runden …" />;
  if (round.error)
    return (
      <Alert tone="error">
        <p>{describeApiError(round.error)?.message}</p>
      </Alert>
    );
  const view = round.data;
  const match = view.format === 'match';
  return (
    <div>
      <Card title={courseTitle(view.course)}>
        <p>
          {formatDate(view.playedOn)} · tee {teeLabel(view.tee)} · {FORMAT_NAME[view.format]} · {HOLES_NAME[view.holes]}
        </p>
        <p className="small muted" data-testid="allowance">
          {allowanceText(view.allowancePercent)} Handicapene låses når første slag føres.
        </p>
      </Card>
      {view.sides.map((side) => (
        <Card key={side.id} title={side.name}>
          {/* Narrow headings that may wrap: the table fits a 390 px phone, so nothing scrolls sideways. */}
          <table className="totals handicaps" data-testid="review-side">
            <thead>
              <tr>
                <th scope="col">Spiller</th>
                <th scope="col">Indeks</th>
                <th scope="col">Bane&shy;hcp</th>
                <th scope="col">Spille&shy;hcp</th>
                {match ? <th scope="col">Slag i match</th> : null}
              </tr>
            </thead>
            <tbody>
              {side.participants.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name}
                    {p.isGuest ? ' (gjest)' : ''}
                  </th>
                  <td>{formatHandicapIndex(p.handicapIndex)}</td>
                  <td>{formatStrokes(p.courseHandicap)}</td>
                  <td data-testid="playing-handicap">{formatStrokes(p.playingHandicap)}</td>
                  {match ? <td>{formatStrokes(p.matchHandicap)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ))}
      <Button block onClick={() => onStarted(view.id)}>
        Start runden
      </Button>
      <p className="small muted" style={{ marginTop: '0.75rem' }}>
        Runden ligger også under <Link href={ROUTES.rounds}>Runder</Link>.
      </p>
    </div>
  );
}
