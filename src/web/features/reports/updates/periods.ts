import { formatWeek, isoWeekOf, weekFromIndex, weekIndex } from '../../../../core/metrics/iso-week.ts';
import { calendarWeeks } from '../../../../core/reports/period-label.ts';

/** A period the founder can report on: its label's key and values, and its ISO weeks. */
export type PeriodChoice = { id: string; label: { key: 'month' | 'quarter'; date: Date; quarter?: number }; fromWeek: string; toWeek: string };

/** The weeks whose Monday falls in the months (decision 183), as the API takes them. */
function weeksOf(first: Date, months: number): { fromWeek: string; toWeek: string } {
  const { fromWeek, toWeek } = calendarWeeks(first.getUTCFullYear(), first.getUTCMonth(), months);
  return { fromWeek: formatWeek(fromWeek), toWeek: formatWeek(toWeek) };
}

/** The last 6 calendar months and the last 4 quarters, the current one first. */
export function periodChoices(now: Date): PeriodChoice[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const months = Array.from({ length: 6 }, (_, back) => {
    const first = new Date(Date.UTC(year, month - back, 1));
    return { id: `m-${first.toISOString().slice(0, 7)}`, label: { key: 'month' as const, date: first }, ...weeksOf(first, 1) };
  });
  const quarterStart = month - (month % 3);
  const quarters = Array.from({ length: 4 }, (_, back) => {
    const first = new Date(Date.UTC(year, quarterStart - back * 3, 1));
    return { id: `q-${first.toISOString().slice(0, 7)}`, label: { key: 'quarter' as const, date: first, quarter: first.getUTCMonth() / 3 + 1 }, ...weeksOf(first, 3) };
  });
  return [...months, ...quarters];
}

/** The last `weeks` ISO weeks, this one included. */
export function lastWeeks(weeks: number, now: Date): { fromWeek: string; toWeek: string } {
  const current = weekIndex(isoWeekOf(now));
  return { fromWeek: formatWeek(weekFromIndex(current - weeks + 1)), toWeek: formatWeek(weekFromIndex(current)) };
}
