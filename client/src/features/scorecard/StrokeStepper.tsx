import { useEffect, useId, useState, type ReactNode } from 'react';
import { MarkedScore } from './MarkedScore';
import { parseStrokes, scoreMark, scoreMarkText, stepStrokes, strokesReceivedText } from './scorecard';
import { useLanguage } from '../../i18n';

/**
 * One player's strokes on one hole, for one thumb: − and + buttons of 56 px around a number field (an empty
 * hole starts at par), the score marked against par (decision 0508), or the number alone when this phone
 * may not write it. Shared by the round scorecard and the tournament scorecard (decision 0505); the caller
 * says what a change does. Read in sunlight at arm's length: the name and the running score are large on
 * one line across the card, the strokes large in the field, and the rest small beside the stepper.
 */
export function StrokeStepper({
  name,
  hole,
  par,
  strokes,
  editable,
  score,
  details,
  onScore,
}: {
  name: string;
  hole: number;
  par: number;
  /** What the cell shows: a typed score not yet saved, else the server's. */
  strokes: number | null;
  editable: boolean;
  /** The running score, large beside the name ("Netto −3", "34 poeng"). */
  score?: ReactNode;
  /** Secondary lines: strokes received, handicap, the rest of the totals. */
  details?: ReactNode;
  onScore(strokes: number | null): void;
}) {
  const { t, language } = useLanguage();
  const [text, setText] = useState(strokes === null ? '' : String(strokes));
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const markId = useId();
  useEffect(() => {
    setText(strokes === null ? '' : String(strokes));
    setInvalid(false);
  }, [strokes]);

  function commit() {
    const parsed = parseStrokes(text);
    if (!parsed.ok) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (parsed.value !== strokes) onScore(parsed.value);
  }

  return (
    <div className="player-score" data-testid="player-score">
      <div className="player-head">
        <label htmlFor={inputId} className="player-name">
          {name}
        </label>
        {score ? <span className="player-running">{score}</span> : null}
      </div>
      <div className="player-details">
        {details}
        {editable && strokes !== null ? (
          <div className="small mark-word" id={markId} data-testid="mark-word">
            {scoreMarkText(strokes, par, language)}
          </div>
        ) : null}
        {invalid ? (
          <div className="small error-text" role="alert">
            {t('rounds.stepper.invalid')}
          </div>
        ) : null}
      </div>
      {editable ? (
        <div className="stepper">
          <button
            type="button"
            aria-label={t('rounds.stepper.less', { name })}
            onClick={() => onScore(stepStrokes(strokes, par, -1))}
          >
            −
          </button>
          <input
            id={inputId}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            aria-label={t('rounds.stepper.strokes', { name, hole })}
            aria-invalid={invalid || undefined}
            aria-describedby={strokes !== null ? markId : undefined}
            className={strokes !== null ? `mark-${scoreMark(strokes, par)}` : undefined}
            value={text}
            onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 2))}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
            }}
          />
          <button
            type="button"
            aria-label={t('rounds.stepper.more', { name })}
            onClick={() => onScore(stepStrokes(strokes, par, 1))}
          >
            +
          </button>
        </div>
      ) : (
        <strong className="player-strokes">
          <span className="visually-hidden">{`${t('rounds.stepper.strokes', { name, hole })}: `}</span>
          {strokes === null ? '–' : <MarkedScore strokes={strokes} par={par} />}
        </strong>
      )}
    </div>
  );
}

/** The strokes a player receives on the hole, as dots (up to four) and in words, bold under the name. */
export function StrokesReceived({ received }: { received: number }) {
  const { language } = useLanguage();
  return (
    <div className="small strong">
      <span className="dots" aria-hidden="true">
        {received > 0 ? '•'.repeat(Math.min(received, 4)) : ''}
      </span>{' '}
      <span data-testid="strokes-received">{strokesReceivedText(received, language)}</span>
    </div>
  );
}
