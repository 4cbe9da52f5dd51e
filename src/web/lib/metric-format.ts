import type { MetricUnit } from '../../core/metrics/metric-units.ts';
import type { Target } from '../../core/metrics/targets.ts';
import { metricNumberFormatter, numberFormatter } from '../../core/numbers/number-text.ts';
import type { NumberStyle } from './number-style.ts';

/** How each metric reads (shared with the mentor's number check): its unit decides formatting, and the card's and chart's labels. */
export { METRIC_UNITS, type MetricUnit } from '../../core/metrics/metric-units.ts';

export type Formatter = (value: number | null) => string;

/**
 * A metric value for people: '—' when it cannot be computed (docs/product.md#metric-conventions), never 0 or ∞.
 * The language gives the words and the currency's place, the founder's convention the
 * marks (USD 198.900 for a Chilean, USD 198,900 for a Mexican; decision 110).
 */
export function metricFormatter(unit: MetricUnit, numbers: NumberStyle, compact = false, signed = false): Formatter {
  return metricNumberFormatter(unit, numbers, { compact, signed });
}

/**
 * Money to the cent in the founder's currency, as the history table and the plausibility
 * check show it (`MXN 14,040.50`; no cents for a currency without them, such as CLP).
 */
export function moneyFormatter(numbers: NumberStyle): Formatter {
  const format = numberFormatter(numbers, { style: 'currency', currency: numbers.currency, maximumFractionDigits: 2 });
  return (value) => (value === null || !Number.isFinite(value) ? '—' : format(value));
}

/** The comparison sign a target reads with: `< 50`, `> 104 %`, `≥ 20 %`. */
export function targetSign(target: Target): string {
  return target.direction === 'below' ? '<' : target.direction === 'above' ? '>' : '≥';
}
