import type { ParticipantView, RoundView } from '../../../../shared/schemas/rounds';
import { Card } from '../../ui';
import { MarkedScore } from './MarkedScore';
import { shownStrokes, type PendingScores } from './pending-scores';
import { stablefordPointsOn, sumPoints } from '../../lib/stableford';
import { cardRows, cardTotals, sumStrokes, targetScore } from './scorecard';
import { useLanguage } from '../../i18n';

/** A player's column on the compact card. */
export interface CardPlayer {
  id: string;
  name: string;
}

/** A row under the total: a label and each player's value ('' where there is none yet). */
export interface CardFooterRow {
  label: string;
  valueOf(playerId: string): string | number;
  testId?: string;
}

/**
 * The whole card, compact for a phone: a row per hole and a column per player (names wrap at their spaces,
 * so a 390 px phone holds a group of three without sideways scrolling, as tests/e2e/tournaments.test.ts
 * checks), score-to-par marks, "Ut" and "Inn" after each nine, then the totals.
 * Strokes received are on the hole view, not here. With many players the table may still be wider than the
 * screen: its box then scrolls and is focusable, so a keyboard can scroll it too (axe:
 * scrollable-region-focusable). The round's card and the tournament's both show it.
 */
export function CompactCard({
  title,
  label,
  caption,
  holes,
  players,
  strokesOf,
  pointsOf,
  footer = [],
}: {
  title: string;
  label: string;
  caption: string;
  holes: readonly { hole: number; par: number }[];
  players: readonly CardPlayer[];
  strokesOf(playerId: string, hole: number): number | null;
  /** Stableford: the points a player's score gives on a hole, shown beside the strokes and summed per nine. */
  pointsOf?(playerId: string, hole: number): number | null;
  footer?: readonly CardFooterRow[];
}) {
  const { t } = useLanguage();
  const par = new Map(holes.map((c) => [c.hole, c.par]));
  const parSum = (list: number[]) => list.reduce((sum, h) => sum + (par.get(h) ?? 0), 0);
  const allHoles = holes.map((c) => c.hole);
  return (
    <Card title={title}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls, and a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable) */}
      <section className="table-wrap" tabIndex={0} aria-label={label}>
        <table className="totals scorecard" data-testid="scorecard">
          <caption className="visually-hidden">{caption}</caption>
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
            {cardRows(holes).map((row) =>
              row.kind === 'hole' ? (
                <tr key={row.hole}>
                  <th scope="row">{row.hole}</th>
                  <td className="muted">{par.get(row.hole)}</td>
                  {players.map((p) => (
                    <td key={p.id} data-testid={`score-${row.hole}`}>
                      <MarkedScore strokes={strokesOf(p.id, row.hole)} par={par.get(row.hole)!} />
                      <HolePoints points={pointsOf?.(p.id, row.hole) ?? null} />
                    </td>
                  ))}
                </tr>
              ) : (
                <tr key={row.nine} className="subtotal" data-testid={`subtotal-${row.nine}`}>
                  <th scope="row">{t(`rounds.card.${row.nine}`)}</th>
                  <td>{parSum(row.holes)}</td>
                  {players.map((p) => (
                    <td key={p.id}>
                      {sumStrokes(row.holes, (h) => strokesOf(p.id, h)) ?? ''}
                      {pointsOf ? <HolePoints points={sumPoints(row.holes, (h) => pointsOf(p.id, h))} /> : null}
                    </td>
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
            {footer.map((row) => (
              <tr key={row.label} data-testid={row.testId}>
                <th scope="row" colSpan={2}>
                  {row.label}
                </th>
                {players.map((p) => (
                  <td key={p.id}>{row.valueOf(p.id)}</td>
                ))}
              </tr>
            ))}
          </tfoot>
        </table>
      </section>
    </Card>
  );
}

/** "2 p" beside a score (or a nine's sum): the points it gives in Stableford. */
function HolePoints({ points }: { points: number | null }) {
  const { t } = useLanguage();
  if (points === null) return null;
  return (
    <span className="hole-points" data-testid="hole-points">
      <span className="visually-hidden">, </span>
      {t('rounds.card.pointsShort', { count: points })}
    </span>
  );
}

/**
 * The round's whole card: its players, the scores on the phone before the server's, net and points (of the
 * scores shown, a waiting one too, as the hole view's rows count them).
 */
export function ScoreCard({ view, pending }: { view: RoundView; pending: PendingScores }) {
  const { t } = useLanguage();
  const players = view.sides.flatMap((s) => s.participants);
  const shown = (p: ParticipantView, hole: number) =>
    shownStrokes(pending, p.id, hole, p.holes.find((h) => h.hole === hole)?.strokes ?? null);
  const totals = new Map(
    players.map((p) => [
      p.id,
      cardTotals(
        p.holes,
        p.holes.map((h) => shown(p, h.hole)),
        p.holes.map((h) => h.strokesReceived),
      ),
    ]),
  );
  const played = (id: string) => (totals.get(id)?.holesPlayed ? totals.get(id)! : null);
  return (
    <CompactCard
      title={t('rounds.card.title')}
      label={t('rounds.card.label')}
      caption={t('rounds.card.caption')}
      holes={view.card}
      players={players}
      strokesOf={(id, hole) => shown(players.find((x) => x.id === id)!, hole)}
      pointsOf={
        view.format === 'stableford'
          ? (id, hole) => {
              const p = players.find((x) => x.id === id)!;
              const strokes = shown(p, hole);
              const on = p.holes.find((h) => h.hole === hole);
              return strokes === null || !on ? null : stablefordPointsOn(on.par, on.strokesReceived, strokes);
            }
          : undefined
      }
      footer={[
        // Right under the total, to compare with it: par of the holes played plus the whole course handicap.
        {
          label: t('rounds.card.target'),
          testId: 'target',
          valueOf: (id) => targetScore(view.card, players.find((x) => x.id === id)!.courseHandicap),
        },
        { label: t('rounds.card.net'), valueOf: (id) => played(id)?.net ?? '' },
        { label: t('rounds.card.points'), valueOf: (id) => played(id)?.points ?? '' },
      ]}
    />
  );
}
