import { scoreMark, scoreMarkText } from './scorecard';
import { useLanguage } from '../../i18n';

/**
 * A score as a paper card marks it against par: birdie circled, eagle (or better) circled twice, bogey in
 * a box, double bogey or worse in two boxes, par bare. The shape carries the meaning (colour only helps,
 * for colour-blind players and in sunlight); a screen reader hears the word ("4, birdie").
 */
export function MarkedScore({ strokes, par }: { strokes: number | null; par: number }) {
  const { language } = useLanguage();
  if (strokes === null) return null;
  return (
    <span className={`mark mark-${scoreMark(strokes, par)}`}>
      {strokes}
      <span className="visually-hidden">{`, ${scoreMarkText(strokes, par, language)}`}</span>
    </span>
  );
}
