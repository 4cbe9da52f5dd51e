import type { Language } from '../../../core/i18n/language.ts';
import { numberFormatter, numberTextStyle } from '../../../core/numbers/number-text.ts';
import { OFFLINE_TEXT } from './offline-text.ts';

const DAY_MS = 86_400_000;

/**
 * How the offline mentor writes numbers: in the founder's language and convention (their
 * country, else their currency's, else their language's marks: decision 110) and currency,
 * rounded as the dashboard rounds them.
 */
export function numberWriter(language: Language, founder: { currency?: string; country?: string | null } = {}) {
  const style = numberTextStyle({ language, country: founder.country, currency: founder.currency ?? 'USD' });
  const locale = style.locale;
  const format = (options: Intl.NumberFormatOptions) => numberFormatter(style, options);
  const money = format({ style: 'currency', currency: style.currency, maximumFractionDigits: 0 });
  const percent = format({ style: 'percent', maximumFractionDigits: 2 });
  const share = format({ style: 'percent', maximumFractionDigits: 0 });
  const oneDecimal = format({ maximumFractionDigits: 1 });
  const whole = format({ maximumFractionDigits: 0 });
  const ice = format({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    money,
    percent,
    /** A share of a whole, to the percent: `95%`. */
    share,
    whole,
    weeks: (value: number) => OFFLINE_TEXT[language].weeks(oneDecimal(value)),
    ratio: (value: number) => `${oneDecimal(value)}:1`,
    ice,
    /** `June 2027`, `junio de 2027`: when the cash runs out, as precisely as a projection deserves. */
    monthYear: (day: number) => monthYear.format(new Date(day * DAY_MS)),
  };
}
export type NumberWriter = ReturnType<typeof numberWriter>;
