import { formatWeek, isoWeekOf, weekFromIndex, weekIndex, type WeekKey } from '../../../../core/metrics/iso-week.ts';

/** A period the founder can report on: its label's key and values, and its ISO weeks. */
export type PeriodChoice = { id: string; label: { key: 'month' | 'quarter'; date: Date; quarter?: number }; fromWeek: string; toWeek: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The weeks whose Monday falls between two days (decision 183): each week belongs to exactly one month. */
function weeksBetween(first: Date, last: Date): { fromWeek: string; toWeek: string } {
  const weekday = (first.getUTCDay() + 6) % 7;
  const firstMonday = new Date(first.getTime() + ((7 - weekday) % 7) * DAY_MS);
  return { fromWeek: formatWeek(isoWeekOf(firstMonday)), toWeek: formatWeek(isoWeekOf(last)) };
}

/** The last 6 calendar months and the last 4 quarters, the current one first. */
export function periodChoices(now: Date): PeriodChoice[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const months = Array.from({ length: 6 }, (_, back) => {
    const first = new Date(Date.UTC(year, month - back, 1));
    const last = new Date(Date.UTC(year, month - back + 1, 0));
    return { id: `m-${first.toISOString().slice(0, 7)}`, label: { key: 'month' as const, date: first }, ...weeksBetween(first, last) };
  });
  const quarterStart = month - (month % 3);
  const quarters = Array.from({ length: 4 }, (_, back) => {
    const first = new Date(Date.UTC(year, quarterStart - back * 3, 1));
    const last = new Date(Date.UTC(year, quarterStart - back * 3 + 3, 0));
    return { id: `q-${first.toISOString().slice(0, 7)}`, label: { key: 'quarter' as const, date: first, quarter: first.getUTCMonth() / 3 + 1 }, ...weeksBetween(first, last) };
  });
  return [...months, ...quarters];
}

/** The last `weeks` ISO weeks, this one included. */
export function lastWeeks(weeks: number, now: Date): { fromWeek: string; toWeek: string } {
  const current = weekIndex(isoWeekOf(now));
  return { fromWeek: formatWeek(weekFromIndex(current - weeks + 1)), toWeek: formatWeek(weekFromIndex(current)) };
}

export const weekKeyOf = (text: string): WeekKey => ({ year: Number(text.slice(0, 4)), week: Number(text.slice(6)) });
