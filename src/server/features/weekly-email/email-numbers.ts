import type { Language } from '../../../core/i18n/language.ts';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import { METRIC_UNITS, type MetricUnit } from '../../../core/metrics/metric-units.ts';
import { metricNumberFormatter, numberTextStyle } from '../../../core/numbers/number-text.ts';

/** Whose numbers: the founder's language, country and currency decide how a value is written. */
export type NumberReader = { language: Language; country: string | null; currency: string };

/**
 * A metric's value as the weekly e-mails write it: in the dashboard's unit for that metric
 * (core/metrics/metric-units.ts) and the founder's number convention, so the e-mail and
 * the Metrics page never write one number two ways.
 */
export function emailMetricFormat(reader: NumberReader): (key: MetricKey, value: number) => string {
  const style = numberTextStyle(reader);
  const byUnit = new Map<MetricUnit, (value: number | null) => string>();
  return (key, value) => {
    const unit = METRIC_UNITS[key];
    let format = byUnit.get(unit);
    if (!format) byUnit.set(unit, (format = metricNumberFormatter(unit, style)));
    return format(value);
  };
}
