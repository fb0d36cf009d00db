import { useLanguage } from '../../i18n';
import { Button } from '../../ui';

/**
 * The hole being scored and the way to the previous and next one, fixed at the bottom of a phone's screen
 * where the thumb is (the round and the tournament scorecard). The screen ends with a `holebar-space`, so
 * the bar never covers the last of it.
 */
export function HoleBar({
  holes,
  hole,
  par,
  strokeIndex,
  lengthMeters,
  onGo,
}: {
  /** The holes played, in order. */
  holes: readonly number[];
  hole: number;
  par: number;
  strokeIndex: number;
  lengthMeters?: number | null;
  onGo(hole: number): void;
}) {
  const { t } = useLanguage();
  const i = holes.indexOf(hole);
  return (
    <nav className="holebar" aria-label={t('rounds.hole.holes')}>
      <div className="holebar-inner">
        <Button
          variant="secondary"
          disabled={i <= 0}
          onClick={() => onGo(holes[i - 1]!)}
          aria-label={t('rounds.hole.previous')}
        >
          ◀
        </Button>
        <div className="hole" aria-live="polite">
          <strong data-testid="hole-number">{t('rounds.hole.number', { hole })}</strong>
          <span className="small">
            {t('rounds.hole.parIndex', { par, index: strokeIndex })}
            {lengthMeters ? ` · ${lengthMeters} m` : ''}
          </span>
        </div>
        <Button
          variant="secondary"
          disabled={i >= holes.length - 1}
          onClick={() => onGo(holes[i + 1]!)}
          aria-label={t('rounds.hole.next')}
        >
          ▶
        </Button>
      </div>
    </nav>
  );
}
