import { describe, expect, it } from 'vitest';
import type { LineChart } from '../../../src/core/reports/update-charts.ts';
import { lineChartOperators, plotPoints, segments } from '../../../src/server/features/reports/pdf-chart.ts';

const box = { x: 100, y: 200, width: 300, height: 100 };
const chart = (values: (number | null)[]): LineChart => ({
  title: 'Cash by week',
  values,
  labels: { min: '$1,000', max: '$3,000', first: '2026-01-05', last: '2026-02-23' },
  noData: 'No data',
});

describe('the PDF line chart', () => {
  it('maps the lowest value to the bottom edge, the highest to the top, and the weeks evenly across', () => {
    expect(plotPoints([1000, 3000, 2000], box)).toEqual([
      { x: 100, y: 200 },
      { x: 250, y: 300 },
      { x: 400, y: 250 },
    ]);
  });

  it('keeps every point inside the box, negative cash included', () => {
    const points = plotPoints([-5000, 12_000, 0, 7, -1], box);
    for (const point of points) {
      expect(point!.x).toBeGreaterThanOrEqual(box.x);
      expect(point!.x).toBeLessThanOrEqual(box.x + box.width);
      expect(point!.y).toBeGreaterThanOrEqual(box.y);
      expect(point!.y).toBeLessThanOrEqual(box.y + box.height);
    }
  });

  it('draws a flat series at mid-height instead of dividing by zero', () => {
    const points = plotPoints([500, 500, 500], box);
    expect(points.map((point) => point!.y)).toEqual([250, 250, 250]);
    const ops = lineChartOperators({ ...chart([500, 500, 500]), labels: { min: '$500', max: '$500', first: '2026-01-05', last: '2026-01-19' } }, box);
    expect(ops).not.toMatch(/NaN|Infinity/);
    // Its value is printed once, beside the line.
    expect(ops.match(/\(\$500\) Tj/g)).toHaveLength(1);
    expect(ops).toMatch(/Td \(\$500\) Tj/);
    expect(ops).toMatch(/[\d.]+ 247 Td \(\$500\)/);
  });

  it('leaves a gap for a week without a value, and draws a lone week as a dot', () => {
    const points = plotPoints([1000, 2000, null, 3000, null, null], box);
    expect(points[2]).toBeNull();
    expect(segments(points).map((run) => run.length)).toEqual([2, 1]);
    const ops = lineChartOperators(chart([1000, 2000, null, 3000, null, null]), box);
    // Two strokes: the first two weeks joined, the fourth on its own (a zero-length round-capped path).
    expect(ops).toContain('100 200 m 160 250 l S');
    expect(ops).toContain('280 300 m 280 300 l S');
    expect(ops).toContain('1 J');
  });

  it('prints the title, min and max beside the axis, and the first and last week below it', () => {
    const ops = lineChartOperators(chart([1000, 3000]), box);
    for (const text of ['(Cash by week) Tj', '($1,000) Tj', '($3,000) Tj', '(2026-01-05) Tj', '(2026-02-23) Tj']) expect(ops).toContain(text);
    expect(ops).not.toContain('No data');
    // The max label ends left of the axis.
    const max = /BT \/F1 8 Tf ([\d.]+) [\d.]+ Td \(\$3,000\)/.exec(ops)!;
    expect(Number(max[1])).toBeLessThan(box.x);
  });

  it('says "No data" and draws no line with fewer than 2 points', () => {
    for (const values of [[], [null, null], [null, 4000, null]]) {
      const ops = lineChartOperators(chart(values), box);
      expect(ops).toContain('(No data) Tj');
      expect(ops).not.toContain(' RG');
      expect(ops).not.toContain('($3,000)');
    }
  });
});
