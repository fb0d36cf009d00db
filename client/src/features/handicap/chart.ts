/**
 * The geometry of the index chart (HandicapScreen's IndexChart), pure so it is tested without a browser:
 * scales from dates and indexes to pixels of an SVG as wide as its box, "nice" index ticks, and the step
 * line (an index holds from the day it changed until the next change).
 */

export interface IndexPoint {
  /** YYYY-MM-DD */
  date: string;
  index: number;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the index labels on the left, the dates below, and the last point's label above. */
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface ChartGeometry {
  /** The step line through every point, as an SVG path. */
  path: string;
  points: { x: number; y: number; point: IndexPoint }[];
  /** Horizontal grid lines with their index value. */
  yTicks: { y: number; value: number }[];
  /** The dates written under the axis: the first and the last, and one between when there is room. */
  xTicks: { x: number; date: string; anchor: 'start' | 'middle' | 'end' }[];
  plot: { left: number; right: number; top: number; bottom: number };
  /** Where the latest index is written (its baseline), clear of the line. */
  lastLabel: { x: number; y: number; anchor: 'middle' | 'end' };
}

const DAY_MS = 86_400_000;
/** Steps between index ticks, in index points (one decimal is the finest an index has). */
const TICK_STEPS = [0.5, 1, 2, 5, 10, 20] as const;
/** At most this many intervals between ticks: four labels are what a phone's 220 px high chart holds legibly. */
const MAX_INTERVALS = 3;
/** The latest index's label is about this high (18 px bold figures) and keeps this distance from the line. */
const LABEL_HEIGHT_PX = 14;
const LABEL_GAP_PX = 10;
/** A middle date label needs this much width, or it runs into the first and last ones. */
const MIDDLE_LABEL_MIN_WIDTH = 480;

function dayNumber(isoDate: string): number {
  return Math.round(
    Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / DAY_MS,
  );
}

/** Index ticks covering `min`..`max` at a round step, no more than MAX_INTERVALS of them apart. */
export function indexTicks(min: number, max: number): number[] {
  const span = Math.max(max - min, 0);
  const step = TICK_STEPS.find((s) => Math.ceil(max / s - 1e-9) - Math.floor(min / s + 1e-9) <= MAX_INTERVALS) ?? 50;
  let low = Math.floor(min / step + 1e-9) * step;
  let high = Math.ceil(max / step - 1e-9) * step;
  // One value (or all the same): a band around it, so the line sits inside the chart, not on its edge.
  if (span === 0 || high === low) {
    low -= step;
    high += step;
  }
  const ticks: number[] = [];
  for (let v = low; v <= high + 1e-9; v += step) ticks.push(Math.round(v * 10) / 10);
  return ticks;
}

/** The chart for `history` (oldest first) in `box`; null when there is nothing to draw. */
export function chartGeometry(history: readonly IndexPoint[], box: ChartBox): ChartGeometry | null {
  if (history.length === 0 || box.width <= 0) return null;
  const plot = {
    left: box.margin.left,
    right: box.width - box.margin.right,
    top: box.margin.top,
    bottom: box.height - box.margin.bottom,
  };
  const days = history.map((p) => dayNumber(p.date));
  const firstDay = days[0]!;
  const lastDay = days[days.length - 1]!;
  const indexes = history.map((p) => p.index);
  const ticks = indexTicks(Math.min(...indexes), Math.max(...indexes));
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;

  // One day only: the point in the middle.
  const x = (day: number) =>
    lastDay === firstDay
      ? (plot.left + plot.right) / 2
      : plot.left + ((day - firstDay) / (lastDay - firstDay)) * (plot.right - plot.left);
  // A higher index is higher up; a plus index (stored negative) is below 0.
  const y = (value: number) => plot.bottom - ((value - low) / (high - low)) * (plot.bottom - plot.top);
  const round = (n: number) => Math.round(n * 10) / 10;

  const points = history.map((point, i) => ({ x: round(x(days[i]!)), y: round(y(point.index)), point }));
  const segments = points.map((p, i) => (i === 0 ? `M${p.x} ${p.y}` : `H${p.x} V${p.y}`));
  // A single day is drawn as a short level line through its point.
  const path = points.length === 1 ? `M${round(plot.left)} ${points[0]!.y} H${round(plot.right)}` : segments.join(' ');

  const xTicks: ChartGeometry['xTicks'] =
    points.length === 1
      ? [{ x: points[0]!.x, date: history[0]!.date, anchor: 'middle' }]
      : [
          { x: points[0]!.x, date: history[0]!.date, anchor: 'start' },
          { x: points[points.length - 1]!.x, date: history[history.length - 1]!.date, anchor: 'end' },
        ];
  if (points.length > 2 && box.width >= MIDDLE_LABEL_MIN_WIDTH) {
    const middle = points[Math.floor(points.length / 2)]!;
    xTicks.splice(1, 0, { x: middle.x, date: middle.point.date, anchor: 'middle' });
  }

  // The latest index: above a single day's point; left of the latest point when the last change was a
  // big step (the line is far above or below the label there); else above both the point and the level
  // the line came in at.
  const last = points[points.length - 1]!;
  const before = points[points.length - 2];
  const lastLabel: ChartGeometry['lastLabel'] = !before
    ? { x: last.x, y: round(last.y - LABEL_GAP_PX - 6), anchor: 'middle' }
    : Math.abs(last.y - before.y) >= LABEL_HEIGHT_PX + LABEL_GAP_PX
      ? { x: round(last.x - LABEL_GAP_PX - 4), y: round(last.y + LABEL_HEIGHT_PX / 2), anchor: 'end' }
      : { x: last.x, y: round(Math.min(last.y, before.y) - LABEL_GAP_PX), anchor: 'end' };

  return {
    path,
    lastLabel,
    points,
    yTicks: ticks.map((value) => ({ y: round(y(value)), value })),
    xTicks,
    plot,
  };
}

/** The first, the last and the lowest point (the earliest of equals): what the chart's caption says. */
export function historySummary(
  history: readonly IndexPoint[],
): { first: IndexPoint; last: IndexPoint; lowest: IndexPoint } | null {
  if (history.length === 0) return null;
  const lowest = history.reduce((best, p) => (p.index < best.index ? p : best), history[0]!);
  return { first: history[0]!, last: history[history.length - 1]!, lowest };
}
