import type { RoundView } from '../../../../shared/schemas/rounds';
import { Card } from '../../ui';
import { MarkedScore } from './MarkedScore';
import { shownStrokes, type PendingScores } from './pending-scores';
import { cardRows, sumStrokes } from './scorecard';
import { useLanguage } from '../../i18n';
import '../../i18n/messages/nb/rounds';

/**
 * The whole card, compact for a phone: a row per hole and a column per player (so 390 px holds four
 * players without sideways scrolling), "Ut" and "Inn" after each nine, then the totals. Strokes received
 * are on the hole view, not here. With many players the table may still be wider than the screen: its box
 * then scrolls and is focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScoreCard({ view, pending }: { view: RoundView; pending: PendingScores }) {
  const { t } = useLanguage();
  const players = view.sides.flatMap((s) => s.participants);
  const par = new Map(view.card.map((c) => [c.hole, c.par]));
  const strokesOf = (id: string, hole: number) => {
    const p = players.find((x) => x.id === id)!;
    return shownStrokes(pending, id, hole, p.holes.find((h) => h.hole === hole)?.strokes ?? null);
  };
  const parSum = (holes: number[]) => holes.reduce((t, h) => t + (par.get(h) ?? 0), 0);
  const allHoles = view.card.map((c) => c.hole);
  return (
    <Card title={t('rounds.card.title')}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls, and a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable) */}
      <section className="table-wrap" tabIndex={0} aria-label={t('rounds.card.label')}>
        <table className="totals scorecard" data-testid="scorecard">
          <caption className="visually-hidden">{t('rounds.card.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rounds.card.hole')}</th>
              <th scope="col">{t('rounds.card.par')}</th>
              {players.map((p) => (
                <th key={p.id} scope="col" className="player-col">
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cardRows(view.card).map((row) =>
              row.kind === 'hole' ? (
                <tr key={row.hole}>
                  <th scope="row">{row.hole}</th>
                  <td className="muted">{par.get(row.hole)}</td>
                  {players.map((p) => (
                    <td key={p.id} data-testid={`score-${row.hole}`}>
                      <MarkedScore strokes={strokesOf(p.id, row.hole)} par={par.get(row.hole)!} />
                    </td>
                  ))}
                </tr>
              ) : (
                <tr key={row.nine} className="subtotal" data-testid={`subtotal-${row.nine}`}>
                  <th scope="row">{t(`rounds.card.${row.nine}`)}</th>
                  <td>{parSum(row.holes)}</td>
                  {players.map((p) => (
                    <td key={p.id}>{sumStrokes(row.holes, (h) => strokesOf(p.id, h)) ?? ''}</td>
                  ))}
                </tr>
              ),
            )}
          </tbody>
          <tfoot>
            <tr className="subtotal" data-testid="total">
              <th scope="row">{t('rounds.card.total')}</th>
              <td>{parSum(allHoles)}</td>
              {players.map((p) => (
                <td key={p.id}>{sumStrokes(allHoles, (h) => strokesOf(p.id, h)) ?? ''}</td>
              ))}
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {t('rounds.card.net')}
              </th>
              {players.map((p) => (
                <td key={p.id}>{p.totals.holesPlayed ? p.totals.net : ''}</td>
              ))}
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {t('rounds.card.points')}
              </th>
              {players.map((p) => (
                <td key={p.id}>{p.totals.holesPlayed ? p.totals.stablefordPoints : ''}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </section>
    </Card>
  );
}
