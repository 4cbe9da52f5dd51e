import { revenueChurnRate, revenueGrowth, TRAILING_WEEKS } from '../metrics/formulas.ts';
import type { WeekKey } from '../metrics/iso-week.ts';
import type { WeekRecord } from '../metrics/week-record.ts';
import { weeklyRateFromMonthly, type ProjectionBaseline } from './runway-projection.ts';

/**
 * The projection's starting point from the founder's records (oldest first): the latest
 * week's cash, revenue and costs; growth is the dashboard's monthly revenue growth and churn
 * its revenue churn over the last 4 weeks (docs/product.md#metric-formulas), 0 when not yet
 * measurable. Null without a recorded week.
 */
export function scenarioBaseline(records: readonly WeekRecord[]): (ProjectionBaseline & { latest: WeekKey }) | null {
  const latest = records.at(-1);
  if (!latest) return null;
  const growth = revenueGrowth(records);
  return {
    latest: { year: latest.year, week: latest.week },
    cash: latest.cashBalance,
    weeklyRevenue: latest.weeklyRevenue,
    weeklyCosts: latest.weeklyCosts,
    weeklyGrowth: growth === null ? 0 : weeklyRateFromMonthly(growth),
    weeklyChurn: revenueChurnRate(records.slice(-TRAILING_WEEKS)) ?? 0,
  };
}
