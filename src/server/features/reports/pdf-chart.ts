import type { LineChart } from '../../../core/reports/update-charts.ts';
import { num, textAt, textWidth } from './pdf-text.ts';

/**
 * A line chart as PDF drawing operators (decision 184): vector paths, no library. Pure, so the
 * geometry is tested on its own; `markdownPdf` places it on the page.
 */
export type Box = { x: number; y: number; width: number; height: number };
export type Point = { x: number; y: number };

/**
 * Each value's point in the box (PDF coordinates, y up): weeks spread evenly left to right,
 * the lowest value on the bottom edge and the highest on the top. A flat series sits at
 * mid-height; a week without a value (null) has no point, so the line breaks there.
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

/** The chart's operators: title above the box, axes, the line, min/max left of the axis, first/last week below. */
export function lineChartOperators(chart: LineChart, box: Box): string {
  const right = box.x + box.width;
  const top = box.y + box.height;
  let ops = textAt(chart.title, box.x, top + CHART_TITLE_SPACE - TITLE_SIZE + 2, TITLE_SIZE, 'F2');
  ops += `q 0.6 G 0.5 w ${num(box.x)} ${num(top)} m ${num(box.x)} ${num(box.y)} l ${num(right)} ${num(box.y)} l S Q\n`;
  ops += textAt(chart.labels.first, box.x, box.y - CHART_DATE_SPACE + 2, LABEL_SIZE);
  ops += textAt(chart.labels.last, right - textWidth(chart.labels.last, LABEL_SIZE), box.y - CHART_DATE_SPACE + 2, LABEL_SIZE);

  const points = plotPoints(chart.values, box);
  if (points.filter(Boolean).length < 2) {
    const width = textWidth(chart.noData, 10);
    return ops + textAt(chart.noData, box.x + (box.width - width) / 2, box.y + box.height / 2 - 3, 10);
  }
  const labelAt = (label: string, y: number) => textAt(label, box.x - 4 - textWidth(label, LABEL_SIZE), y, LABEL_SIZE);
  const values = chart.values.filter((value) => value !== null);
  if (Math.min(...values) === Math.max(...values)) {
    // A flat series: its one value beside the line at mid-height, not the same label at both ends.
    ops += labelAt(chart.labels.max, box.y + box.height / 2 - 3);
  } else {
    ops += labelAt(chart.labels.max, top - LABEL_SIZE + 2);
    ops += labelAt(chart.labels.min, box.y);
  }
  const paths = segments(points)
    .map((run) => {
      const [first, ...rest] = run;
      const to = rest.length ? rest : [first!];
      return `${num(first!.x)} ${num(first!.y)} m ${to.map((p) => `${num(p.x)} ${num(p.y)} l`).join(' ')} S`;
    })
    .join('\n');
  // Round caps and joins: a lone week (a zero-length path) still shows as a dot.
  return `${ops}q 0.09 0.36 0.65 RG 1.5 w 1 J 1 j\n${paths}\nQ\n`;
}
