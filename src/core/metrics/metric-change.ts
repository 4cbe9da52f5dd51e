import { BENCHMARK_METRICS } from './benchmarks.ts';
import type { MetricKey } from './formulas.ts';
import { type WeekKey, weekIndex } from './iso-week.ts';

/**
 * How a metric moved: against the week before and against 4 weeks before (a month),
 * coloured by whether that is good for the metric, not by its sign: churn going down
 * is good, burn going up is bad (decision 112).
 */
export const BETTER_WHEN: Record<MetricKey, 'higher' | 'lower'> = {
  ...BENCHMARK_METRICS,
  arr: 'higher',
  weeklyRecurringRevenue: 'higher',
  cashBalance: 'higher',
  monthlyChurnRate: 'lower',
  revenueChurnRate: 'lower',
  burnMultiple: 'lower',
  quickRatio: 'higher',
};

/** Rates move in percentage points (churn 0.9 % → 0.7 % is −0.2 pp, not −22 %); the rest relatively. */
const RATE_METRICS: ReadonlySet<MetricKey> = new Set(['ndr', 'churnRate', 'monthlyChurnRate', 'revenueChurnRate', 'revenueGrowth', 'userGrowth']);

/** The comparisons each card shows: the week before, and 4 weeks before. */
export const CHANGE_SPANS = [1, 4] as const;
export type ChangeSpan = (typeof CHANGE_SPANS)[number];

export type ChangeTone = 'good' | 'bad' | 'flat';
export type MetricChange = {
  from: number;
  to: number;
  /** `to − from`, in the metric's unit (a rate's difference is in points: 0.002 = 0.2 pp). */
  difference: number;
  /** `difference ÷ |from|` for amounts and counts; null for rates, or when `from` is 0. */
  relative: number | null;
  tone: ChangeTone;
};

/** Below what is shown (0.1 % of an amount, 0.01 pp of a rate), a change reads as no change. */
const FLAT_RELATIVE = 0.0005;
const FLAT_POINTS = 0.00005;

type SeriesPoint = WeekKey & Partial<Record<MetricKey, number | null>>;

export function changeBetween(key: MetricKey, from: number, to: number): MetricChange {
  const difference = to - from;
  const rate = RATE_METRICS.has(key);
  const relative = rate || from === 0 ? null : difference / Math.abs(from);
  const negligible = rate ? Math.abs(difference) < FLAT_POINTS : relative === null ? difference === 0 : Math.abs(relative) < FLAT_RELATIVE;
  const better = BETTER_WHEN[key] === 'higher' ? difference > 0 : difference < 0;
  return { from, to, difference, relative, tone: negligible ? 'flat' : better ? 'good' : 'bad' };
}

/**
 * The metric's change from the calendar week `span` weeks before the latest point of an
 * oldest-first series. Null when that week was not recorded or either value is missing:
 * a gap is not a longer week (decision 047).
 */
export function metricChange(series: readonly SeriesPoint[], key: MetricKey, span: number): MetricChange | null {
  const latest = series.at(-1);
  if (!latest) return null;
  const wanted = weekIndex(latest) - span;
  const before = series.findLast((point) => weekIndex(point) === wanted);
  const from = before?.[key];
  const to = latest[key];
  if (from === null || from === undefined || to === null || to === undefined) return null;
  return changeBetween(key, from, to);
}

/** The metric over the `weeks` calendar weeks ending at the latest point, oldest first; null where a week is missing. */
export function recentValues(series: readonly SeriesPoint[], key: MetricKey, weeks: number): (number | null)[] {
  const latest = series.at(-1);
  if (!latest) return [];
  const first = weekIndex(latest) - weeks + 1;
  const values: (number | null)[] = Array.from({ length: weeks }, () => null);
  for (const point of series) {
    const slot = weekIndex(point) - first;
    if (slot >= 0 && slot < weeks) values[slot] = point[key] ?? null;
  }
  return values;
}
