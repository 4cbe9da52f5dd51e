import type { Language } from '../i18n/language.ts';
import { isoWeekOf, isoWeekStart, weekIndex, type WeekKey } from '../metrics/iso-week.ts';
import { formatDay } from '../metrics/week-label.ts';

/**
 * An update's period as a person reads it (decision 260): "November 2026", "Q4 2026", or
 * "2 Nov 2026 – 29 Nov 2026", never ISO week codes, which stay in the API. A month is the
 * ISO weeks whose Monday falls in it (decision 183), so the weeks of a calendar month or
 * quarter are named by it; any other span by its first Monday and last Sunday.
 */
export type Period = { fromWeek: WeekKey; toWeek: WeekKey };

const DAY_MS = 24 * 60 * 60 * 1000;
const LOCALES: Record<Language, string> = { en: 'en-GB', 'es-LA': 'es-419' };
const QUARTER: Record<Language, (quarter: number, year: number) => string> = {
  en: (quarter, year) => `Q${quarter} ${year}`,
  'es-LA': (quarter, year) => `T${quarter} ${year}`,
};

/**
 * The ISO weeks of `months` calendar months from `firstMonth` (0-based, may run past 11 or
 * below 0): those whose Monday falls in them, so each week belongs to exactly one month.
 */
export function calendarWeeks(year: number, firstMonth: number, months: number): Period {
  const first = new Date(Date.UTC(year, firstMonth, 1));
  const weekday = (first.getUTCDay() + 6) % 7;
  const firstMonday = new Date(first.getTime() + ((7 - weekday) % 7) * DAY_MS);
  const lastDay = new Date(Date.UTC(year, firstMonth + months, 0));
  return { fromWeek: isoWeekOf(firstMonday), toWeek: isoWeekOf(lastDay) };
}

const sameSpan = (period: Period, span: Period) => weekIndex(period.fromWeek) === weekIndex(span.fromWeek) && weekIndex(period.toWeek) === weekIndex(span.toWeek);

/** The period's name in the founder's language. */
export function periodLabel(period: Period, language: Language): string {
  const start = isoWeekStart(period.fromWeek);
  // The month the first Monday falls in is the only calendar month or quarter the period can be.
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth();
  if (sameSpan(period, calendarWeeks(year, month, 1))) {
    return new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(start);
  }
  if (month % 3 === 0 && sameSpan(period, calendarWeeks(year, month, 3))) return QUARTER[language](month / 3 + 1, year);
  const lastSunday = new Date(isoWeekStart(period.toWeek).getTime() + 6 * DAY_MS);
  return `${formatDay(start, language)} – ${formatDay(lastSunday, language)}`;
}

/** `YYYY-Www` as the API and the update row keep it. */
export const weekKeyOf = (text: string): WeekKey => ({ year: Number(text.slice(0, 4)), week: Number(text.slice(6)) });

/** A startup's "logo": the first letter of its name, upper-cased; null without a name. */
export function startupInitial(name: string | null | undefined): string | null {
  const first = [...(name ?? '').trim()].find((char) => /[\p{L}\p{N}]/u.test(char));
  return first ? first.toLocaleUpperCase() : null;
}
