import { HTML_LANG } from '../i18n/language.ts';
import type { MetricUnit } from '../metrics/metric-units.ts';
import { type NumberConvention, numberConvention, type NumberSignals } from './convention.ts';
import { inConvention } from './format-number.ts';

/**
 * The one way a number becomes text for people, on every surface (screens, mentor, e-mails,
 * PDF, shared page): Intl writes the words, currency and rounding in the founder's language,
 * and the founder's marks replace Intl's (decision 110; es-419 would write `5.0` and `2.5%`
 * where a Chilean reads `5,0` and `2,5 %`). Decision 253.
 */
export type NumberTextStyle = { locale: string; convention: NumberConvention; currency: string };

/** The style of a founder: their language, and their country or national currency for the marks. */
export function numberTextStyle({ language, country, currency }: NumberSignals): NumberTextStyle {
  const code = currency ?? 'USD';
  return { locale: HTML_LANG[language], currency: code, convention: numberConvention({ language, country, currency: code }) };
}

const formats = new Map<string, Intl.NumberFormat>();

function intl(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A formatter in the style: any Intl options, the founder's marks (`2,5 %` for a decimal-comma founder, where es-419 alone writes `2.5%`). */
export function numberFormatter(style: NumberTextStyle, options: Intl.NumberFormatOptions = {}): (value: number) => string {
  return inConvention(intl(style.locale, options), style.convention);
}

/** One number in the style: `formatNumber(5, style, { minimumFractionDigits: 1 })` is `5,0` for a decimal-comma founder. */
export const formatNumber = (value: number, style: NumberTextStyle, options: Intl.NumberFormatOptions = {}) => numberFormatter(style, options)(value);

/** A share as a percentage: 0.025 is `2,5 %` for a decimal-comma founder, `2.5%` for a decimal-point one. */
export const formatPercent = (share: number, style: NumberTextStyle, maximumFractionDigits = 2) => formatNumber(share, style, { style: 'percent', maximumFractionDigits });

/** Money in the founder's currency, whole by default: `USD 57.633` in Spanish (decimal comma), `$57,633` in English. */
export const formatMoney = (value: number, style: NumberTextStyle, maximumFractionDigits = 0) =>
  formatNumber(value, style, { style: 'currency', currency: style.currency, maximumFractionDigits });

/**
 * A metric's value in its unit (core/metrics/metric-units.ts), as the dashboard writes it:
 * '—' when it cannot be computed (docs/product.md#metric-conventions), never 0 or ∞. The
 * unit words ("40 semanas", "/ sem.") are the caller's translations.
 */
export function metricNumberFormatter(unit: MetricUnit, style: NumberTextStyle, { compact = false, signed = false } = {}): (value: number | null) => string {
  const sign: Intl.NumberFormatOptions = signed ? { signDisplay: 'exceptZero' } : {};
  const number = (options: Intl.NumberFormatOptions) => numberFormatter(style, { ...options, ...sign });
  const money = number({ style: 'currency', currency: style.currency, maximumFractionDigits: compact ? 1 : 0, notation: compact ? 'compact' : 'standard' });
  const byUnit: Record<MetricUnit, (value: number) => string> = {
    money,
    moneyPerWeek: money,
    percent: number({ style: 'percent', maximumFractionDigits: 2 }),
    weeks: number({ maximumFractionDigits: 1 }),
    count: number({ maximumFractionDigits: 0, notation: compact ? 'compact' : 'standard' }),
    multiple: number({ maximumFractionDigits: 1 }),
  };
  return (value) => (value === null || !Number.isFinite(value) ? '—' : byUnit[unit](value));
}
