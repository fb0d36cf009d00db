import type { RoundView } from '../../../../shared/schemas/rounds';
import { Alert, Button } from '../../ui';
import { conflictText, serverStrokes, type ScoreConflict } from './pending-scores';

/**
 * Scores another phone changed before this phone's edit arrived: neither is lost silently. The card shows
 * the newer value; the notice says what this phone had, so the player can enter it again if it was right.
 */
export function ScoreConflicts({ view, conflicts, onDismiss }: { view: RoundView; conflicts: readonly ScoreConflict[]; onDismiss(participantId: string, hole: number): void }) {
  const players = view.sides.flatMap((s) => s.participants);
  const shown = conflicts.filter((c) => players.some((p) => p.id === c.participantId));
  if (shown.length === 0) return null;
  return (
    <Alert tone="warning" title="Endret fra en annen telefon">
      <ul className="list" data-testid="score-conflicts">
        {shown.map((c) => (
          <li key={`${c.participantId}:${c.hole}`} className="row between">
            <span>{conflictText(players.find((p) => p.id === c.participantId)!.name, c, serverStrokes(view, c.participantId, c.hole))}</span>
            <Button variant="link" aria-label={`Lukk meldingen om hull ${c.hole}`} onClick={() => onDismiss(c.participantId, c.hole)}>OK</Button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
