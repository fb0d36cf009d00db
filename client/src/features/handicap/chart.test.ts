import { describe, expect, it } from 'vitest';
import { chartGeometry, historySummary, indexTicks } from './chart';

const box = { width: 340, height: 220, margin: { top: 30, right: 14, bottom: 34, left: 50 } };

describe('the index chart’s axis', () => {
  it('puts round ticks around the values, at most three intervals apart', () => {
    expect(indexTicks(17.2, 19.8)).toEqual([17, 18, 19, 20]);
    expect(indexTicks(12.1, 24.9)).toEqual([10, 15, 20, 25]);
    // One value: a band around it, so the line is not on the chart's edge.
    expect(indexTicks(18.4, 18.4)).toEqual([17.5, 18, 18.5, 19]);
    expect(indexTicks(18, 18)).toEqual([17.5, 18, 18.5]);
    // A plus index is stored negative and ticks through zero.
    expect(indexTicks(-2.1, 1.3)).toEqual([-4, -2, 0, 2]);
  });
});

describe('the index chart’s step line', () => {
  const history = [
    { date: '2026-05-01', index: 20 },
    { date: '2026-05-11', index: 18 },
    { date: '2026-05-21', index: 19 },
  ];

  it('holds each index until the next change, from the first date at the left to the last at the right', () => {
    const g = chartGeometry(history, box)!;
    expect(g.points.map((p) => p.x)).toEqual([50, 188, 326]);
    // Ticks 18..20 at step 1 (two intervals): 20 at the top, 18 at the bottom.
    expect(g.yTicks.map((t) => t.value)).toEqual([18, 19, 20]);
    expect(g.points.map((p) => p.y)).toEqual([30, 186, 108]);
    expect(g.path).toBe('M50 30 H188 V186 H326 V108');
    expect(g.xTicks.map((t) => [t.date, t.anchor])).toEqual([
      ['2026-05-01', 'start'],
      ['2026-05-21', 'end'],
    ]);
  });

  it('writes the latest index clear of the line: beside a big step, above a small one, over a single day', () => {
    expect(chartGeometry(history, box)!.lastLabel).toEqual({ x: 312, y: 115, anchor: 'end' });
    const small = [
      { date: '2026-05-01', index: 18 },
      { date: '2026-05-11', index: 19 },
      { date: '2026-05-21', index: 18.9 },
    ];
    // Ticks 18..19: 19 at the top (y 30), 18.9 at 45.6; the label's baseline 10 px above the higher one.
    expect(chartGeometry(small, box)!.lastLabel).toEqual({ x: 326, y: 20, anchor: 'end' });
    const single = chartGeometry([{ date: '2026-05-01', index: 18.4 }], box)!;
    expect(single.lastLabel).toEqual({ x: 188, y: single.points[0]!.y - 16, anchor: 'middle' });
  });

  it('has room for a middle date on a wide screen only', () => {
    expect(chartGeometry(history, { ...box, width: 640 })!.xTicks.map((t) => t.anchor)).toEqual([
      'start',
      'middle',
      'end',
    ]);
  });

  it('draws one day as a level line through its point, and nothing without a history or a width', () => {
    const g = chartGeometry([{ date: '2026-05-01', index: 18.4 }], box)!;
    expect(g.points[0]!.x).toBe(188);
    expect(g.path).toBe(`M50 ${g.points[0]!.y} H326`);
    expect(chartGeometry([], box)).toBeNull();
    expect(chartGeometry(history, { ...box, width: 0 })).toBeNull();
  });

  it('says first, last and the earliest lowest for the caption', () => {
    expect(historySummary(history)).toEqual({ first: history[0], last: history[2], lowest: history[1] });
    expect(historySummary([])).toBeNull();
  });
});
