import type { MetricKey } from './formulas.ts';

/** How each metric reads: its unit decides formatting on the dashboard and how the mentor may restate it. */
export type MetricUnit = 'money' | 'moneyPerWeek' | 'percent' | 'weeks' | 'count' | 'multiple';

export const METRIC_UNITS: Record<MetricKey, MetricUnit> = {
  cac: 'money',
  ndr: 'percent',
  mrr: 'money',
  arr: 'money',
  weeklyRecurringRevenue: 'moneyPerWeek',
  weeklyBurnRate: 'moneyPerWeek',
  runwayWeeks: 'weeks',
  churnRate: 'percent',
  monthlyChurnRate: 'percent',
  revenueChurnRate: 'percent',
  ltv: 'money',
  arpc: 'money',
  activeUsers: 'count',
  cashBalance: 'money',
  paybackWeeks: 'weeks',
  ltvToCac: 'multiple',
  revenueGrowth: 'percent',
  userGrowth: 'percent',
  burnMultiple: 'multiple',
  quickRatio: 'multiple',
};
