import type { ReactNode } from 'react';
import { useLanguage } from '../../i18n';
import '../../i18n/messages/nb/rounds';

/**
 * A scorecard with a column per hole (the tournament's; the round's is `ScoreCard`, a row per hole): a row
 * of holes, a row of par with its sum, then `children` as the body's rows, one per player, ending in one
 * cell per `totals` heading. Wider than a phone, so it scrolls sideways and is focusable, so a keyboard can
 * scroll it too (axe: scrollable-region-focusable).
 */
export function HoleTable({
  label,
  caption,
  holes,
  totals,
  children,
}: {
  label: string;
  caption: string;
  holes: { hole: number; par: number }[];
  totals: string[];
  children: ReactNode;
}) {
  const { t } = useLanguage();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls, and a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
    <section className="table-wrap" tabIndex={0} aria-label={label}>
      <table className="totals">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rounds.card.hole')}</th>
            {holes.map((h) => (
              <th key={h.hole} scope="col">
                {h.hole}
              </th>
            ))}
            {totals.map((t) => (
              <th key={t} scope="col">
                {t}
              </th>
            ))}
          </tr>
          <tr>
            <th scope="row" className="muted">
              {t('rounds.card.par')}
            </th>
            {holes.map((h) => (
              <td key={h.hole} className="muted">
                {h.par}
              </td>
            ))}
            <td className="muted">{holes.reduce((s, h) => s + h.par, 0)}</td>
            {totals.slice(1).map((t) => (
              <td key={t} />
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** One hole's strokes as shown, with a dot per stroke received (at most three). */
export function StrokesCell({ strokes, received }: { strokes: number | null; received: number }) {
  const { t } = useLanguage();
  return (
    <td>
      {strokes ?? ''}
      {received > 0 ? (
        <sup>
          <span aria-hidden="true">{'•'.repeat(Math.min(received, 3))}</span>
          <span className="visually-hidden">{` ${t('rounds.card.strokesReceived', { count: received })}`}</span>
        </sup>
      ) : null}
    </td>
  );
}
