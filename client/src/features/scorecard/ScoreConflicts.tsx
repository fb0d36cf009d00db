import { Alert, Button } from '../../ui';
import { conflictText, type ScoreConflict } from './pending-scores';
import { useLanguage } from '../../i18n';

/**
 * Scores another phone changed before this phone's edit arrived: neither is lost silently. The card shows
 * the newer value; the notice says what this phone had, so the player can enter it again if it was right.
 * `players` are the cards on screen (round participants or tournament entries), `strokesNow` what the
 * server holds for a hole now.
 */
export function ScoreConflicts({
  players,
  strokesNow,
  conflicts,
  onDismiss,
}: {
  players: readonly { id: string; name: string }[];
  strokesNow(id: string, hole: number): number | null;
  conflicts: readonly ScoreConflict[];
  onDismiss(participantId: string, hole: number): void;
}) {
  const { t, language } = useLanguage();
  const shown = conflicts.filter((c) => players.some((p) => p.id === c.participantId));
  if (shown.length === 0) return null;
  return (
    <Alert tone="warning" title={t('rounds.conflicts.title')}>
      <ul className="list" data-testid="score-conflicts">
        {shown.map((c) => (
          <li key={`${c.participantId}:${c.hole}`} className="row between">
            <span>
              {conflictText(
                players.find((p) => p.id === c.participantId)!.name,
                c,
                strokesNow(c.participantId, c.hole),
                language,
              )}
            </span>
            <Button
              variant="link"
              // The spoken name starts with the visible "OK", so a voice command "click OK" finds it too.
              aria-label={t('rounds.conflicts.dismiss', { hole: c.hole })}
              onClick={() => onDismiss(c.participantId, c.hole)}
            >
              {t('rounds.conflicts.ok')}
            </Button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
