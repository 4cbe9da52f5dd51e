import { computeMetrics, revenueChurnRate, TRAILING_WEEKS } from '../metrics/formulas.ts';
import type { WeekKey } from '../metrics/iso-week.ts';
import type { WeekRecord } from '../metrics/week-record.ts';
import type { ProjectionBaseline } from './runway-projection.ts';

export type ScenarioBaseline = ProjectionBaseline & {
  latest: WeekKey;
  weeklyBurn: number;
  /** The dashboard's runway (null: not burning), the same figure the Overview shows. */
  runwayWeeks: number | null;
  /** The dashboard's monthly revenue growth over the last 8 weeks, offered as an assumption; null when not measurable. */
  measuredMonthlyGrowth: number | null;
};

/**
 * The projection's starting point from the founder's records (oldest first), the dashboard's
 * own (decision 256): the latest week's cash and revenue, and the dashboard's burn (costs −
 * revenue over the last 4 recorded weeks, src/core/metrics/formulas.ts), so "as today" runs out
 * on the Overview's runway and cash-out date. Revenue is flat: growth is an assumption the
 * founder states (`weeklyGrowth` 0 here), never today's growth projected in silence. Churn is
 * the revenue churn of the last 4 weeks, so a churn change moves net growth by the difference.
 * Null without a recorded week.
 */
export function scenarioBaseline(records: readonly WeekRecord[]): ScenarioBaseline | null {
  const latest = records.at(-1);
  if (!latest) return null;
  const today = computeMetrics(records);
  return {
    latest: { year: latest.year, week: latest.week },
    cash: latest.cashBalance,
    weeklyRevenue: latest.weeklyRevenue,
    weeklyCosts: latest.weeklyRevenue + today.weeklyBurnRate,
    weeklyBurn: today.weeklyBurnRate,
    runwayWeeks: today.runwayWeeks,
    measuredMonthlyGrowth: today.revenueGrowth,
    weeklyGrowth: 0,
    weeklyChurn: revenueChurnRate(records.slice(-TRAILING_WEEKS)) ?? 0,
  };
}
