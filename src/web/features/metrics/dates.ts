import { useTranslation } from 'react-i18next';
import type { WeekKey } from '../../../core/metrics/iso-week.ts';
import { formatDay, formatMonth, formatShortDay, weekStartDay } from '../../../core/metrics/week-label.ts';
import { languageFromTag } from '../../../core/i18n/language.ts';

/**
 * Dates as the founder reads them in the current language (decision 112): "Week of
 * 2 Nov 2026" wherever an ISO week used to show as 2026-W45, which stays in the CSV and API.
 */
export function useDates() {
  const { t, i18n } = useTranslation('metrics');
  // The render's own language (a prerendered page has its own i18next instance), not the app's global one.
  const language = languageFromTag(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  return {
    /** "Week of 2 Nov 2026" / "Semana del 2 nov 2026". */
    week: (key: WeekKey) => t('dates.weekOf', { date: weekStartDay(key, language) }),
    /** "the week of 2 Nov 2026", inside a sentence ("Edit the week of…"). */
    theWeek: (key: WeekKey) => t('dates.theWeekOf', { date: weekStartDay(key, language) }),
    /** "2 Nov 2026": the week's Monday, where the column or sentence already says "week". */
    weekStart: (key: WeekKey) => weekStartDay(key, language),
    day: (date: Date) => formatDay(date, language),
    /** "2 Nov", for a chart's axis. */
    shortDay: (date: Date) => formatShortDay(date, language),
    month: (date: Date) => formatMonth(date, language),
  };
}
