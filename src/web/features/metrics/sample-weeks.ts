import { computeSeries } from '../../../core/metrics/formulas.ts';
import { weeksStillNeeded } from '../../../core/metrics/history-needs.ts';
import { targetStatuses } from '../../../core/metrics/targets.ts';
import type { WeekRecord } from '../../../core/metrics/week-record.ts';

/**
 * The sample startup shown where a founder has no numbers yet (the Metrics empty state)
 * and to visitors (the landing page's product showcase): the real formulas over fixed
 * weeks, so the prerendered HTML and the browser agree on every figure.
 */
/** Eight weeks of an invented seed-stage startup: what the dashboard will look like. */
const SAMPLE_WEEKS: WeekRecord[] = Array.from({ length: 8 }, (_, index) => ({
  year: 2026,
  week: 1 + index,
  newCustomers: 6 + index,
  marketingCosts: 1800,
  startingCustomers: 80 + index * 6,
  lostCustomers: 1,
  startingRevenue: 3600 + index * 260,
  churnedRevenue: 40,
  expansions: 120,
  downgrades: 20,
  weeklyCosts: 9500,
  weeklyRevenue: 3860 + index * 260,
  cashBalance: 420000 - index * 5600,
  dailyActiveUsers: 140 + index * 8,
  weeklyActiveUsers: 380 + index * 22,
  monthlyActiveUsers: 900 + index * 40,
  grossMarginPct: 78,
  arpu: 9.5,
  monthlyRevenue: null,
}));
export const sampleSeries = computeSeries(SAMPLE_WEEKS);
export const sample = sampleSeries.at(-1)!;
export const sampleNeeds = weeksStillNeeded(SAMPLE_WEEKS);
export const sampleStatuses = targetStatuses(sample);
