import { HTML_LANG, type Language } from '../../../core/i18n/language.ts';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import { METRIC_UNITS, type MetricUnit } from '../../../core/metrics/metric-units.ts';
import { numberConvention } from '../../../core/numbers/convention.ts';
import { inConvention } from '../../../core/numbers/format-number.ts';

/** Whose numbers: the founder's language, country and currency decide how a value is written. */
export type NumberReader = { language: Language; country: string | null; currency: string };

/**
 * A metric's value as the weekly e-mails write it: in the dashboard's unit for that metric
 * (core/metrics/metric-units.ts) and the founder's number convention, so the e-mail and
 * the Metrics page never write one number two ways.
 */
export function emailMetricFormat(reader: NumberReader): (key: MetricKey, value: number) => string {
  const locale = HTML_LANG[reader.language];
  const convention = numberConvention({ language: reader.language, country: reader.country, currency: reader.currency });
  const number = (options: Intl.NumberFormatOptions) => inConvention(new Intl.NumberFormat(locale, options), convention);
  const money = number({ style: 'currency', currency: reader.currency, maximumFractionDigits: 0 });
  const formats: Record<MetricUnit, (value: number) => string> = {
    money,
    moneyPerWeek: money,
    count: number({ maximumFractionDigits: 0 }),
    weeks: number({ maximumFractionDigits: 1 }),
    percent: number({ style: 'percent', maximumFractionDigits: 2 }),
    multiple: number({ maximumFractionDigits: 1 }),
  };
  return (key, value) => formats[METRIC_UNITS[key]](value);
}
