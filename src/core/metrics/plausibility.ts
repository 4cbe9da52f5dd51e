import { computeMetrics, endingCustomers, TRAILING_WEEKS } from './formulas.ts';
import { compareWeeks, type WeekKey } from './iso-week.ts';
import type { WeekRecord, WeekRecordInput } from './week-record.ts';

/**
 * Numbers that look like a typo before they are saved (decision 111): a misplaced
 * separator or an extra zero moves a figure tenfold or a thousandfold, and a runway
 * that vanishes in a week is more often a mistyped cash balance than news. The founder
 * is asked, never blocked.
 */

/** A figure more than this many times above or below all of the last 4 recorded weeks is questioned. */
export const JUMP_FACTOR = 10;
/** A runway that loses more than this share in one week is questioned. */
export const RUNWAY_COLLAPSE = 0.8;

export type CheckedFigure = 'cashBalance' | 'weeklyRevenue' | 'weeklyCosts' | 'customers' | 'runwayWeeks';
export type ImplausibleChange = { figure: CheckedFigure; before: number; after: number };

const FIGURES: [CheckedFigure, (record: WeekRecord) => number][] = [
  ['cashBalance', (record) => record.cashBalance],
  ['weeklyRevenue', (record) => record.weeklyRevenue],
  ['weeklyCosts', (record) => record.weeklyCosts],
  ['customers', endingCustomers],
];

/**
 * What changed implausibly if `input` is saved as `week`, against the weeks recorded
 * before it. `before` is the last recorded week's figure (or runway); nothing is said
 * without an earlier week, or about a figure that was 0 in all of them (no scale yet).
 */
export function implausibleChanges(week: WeekKey, input: WeekRecordInput, history: readonly WeekRecord[]): ImplausibleChange[] {
  const earlier = history.filter((record) => compareWeeks(record, week) < 0).sort(compareWeeks);
  const recent = earlier.slice(-TRAILING_WEEKS);
  const last = recent.at(-1);
  if (!last) return [];
  const record: WeekRecord = { ...input, year: week.year, week: week.week };
  const changes: ImplausibleChange[] = [];
  for (const [figure, valueOf] of FIGURES) {
    const after = valueOf(record);
    const sizes = recent.map((past) => Math.abs(valueOf(past)));
    const jump = Math.abs(after) > JUMP_FACTOR * Math.max(...sizes) && Math.max(...sizes) > 0;
    const drop = Math.abs(after) * JUMP_FACTOR < Math.min(...sizes);
    if (jump || drop) changes.push({ figure, before: valueOf(last), after });
  }
  const runwayBefore = computeMetrics(earlier).runwayWeeks;
  const runwayAfter = computeMetrics([...earlier, record]).runwayWeeks;
  if (runwayBefore !== null && runwayAfter !== null && runwayAfter < runwayBefore * (1 - RUNWAY_COLLAPSE)) {
    changes.push({ figure: 'runwayWeeks', before: runwayBefore, after: runwayAfter });
  }
  return changes;
}
