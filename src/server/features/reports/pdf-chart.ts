import type { LineChart } from '../../../core/reports/update-charts.ts';
import type { PdfDocument } from './pdf-fonts.ts';

/**
 * A line chart of the update's PDF (decisions 184 and 264): vector paths drawn by PDFKit.
 * The geometry is pure (`plotPoints`, `segments`), so it is tested on its own; `drawLineChart`
 * places it on the page.
 */
export type Box = { x: number; y: number; width: number; height: number };
export type Point = { x: number; y: number };

/**
 * Each value's point in the box (y up from the box's bottom edge): weeks spread evenly left
 * to right, the lowest value on the bottom edge and the highest on the top. A flat series
 * sits at mid-height; a week without a value (null) has no point, so the line breaks there.
 */
export function plotPoints(values: readonly (number | null)[], box: Box): (Point | null)[] {
  const present = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (!present.length) return values.map(() => null);
  const min = Math.min(...present);
  const range = Math.max(...present) - min;
  const step = values.length > 1 ? box.width / (values.length - 1) : 0;
  return values.map((value, index) => {
    if (value === null || !Number.isFinite(value)) return null;
    const x = values.length > 1 ? box.x + index * step : box.x + box.width / 2;
    const y = range === 0 ? box.y + box.height / 2 : box.y + ((value - min) / range) * box.height;
    return { x, y };
  });
}

/** The runs of consecutive points between gaps; a run of one is drawn as a dot. */
export function segments(points: readonly (Point | null)[]): Point[][] {
  const runs: Point[][] = [];
  let run: Point[] = [];
  for (const point of points) {
    if (point) run.push(point);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

const LABEL_SIZE = 8;
const TITLE_SIZE = 11;
/** Room above the box for the title, and below it for the dates. */
export const CHART_TITLE_SPACE = 18;
export const CHART_DATE_SPACE = 14;
const COLORS = { axis: '#999999', line: '#175ca6', text: '#111111' };

/**
 * Draws the chart with its box's top-left corner at (x, top) in page coordinates (y down, as
 * PDFKit places things): title above the box, axes, the line, min/max left of the axis, the
 * first and last week's Monday below it, or "No data" with fewer than 2 recorded weeks.
 */
export function drawLineChart(doc: PdfDocument, chart: LineChart, area: { x: number; top: number; width: number; height: number }) {
  const { x, width, height } = area;
  const boxTop = area.top + CHART_TITLE_SPACE;
  const bottom = boxTop + height;
  const right = x + width;
  doc.font('bold').fontSize(TITLE_SIZE).fillColor(COLORS.text).text(chart.title, x, area.top, { lineBreak: false });
  doc.save().strokeColor(COLORS.axis).lineWidth(0.5).moveTo(x, boxTop).lineTo(x, bottom).lineTo(right, bottom).stroke().restore();
  doc.font('regular').fontSize(LABEL_SIZE);
  doc.text(chart.labels.first, x, bottom + 3, { lineBreak: false });
  doc.text(chart.labels.last, right - doc.widthOfString(chart.labels.last), bottom + 3, { lineBreak: false });

  const points = plotPoints(chart.values, { x, y: 0, width, height });
  if (points.filter(Boolean).length < 2) {
    doc.fontSize(10).text(chart.noData, x + (width - doc.fontSize(10).widthOfString(chart.noData)) / 2, boxTop + height / 2 - 6, { lineBreak: false });
    return;
  }
  const labelAt = (label: string, y: number) => doc.text(label, x - 4 - doc.widthOfString(label), y, { lineBreak: false });
  const values = chart.values.filter((value) => value !== null);
  if (Math.min(...values) === Math.max(...values)) {
    // A flat series: its one value beside the line at mid-height, not the same label at both ends.
    labelAt(chart.labels.max, boxTop + height / 2 - LABEL_SIZE / 2);
  } else {
    labelAt(chart.labels.max, boxTop);
    labelAt(chart.labels.min, bottom - LABEL_SIZE);
  }
  // The geometry counts y up from the box's bottom edge; the page counts it down from the top.
  const onPage = (point: Point) => [point.x, bottom - point.y] as const;
  doc.save().strokeColor(COLORS.line).lineWidth(1.5).lineCap('round').lineJoin('round');
  for (const run of segments(points)) {
    const [first, ...rest] = run.map(onPage);
    doc.moveTo(...first!);
    // A lone week is a zero-length path: round caps still show it as a dot.
    for (const point of rest.length ? rest : [first!]) doc.lineTo(...point);
    doc.stroke();
  }
  doc.restore();
}
