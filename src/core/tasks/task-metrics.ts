import type { MetricKey } from '../metrics/formulas.ts';

/**
 * The metrics a task can move: the headline keys of GET /api/metrics/summary's `latest`
 * (docs/product.md#values), a subset of the metrics feature's own keys.
 */
export const TASK_METRIC_KEYS = [
  'cac',
  'ndr',
  'mrr',
  'weeklyRecurringRevenue',
  'weeklyBurnRate',
  'runwayWeeks',
  'churnRate',
  'ltv',
  'arpc',
  'activeUsers',
  'cashBalance',
  'paybackWeeks',
  'ltvToCac',
] as const satisfies readonly MetricKey[];

export type TaskMetricKey = (typeof TASK_METRIC_KEYS)[number];

export function isTaskMetricKey(value: unknown): value is TaskMetricKey {
  return typeof value === 'string' && (TASK_METRIC_KEYS as readonly string[]).includes(value);
}
