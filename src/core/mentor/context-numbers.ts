import type { MetricKey } from '../metrics/formulas.ts';
import { METRIC_UNITS } from '../metrics/metric-units.ts';
import type { WeekKey } from '../metrics/iso-week.ts';
import { TARGETS, type TargetedMetric } from '../metrics/targets.ts';
import type { WeekInputField, WeekRecord } from '../metrics/week-record.ts';
import type { KnownNumber, NumberUnit } from './number-check.ts';

/**
 * The numbers of the founder's metrics as the mentor's context gives them, each with its
 * source, so an answer's numbers can be traced back to them (number-check.ts).
 */

/** What the founder types for a week: amounts, the week's costs and revenue, counts, the gross margin in percent. */
const INPUT_UNITS: Record<WeekInputField, NumberUnit> = {
  newCustomers: 'count',
  marketingCosts: 'money',
  startingCustomers: 'count',
  lostCustomers: 'count',
  startingRevenue: 'money',
  churnedRevenue: 'money',
  expansions: 'money',
  downgrades: 'money',
  weeklyCosts: 'moneyPerWeek',
  weeklyRevenue: 'moneyPerWeek',
  cashBalance: 'money',
  dailyActiveUsers: 'count',
  weeklyActiveUsers: 'count',
  monthlyActiveUsers: 'count',
  grossMarginPct: 'percent',
  arpu: 'money',
};

/** `2026-W47`: how the context and the answers write a recorded week. */
export const weekLabel = ({ year, week }: WeekKey) => `${year}-W${String(week).padStart(2, '0')}`;

/** The known numbers of one recorded week's metrics (those given, and computable). */
export function metricNumbers(point: WeekKey & Partial<Record<MetricKey, number | null>>, keys: readonly MetricKey[]): KnownNumber[] {
  const week = weekLabel(point);
  return keys.flatMap((key) => {
    const value = point[key];
    return typeof value === 'number' && Number.isFinite(value) ? [{ kind: 'metric' as const, key, value, unit: METRIC_UNITS[key], week }] : [];
  });
}

/** What the founder typed for a week; the gross margin as the share it is (80 → 0.8). */
export function inputNumbers(record: WeekRecord): KnownNumber[] {
  const week = weekLabel(record);
  return (Object.keys(INPUT_UNITS) as WeekInputField[]).flatMap((key) => {
    const typed = record[key];
    if (typed === null || typed === undefined) return [];
    const value = key === 'grossMarginPct' ? typed / 100 : typed;
    return [{ kind: 'input' as const, key, value, unit: INPUT_UNITS[key], week }];
  });
}

/** The targets every metric is judged against. */
export function targetNumbers(): KnownNumber[] {
  return (Object.entries(TARGETS) as [TargetedMetric, (typeof TARGETS)[TargetedMetric]][]).map(([key, target]) => ({
    kind: 'target',
    key,
    value: target.threshold,
    unit: METRIC_UNITS[key],
  }));
}
