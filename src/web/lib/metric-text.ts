import { useTranslation } from 'react-i18next';
import type { MetricKey } from '../../core/metrics/formulas.ts';
import { METRIC_UNITS, metricFormatter } from './metric-format.ts';
import type { NumberStyle } from './number-style.ts';

/**
 * A metric's value as words and numbers, the same on every page: "3 %", "$300",
 * "40 weeks", "4.1 : 1", "$5,000 / wk"; '—' when there is none.
 */
export function useMetricText(numbers: NumberStyle) {
  const { t } = useTranslation('common');
  return (key: MetricKey, value: number | null | undefined) => {
    const unit = METRIC_UNITS[key];
    const number = value ?? null;
    const formatted = metricFormatter(unit, numbers)(number);
    if (number === null || !Number.isFinite(number)) return formatted;
    if (unit === 'weeks') return t('units.weeks', { value: formatted, count: Math.round(number) });
    if (unit === 'multiple') return t('units.multiple', { value: formatted });
    if (unit === 'moneyPerWeek') return t('units.perWeek', { value: formatted });
    return formatted;
  };
}
