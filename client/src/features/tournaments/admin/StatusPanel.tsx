import { useState } from 'react';
import type { TournamentView } from '../../../../../shared/schemas/tournaments';
import { useLanguage } from '../../../i18n';
import { describeApiError } from '../../../lib/api-error';
import { trpc } from '../../../trpc';
import { Button, Card, FormError } from '../../../ui';
import { confirmQuestion, movesFrom, type StatusMove } from '../tournament';
import { useRefresh } from './refresh';

/** The state moves the server allows from here, each confirmed in words before it is made. */
export function StatusPanel({ t }: { t: TournamentView }) {
  const utils = trpc.useUtils();
  const { t: tr } = useLanguage();
  const refresh = useRefresh(t);
  const [asking, setAsking] = useState<StatusMove | null>(null);
  const move = trpc.tournaments.setStatus.useMutation({
    onSuccess: (view) => {
      utils.tournaments.get.setData({ organizationId: t.organizationId, tournamentId: t.id }, view);
      setAsking(null);
      refresh();
    },
  });
  const moves = movesFrom(t.status, tr);
  if (moves.length === 0) return null;
  return (
    <Card title={tr('tournaments.admin.status')}>
      <FormError error={describeApiError(move.error)} />
      {asking ? (
        <fieldset className="confirm-box" aria-labelledby="confirm-move">
          <p id="confirm-move">
            <strong>{confirmQuestion(asking, t.name, tr)}</strong>
          </p>
          <p>{asking.confirm}</p>
          <div className="row">
            <Button
              variant={asking.danger ? 'danger' : 'primary'}
              busy={move.isPending}
              onClick={() => move.mutate({ organizationId: t.organizationId, tournamentId: t.id, status: asking.to })}
            >
              {tr('tournaments.admin.yes', { action: asking.label.toLowerCase() })}
            </Button>
            <Button variant="link" onClick={() => setAsking(null)}>
              {tr('tournaments.screen.cancel')}
            </Button>
          </div>
        </fieldset>
      ) : (
        <div className="stack-buttons">
          {moves.map((m) => (
            <Button
              key={m.to}
              variant={m.to === 'cancelled' ? 'danger' : m.danger ? 'secondary' : 'primary'}
              onClick={() => setAsking(m)}
            >
              {m.label}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
