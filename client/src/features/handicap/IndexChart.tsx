import { useLayoutEffect, useRef, useState } from 'react';
import { dayAndMonth } from '../../../../shared/format/dates';
import type { Language } from '../../../../shared/values';
import { formatHandicapIndex } from '../../lib/handicap';
import { useLanguage } from '../../i18n';
import { formatDate } from '../rounds/format';
import { chartGeometry, historySummary, type ChartBox, type IndexPoint } from './chart';

/** Taller on a wider screen, never so tall that a phone must scroll past it to reach the scores. */
const CHART_HEIGHT_PX = { phone: 220, wide: 260 } as const;
const WIDE_FROM_PX = 480;
const MARGIN: ChartBox['margin'] = { top: 30, right: 14, bottom: 34, left: 50 };

/** The width of the element, kept as it changes (the phone turned, the window resized). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** "3. mai" under the axis; with the year when the chart spans more than one. */
function axisDate(isoDate: string, withYear: boolean, language: Language): string {
  const text = dayAndMonth(Number(isoDate.slice(8, 10)), Number(isoDate.slice(5, 7)) - 1, language);
  return withYear ? `${text} ${isoDate.slice(0, 4)}` : text;
}

/**
 * The calculated index over time, drawn by the app as an inline SVG: a thick step line (an index holds
 * until it next changes), the index values on the left and dates below. The picture is hidden from screen
 * readers; the caption says first, last and lowest in a sentence, and a visually hidden table lists every
 * point.
 */
export function IndexChart({ history }: { history: readonly IndexPoint[] }) {
  const { t } = useLanguage();
  const summary = historySummary(history);
  if (!summary) return <p data-testid="chart-none">{t('handicap.chart.none')}</p>;
  return <ChartFigure history={history} summary={summary} />;
}

function ChartFigure({
  history,
  summary,
}: {
  history: readonly IndexPoint[];
  summary: NonNullable<ReturnType<typeof historySummary>>;
}) {
  const { t, language } = useLanguage();
  const [ref, width] = useWidth<HTMLDivElement>();

  const height = width >= WIDE_FROM_PX ? CHART_HEIGHT_PX.wide : CHART_HEIGHT_PX.phone;
  const geometry = chartGeometry(history, { width, height, margin: MARGIN });
  const index = (value: number) => formatHandicapIndex(value, language);
  const withYear = summary.first.date.slice(0, 4) !== summary.last.date.slice(0, 4);
  const caption =
    history.length === 1
      ? t('handicap.chart.single', {
          index: index(summary.first.index),
          date: formatDate(summary.first.date, language),
        })
      : t('handicap.chart.summary', {
          first: index(summary.first.index),
          firstDate: formatDate(summary.first.date, language),
          last: index(summary.last.index),
          lastDate: formatDate(summary.last.date, language),
          lowest: index(summary.lowest.index),
          lowestDate: formatDate(summary.lowest.date, language),
        });
  const last = geometry?.points[geometry.points.length - 1];

  return (
    <figure className="hcp-chart" data-testid="index-chart">
      <div ref={ref} className="hcp-chart-box" style={{ height }}>
        {geometry ? (
          <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
            {geometry.yTicks.map((tick) => (
              <g key={tick.value}>
                <line x1={geometry.plot.left} x2={geometry.plot.right} y1={tick.y} y2={tick.y} className="hcp-grid" />
                <text x={geometry.plot.left - 8} y={tick.y} dy="0.35em" textAnchor="end" className="hcp-axis">
                  {index(tick.value)}
                </text>
              </g>
            ))}
            <line
              x1={geometry.plot.left}
              x2={geometry.plot.right}
              y1={geometry.plot.bottom}
              y2={geometry.plot.bottom}
              className="hcp-baseline"
            />
            {geometry.xTicks.map((tick) => (
              <text
                key={tick.date}
                x={tick.x}
                y={geometry.plot.bottom + 24}
                textAnchor={tick.anchor}
                className="hcp-axis"
              >
                {axisDate(tick.date, withYear, language)}
              </text>
            ))}
            <path d={geometry.path} className="hcp-line" />
            {geometry.points.map((p) => (
              <circle key={p.point.date} cx={p.x} cy={p.y} r={5} className="hcp-point" />
            ))}
            {last ? (
              <>
                <circle cx={last.x} cy={last.y} r={8} className="hcp-point last" />
                <text
                  x={geometry.lastLabel.x}
                  y={geometry.lastLabel.y}
                  textAnchor={geometry.lastLabel.anchor}
                  className="hcp-last-label"
                >
                  {index(last.point.index)}
                </text>
              </>
            ) : null}
          </svg>
        ) : null}
      </div>
      <figcaption className="hcp-caption" data-testid="chart-caption">
        {caption}
      </figcaption>
      <table className="visually-hidden">
        <caption>{t('handicap.chart.table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('handicap.chart.date')}</th>
            <th scope="col">{t('handicap.chart.index')}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((p) => (
            <tr key={p.date}>
              <td>{formatDate(p.date, language)}</td>
              <td>{index(p.index)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
