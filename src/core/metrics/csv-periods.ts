import { isoWeekOf, isoWeekStart, isValidIsoWeek, type WeekKey } from './iso-week.ts';

/**
 * The period a row of an imported file is about, read from its cells (decision 117):
 * ISO weeks (`2026-W45`), dates (`2026-11-02`, `02/11/2026`) and months (`2026-11`,
 * `11/2026`, `nov 2026`, `noviembre de 2026`, or a month number beside a year column).
 * A date stands for the ISO week it falls in (or, in a file of months, its month).
 */

export type MonthKey = { year: number; month: number };
/** How a file writes `02/11/2026`: day first (Latin America, Europe) or month first (United States). */
export type DateOrder = 'dmy' | 'mdy';

const ISO_WEEK = /^(\d{4})-?W(\d{1,2})(?:-?[1-7])?$/i;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/;
const YEAR_LAST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:\s.*)?$/;

export function parseIsoWeekCell(cell: string): WeekKey | null {
  const match = ISO_WEEK.exec(cell.trim());
  if (!match) return null;
  const key = { year: Number(match[1]), week: Number(match[2]) };
  return isValidIsoWeek(key) ? key : null;
}

/** A calendar date at UTC midnight, or null when the day does not exist (31/02). */
function utcDate(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** A date cell: year first always (`2026-11-02`), day or month first as `order` says (`02/11/2026`). */
export function parseDateCell(cell: string, order: DateOrder): Date | null {
  const text = cell.trim();
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return utcDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  const yearLast = YEAR_LAST.exec(text);
  if (!yearLast) return null;
  const [first, second, year] = [Number(yearLast[1]), Number(yearLast[2]), Number(yearLast[3])];
  return order === 'dmy' ? utcDate(year, second, first) : utcDate(year, first, second);
}

/**
 * What a column's dates say about their order: a first part above 12 can only be a day,
 * a second part above 12 only a day too. Null when no cell tells (every `dd/mm` ≤ 12, or
 * only year-first dates): the founder is asked, with the language's habit preselected.
 */
export function detectDateOrder(cells: readonly string[]): DateOrder | null {
  let dayFirst = false;
  let monthFirst = false;
  for (const cell of cells) {
    const match = YEAR_LAST.exec(cell.trim());
    if (!match) continue;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  return dayFirst === monthFirst ? null : dayFirst ? 'dmy' : 'mdy';
}

/** Whether a column holds dates written day-or-month first, the only ones whose order can be in doubt. */
export const hasSlashDates = (cells: readonly string[]) => cells.some((cell) => YEAR_LAST.test(cell.trim()));

/** A date cell's ISO week. */
export function weekOfDateCell(cell: string, order: DateOrder): WeekKey | null {
  const date = parseDateCell(cell, order);
  return date ? isoWeekOf(date) : null;
}

const monthNames = new Map<string, number>();
for (const locale of ['en', 'es']) {
  for (let month = 1; month <= 12; month++) {
    const date = new Date(Date.UTC(2026, month - 1, 15));
    for (const style of ['long', 'short'] as const) {
      const name = new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(date);
      monthNames.set(name.normalize('NFD').replace(/[\u0300-\u036f.]/g, '').toLowerCase(), month);
    }
  }
}
// `sept` and `set` (Spanish spreadsheets write both) beside Intl's `sep`/`sept`.
monthNames.set('sept', 9);
monthNames.set('set', 9);

function monthOfName(name: string): number | null {
  return monthNames.get(name.normalize('NFD').replace(/[\u0300-\u036f.]/g, '').toLowerCase()) ?? null;
}

const validMonth = (year: number, month: number): MonthKey | null => (Number.isInteger(month) && month >= 1 && month <= 12 && year >= 1000 ? { year, month } : null);

/**
 * A month cell: `2026-11`, `11/2026`, `nov 2026`, `noviembre de 2026`, `Nov-2026`, a
 * date (its month), or, when the row has a year column, `11` or `noviembre` alone.
 */
export function parseMonthCell(cell: string, order: DateOrder, yearCell?: string): MonthKey | null {
  const text = cell.trim();
  const date = parseDateCell(text, order);
  if (date) return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
  let match = /^(\d{4})[-/.](\d{1,2})$/.exec(text);
  if (match) return validMonth(Number(match[1]), Number(match[2]));
  match = /^(\d{1,2})[-/.](\d{4})$/.exec(text);
  if (match) return validMonth(Number(match[2]), Number(match[1]));
  match = /^(\p{L}+)\.?(?:\s+de\s+|[\s\-/]+)(\d{4})$/u.exec(text);
  if (match) {
    const month = monthOfName(match[1]!);
    return month ? validMonth(Number(match[2]), month) : null;
  }
  const year = yearCell?.trim();
  if (!year || !/^\d{4}$/.test(year)) return null;
  const month = /^\d{1,2}$/.test(text) ? Number(text) : monthOfName(text);
  return month ? validMonth(Number(year), month) : null;
}

export const formatMonth = ({ year, month }: MonthKey) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The ISO weeks a month is spread over: those whose Thursday falls in it, as ISO decides
 * which year a week belongs to. Every week belongs to exactly one month; a month gets 4 or 5.
 */
export function weeksOfMonth({ year, month }: MonthKey): WeekKey[] {
  const weeks: WeekKey[] = [];
  const first = isoWeekOf(new Date(Date.UTC(year, month - 1, 1)));
  for (let key = first; ; ) {
    const thursday = new Date(isoWeekStart(key).getTime() + 3 * 86_400_000);
    if (thursday.getUTCFullYear() > year || (thursday.getUTCFullYear() === year && thursday.getUTCMonth() > month - 1)) break;
    if (thursday.getUTCMonth() === month - 1) weeks.push(key);
    key = isoWeekOf(new Date(isoWeekStart(key).getTime() + 7 * 86_400_000));
  }
  return weeks;
}
