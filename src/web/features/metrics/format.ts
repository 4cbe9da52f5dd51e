import type { MetricKey } from '../../../core/metrics/formulas.ts';
import type { Target } from '../../../core/metrics/targets.ts';

/** How each metric reads: its unit decides formatting, and the card's and chart's labels. */
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

export type Formatter = (value: number | null) => string;

/** A metric value for people: '—' when it cannot be computed (SPEC §10), never 0 or ∞. */
export function metricFormatter(unit: MetricUnit, locale: string, currency: string, compact = false): Formatter {
  const number = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options);
  const formats: Record<MetricUnit, Intl.NumberFormat> = {
    money: number({ style: 'currency', currency, maximumFractionDigits: compact ? 1 : 0, notation: compact ? 'compact' : 'standard' }),
    moneyPerWeek: number({ style: 'currency', currency, maximumFractionDigits: compact ? 1 : 0, notation: compact ? 'compact' : 'standard' }),
    percent: number({ style: 'percent', maximumFractionDigits: 2 }),
    weeks: number({ maximumFractionDigits: 1 }),
    count: number({ maximumFractionDigits: 0, notation: compact ? 'compact' : 'standard' }),
    multiple: number({ maximumFractionDigits: 1 }),
  };
  return (value) => (value === null || !Number.isFinite(value) ? '—' : formats[unit].format(value));
}

/** Plain numbers in the history table and inputs, to the cent. */
export function plainNumber(locale: string): Formatter {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (value) => (value === null ? '' : format.format(value));
}

/** The comparison sign a target reads with: `< 50`, `> 104 %`, `≥ 20 %`. */
export function targetSign(target: Target): string {
  return target.direction === 'below' ? '<' : target.direction === 'above' ? '>' : '≥';
}

/** Whether people of this locale write 1,5 for one and a half. */
export function usesDecimalComma(locale: string): boolean {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value === ',';
}
