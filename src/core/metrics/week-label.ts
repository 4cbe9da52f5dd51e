import type { Language } from '../i18n/language.ts';
import { isoWeekStart, type WeekKey } from './iso-week.ts';

/**
 * Dates as a founder reads them, day first in both languages as Latin America writes
 * them: "2 Nov 2026", "2 nov 2026" (decision 112). ISO weeks ("2026-W45") stay in the
 * CSV and the API; every label a founder reads names the Monday the week starts on.
 */
const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', 'es-LA': 'es-419' };

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
const shortDayFormats = new Map<Language, Intl.DateTimeFormat>();
const monthFormats = new Map<Language, Intl.DateTimeFormat>();

function cached(formats: Map<Language, Intl.DateTimeFormat>, language: Language, options: Intl.DateTimeFormatOptions) {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[language], { ...options, timeZone: 'UTC' });
    formats.set(language, format);
  }
  return format;
}

/** A day (read in UTC): "2 Nov 2026" / "2 nov 2026". */
export function formatDay(date: Date, language: Language): string {
  return cached(dayFormats, language, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** A day without its year, for a chart's axis: "2 Nov" / "2 nov". */
export function formatShortDay(date: Date, language: Language): string {
  return cached(shortDayFormats, language, { day: 'numeric', month: 'short' }).format(date);
}

/** The calendar month of a day (read in UTC): "Nov 2026" / "nov 2026". */
export function formatMonth(date: Date, language: Language): string {
  return cached(monthFormats, language, { month: 'short', year: 'numeric' }).format(date);
}

/** The Monday an ISO week starts on, for "week of 2 Nov 2026". */
export function weekStartDay(key: WeekKey, language: Language): string {
  return formatDay(isoWeekStart(key), language);
}
