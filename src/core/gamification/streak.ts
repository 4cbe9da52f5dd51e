import { type CalendarDay, addDays } from './calendar-day.ts';

/**
 * The daily streak (docs/product.md#streak): consecutive calendar days, in the founder's time zone,
 * with at least one meaningful action. The current streak still counts when today has
 * no action yet but yesterday had one: the day is not over.
 */
export function currentStreak(activeDays: Iterable<CalendarDay>, today: CalendarDay): number {
  const days = new Set(activeDays);
  let cursor = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(cursor)) {
    streak += 1;
    cursor = addDays(cursor, -1);
  }
  return streak;
}

/** The longest run of consecutive days ever (Streak Master needs 7). */
export function longestStreak(activeDays: Iterable<CalendarDay>): number {
  const sorted = [...new Set(activeDays)].sort();
  let longest = 0;
  let run = 0;
  let previous: CalendarDay | null = null;
  for (const day of sorted) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  return longest;
}

/** Weeks in an ISO year: 53 when Dec 28 falls in week 53. */
function isoWeeksInYear(year: number): number {
  const dec28 = new Date(Date.UTC(year, 11, 28));
  const day = (dec28.getUTCDay() + 6) % 7; // Monday = 0
  const thursday = new Date(Date.UTC(year, 11, 28 - day + 3));
  const jan1 = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 1));
  return 1 + Math.floor((thursday.getTime() - jan1.getTime()) / (7 * 86_400_000));
}

function nextIsoWeek(year: number, week: number): [number, number] {
  return week >= isoWeeksInYear(year) ? [year + 1, 1] : [year, week + 1];
}

/** The longest run of consecutive ISO weeks among `YYYY-Www` keys (Metrics Master needs 7). */
export function longestWeekRun(weekKeys: Iterable<string>): number {
  const weeks = [...new Set(weekKeys)]
    .map((key) => /^(\d{4})-W(\d{2})$/.exec(key))
    .filter((match) => match !== null)
    .map((match) => [Number(match[1]), Number(match[2])] as [number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let longest = 0;
  let run = 0;
  let previous: [number, number] | null = null;
  for (const week of weeks) {
    const expected = previous ? nextIsoWeek(...previous) : null;
    run = expected && expected[0] === week[0] && expected[1] === week[1] ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = week;
  }
  return longest;
}
