import { NDR_MIN_CONFIDENT_WEEKS, TRAILING_WEEKS } from './formulas.ts';
import { weekIndex } from './iso-week.ts';
import type { WeekRecord } from './week-record.ts';

/**
 * Metrics that need history before their value is a measurement rather than a guess
 * (decision 112). Until then a card shows the value grey with "needs N more weeks"
 * instead of a target badge: a green "On target" for an NDR annualised from 4 weeks
 * would tell a founder something nobody knows yet.
 * - NDR compounds weekly retention into a year; under 13 weeks with revenue the
 *   projection is low confidence (`formulas.ts`).
 * - Revenue growth compares the last 4 calendar weeks with the 4 before: 8 in a row.
 * - User growth compares a week with the one before: 2 in a row.
 * - LTV (and LTV:CAC) divide by monthly churn, read over the last 4 recorded weeks:
 *   one week of churn extrapolated to a lifetime is noise.
 */
export const HISTORY_NEEDS = {
  ndr: { weeks: NDR_MIN_CONFIDENT_WEEKS, counts: 'revenueWeeks' },
  revenueGrowth: { weeks: 2 * TRAILING_WEEKS, counts: 'weeksInARow' },
  userGrowth: { weeks: 2, counts: 'weeksInARow' },
  ltv: { weeks: TRAILING_WEEKS, counts: 'recordedWeeks' },
  ltvToCac: { weeks: TRAILING_WEEKS, counts: 'recordedWeeks' },
} as const;
export type HistoryMetric = keyof typeof HISTORY_NEEDS;
export type WeeksNeeded = Partial<Record<HistoryMetric, number>>;

/** Calendar weeks recorded in a row, ending at the latest record. */
function weeksInARow(records: readonly WeekRecord[]): number {
  let run = records.length > 0 ? 1 : 0;
  while (run < records.length && weekIndex(records.at(-run)!) - weekIndex(records.at(-run - 1)!) === 1) run++;
  return run;
}

/**
 * How many more weeks each metric still needs, for the metrics that need any; an
 * absent key has its history. `records` sorted oldest first.
 */
export function weeksStillNeeded(records: readonly WeekRecord[]): WeeksNeeded {
  const have = {
    revenueWeeks: records.filter((record) => record.startingRevenue > 0).length,
    weeksInARow: weeksInARow(records),
    recordedWeeks: records.length,
  };
  const needed: WeeksNeeded = {};
  for (const [metric, need] of Object.entries(HISTORY_NEEDS) as [HistoryMetric, (typeof HISTORY_NEEDS)[HistoryMetric]][]) {
    const missing = need.weeks - have[need.counts];
    if (missing > 0) needed[metric] = missing;
  }
  return needed;
}
