import { classify, TARGETS, type Target, type TargetedMetric, type TargetStatus } from '../metrics/targets.ts';
import type { MetricKey } from '../metrics/formulas.ts';
import { METRIC_UNITS, type MetricUnit } from '../metrics/metric-units.ts';
import type { WeekRecord } from '../metrics/week-record.ts';

/**
 * The metric targets (docs/product.md#metric-targets) as the offline mentor reads them.
 * The thresholds, directions and the on / near / off judgement are the metrics feature's
 * (src/core/metrics/targets.ts): one source of truth, so the mentor never disagrees with
 * the dashboard's traffic light. This file only adds what the mentor needs to
 * explain itself: the unit each number is written in (the dashboard's, core/metrics/metric-units.ts) and the order it lists them in.
 */
export type { TargetedMetric, TargetStatus };
export type MetricTarget = Target & { key: TargetedMetric; unit: MetricUnit };

/** Survival first: the order the mentor lists and weighs the metrics in. */
const MENTOR_ORDER: readonly TargetedMetric[] = ['runwayWeeks', 'churnRate', 'ndr', 'ltvToCac', 'paybackWeeks', 'userGrowth', 'revenueGrowth'];

export const METRIC_TARGETS: readonly MetricTarget[] = MENTOR_ORDER.map((key) => ({ key, ...TARGETS[key], unit: METRIC_UNITS[key] }));

/** The dashboard's judgement of a computed number (never null: the caller has a value). */
export function targetStatus(target: MetricTarget, value: number): TargetStatus {
  return classify(value, target)!;
}

/** How a metric moved over the recent weeks, judged by its target's direction. */
export type MetricTrend = 'improving' | 'worsening' | 'steady';

/** One recent recorded week, as the context lists it. */
export type RecentWeek = { year: number; week: number } & Partial<Record<'mrr' | 'activeUsers' | 'cashBalance' | 'runwayWeeks' | 'churnRate', number | null>>;

/** The latest computed metrics (GET /api/metrics/summary `latest`); null = cannot be computed. */
export type MetricFacts = {
  year: number;
  week: number;
  values: Partial<Record<MetricKey, number | null>>;
  /** The last few recorded weeks, oldest first. */
  recent?: RecentWeek[];
  /** Over the last few recorded weeks, for the targeted metrics with enough data. */
  trends?: Partial<Record<TargetedMetric, MetricTrend>>;
  /** How many weeks the trends span. */
  trendWeeks?: number;
  /** What the founder typed for the latest week (costs, revenue, customers), for the mentor's arithmetic. */
  inputs?: WeekRecord;
};
