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

/**
 * The metrics the dashboard presents, in the order of docs/product.md#metric-formulas: one
 * list for its cards and its trend chart (the others are read in the mentor and reports).
 */
export const DASHBOARD_METRICS = [
  'mrr',
  'weeklyRecurringRevenue',
  'revenueGrowth',
  'cashBalance',
  'weeklyBurnRate',
  'runwayWeeks',
  'churnRate',
  'ndr',
  'cac',
  'ltv',
  'ltvToCac',
  'paybackWeeks',
  'arpc',
  'activeUsers',
  'userGrowth',
] as const satisfies readonly MetricKey[];
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];
