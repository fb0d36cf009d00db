import type { RoundView } from '../../../../shared/schemas/rounds';
import { ROUND_SCORING } from '../../../../shared/values';
import { Card } from '../../ui';
import { MarkedScore } from './MarkedScore';
import { shownStrokes, type PendingScores } from './pending-scores';
import { stablefordPointsOn, sumPoints } from '../../lib/stableford';
import {
  ballRows,
  betterBallOn,
  cardRows,
  cardTotals,
  showsBetterBall,
  sumStrokes,
  targetScore,
  type BallRow,
} from './scorecard';
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
 * The round's whole card: a column per ball (each player's, or a one-ball side's; in four-ball each side's
 * better ball after its players), the scores on the phone before the server's, net and points (of the
 * scores shown, a waiting one too, as the hole view's rows count them).
 */
export function ScoreCard({ view, pending }: { view: RoundView; pending: PendingScores }) {
  const { t } = useLanguage();
  const rows = ballRows(view);
  const serverHoles = new Map(view.sides.flatMap((s) => s.participants).map((p) => [p.id, p.holes]));
  const shown = (id: string, hole: number) =>
    shownStrokes(pending, id, hole, serverHoles.get(id)?.find((h) => h.hole === hole)?.strokes ?? null);
  const stableford = ROUND_SCORING[view.format] === 'stableford';
  const betterBall = showsBetterBall(view.format);
  const best = (sideId: string, hole: number) => betterBallOn(rows, sideId, hole, shown);
  const columns: (CardPlayer & { row: BallRow | null; sideId: string })[] = view.sides.flatMap((side) => [
    ...rows.filter((r) => r.sideId === side.id).map((row) => ({ id: row.id, name: row.name, row, sideId: side.id })),
    ...(betterBall && side.participants.length > 0
      ? [
          {
            id: `better:${side.id}`,
            name: t('rounds.card.betterBall', { side: side.name }),
            row: null,
            sideId: side.id,
          },
        ]
      : []),
  ]);
  const column = (id: string) => columns.find((c) => c.id === id)!;
  const totals = new Map(
    rows.map((row) => [
      row.id,
      cardTotals(
        row.holes,
        row.holes.map((h) => shown(row.id, h.hole)),
        row.holes.map((h) => h.strokesReceived),
      ),
    ]),
  );
  const played = (id: string) => (totals.get(id)?.holesPlayed ? totals.get(id)! : null);
  const bestTotals = (sideId: string) => {
    const holes = view.card.flatMap((c) => best(sideId, c.hole) ?? []);
    return holes.length === 0
      ? null
      : { net: holes.reduce((t, h) => t + h.net, 0), points: holes.reduce((t, h) => t + h.points, 0) };
  };
  return (
    <CompactCard
      title={t('rounds.card.title')}
      label={t('rounds.card.label')}
      caption={t('rounds.card.caption')}
      holes={view.card}
      players={columns}
      strokesOf={(id, hole) => {
        const c = column(id);
        // The better ball's column shows its net on the hole, marked against par as a score is.
        return c.row ? shown(id, hole) : (best(c.sideId, hole)?.net ?? null);
      }}
      pointsOf={
        stableford
          ? (id, hole) => {
              const c = column(id);
              if (!c.row) return best(c.sideId, hole)?.points ?? null;
              const strokes = shown(id, hole);
              const on = c.row.holes.find((h) => h.hole === hole);
              return strokes === null || !on ? null : stablefordPointsOn(on.par, on.strokesReceived, strokes);
            }
          : undefined
      }
      footer={[
        // Right under the total, to compare with it: par of the holes played plus the whole course handicap.
        {
          label: t('rounds.card.target'),
          testId: 'target',
          valueOf: (id) => {
            const ch = column(id).row?.courseHandicap ?? null;
            return ch === null ? '' : targetScore(view.card, ch);
          },
        },
        {
          label: t('rounds.card.net'),
          valueOf: (id) => (column(id).row ? (played(id)?.net ?? '') : (bestTotals(column(id).sideId)?.net ?? '')),
        },
        {
          label: t('rounds.card.points'),
          valueOf: (id) =>
            column(id).row ? (played(id)?.points ?? '') : (bestTotals(column(id).sideId)?.points ?? ''),
        },
      ]}
    />
  );
}
