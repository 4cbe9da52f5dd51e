import { describe, expect, it } from 'vitest';
import type { LineChart } from '../../../src/core/reports/update-charts.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { plotPoints, segments } from '../../../src/server/features/reports/pdf-chart.ts';
import { updatePdf } from '../../../src/server/features/reports/pdf.ts';

const box = { x: 100, y: 200, width: 300, height: 100 };
const chart = (values: (number | null)[]): LineChart => ({
  title: 'Cash by week',
  values,
  labels: { min: '$1,000', max: '$3,000', first: '2 Jan 2026', last: '23 Feb 2026' },
  noData: 'No data',
});

/** The text of a PDF holding only the given charts, read back as a viewer would. */
async function chartText(charts: LineChart[]): Promise<string> {
  const bytes = await updatePdf({ title: 'Charts', language: 'en', startupName: null, markdown: '' }, charts);
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

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
  });

  it('leaves a gap for a week without a value, and draws a lone week as a dot', () => {
    const points = plotPoints([1000, 2000, null, 3000, null, null], box);
    expect(points[2]).toBeNull();
    expect(segments(points).map((run) => run.length)).toEqual([2, 1]);
  });

  it('prints the title, min and max beside the axis, and the first and last week below it, in a PDF that parses', async () => {
    const text = await chartText([chart([1000, 3000])]);
    for (const label of ['Cash by week', '$1,000', '$3,000', '2 Jan 2026', '23 Feb 2026']) expect(text).toContain(label);
    expect(text).not.toContain('No data');
  });

  it('prints its one value once for a flat series', async () => {
    const text = await chartText([{ ...chart([500, 500, 500]), labels: { min: '$500', max: '$500', first: '5 Jan 2026', last: '19 Jan 2026' } }]);
    expect(text.match(/\$500/g)).toHaveLength(1);
  });

  it('says "No data" and prints no value with fewer than 2 points', async () => {
    const text = await chartText([chart([]), chart([null, null]), chart([null, 4000, null])]);
    expect(text.match(/No data/g)).toHaveLength(3);
    expect(text).not.toContain('$3,000');
  });
});
