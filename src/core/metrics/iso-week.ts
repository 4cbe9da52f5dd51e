/**
 * ISO 8601 weeks (Monday first; week 1 holds the year's first Thursday). Founders
 * record one row per ISO year + week, so every ordering and "consecutive" check
 * goes through a week index: the number of weeks since a fixed Monday.
 */
export type WeekKey = { year: number; week: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday (UTC midnight) that starts ISO week `week` of ISO year `year`. */
export function isoWeekStart({ year, week }: WeekKey): Date {
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(jan4 - jan4Weekday * DAY_MS + (week - 1) * WEEK_MS);
}

/** 52 or 53: a year has 53 ISO weeks when it starts on a Thursday, or is a leap year starting on a Wednesday. */
export function isoWeeksInYear(year: number): number {
  const dec28 = new Date(Date.UTC(year, 11, 28));
  return isoWeekOf(dec28).week;
}

/** The ISO year and week a date (read in UTC) falls in. */
export function isoWeekOf(date: Date): WeekKey {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - weekday + 3); // the Thursday of this week decides the year
  const year = day.getUTCFullYear();
  const week = 1 + Math.round((day.getTime() - isoWeekStart({ year, week: 1 }).getTime() - 3 * DAY_MS) / WEEK_MS);
  return { year, week };
}

export function isValidIsoWeek({ year, week }: WeekKey): boolean {
  return Number.isInteger(year) && Number.isInteger(week) && week >= 1 && week <= isoWeeksInYear(year);
}

/**
 * Weeks since Monday 1970-01-05 (ISO 1970-W02): consecutive weeks differ by exactly 1.
 * Plain arithmetic on day numbers, no Date objects: growth metrics call it for every
 * week of a ten-year series.
 */
export function weekIndex({ year, week }: WeekKey): number {
  const jan4 = Date.UTC(year, 0, 4) / DAY_MS;
  const weekday = (((jan4 + 3) % 7) + 7) % 7; // Monday = 0; day 0 (1970-01-01) was a Thursday
  return (jan4 - weekday + (week - 1) * 7 - 4) / 7;
}

export function weekFromIndex(index: number): WeekKey {
  return isoWeekOf(new Date(Date.UTC(1970, 0, 5) + index * WEEK_MS));
}

export function previousWeek(key: WeekKey): WeekKey {
  return weekFromIndex(weekIndex(key) - 1);
}

export function compareWeeks(a: WeekKey, b: WeekKey): number {
  return a.year - b.year || a.week - b.week;
}

/** `2026-W07`, the ISO notation, for labels and keys. */
export function formatWeek({ year, week }: WeekKey): string {
  return `${year}-W${String(week).padStart(2, '0')}`;
}
