import { describe, expect, it } from 'vitest';
import { addDays, calendarDay } from '../../../src/core/gamification/calendar-day.ts';
import { currentStreak, longestStreak, longestWeekRun } from '../../../src/core/gamification/streak.ts';
import { formatWeek } from '../../../src/core/metrics/iso-week.ts';

describe('calendar days', () => {
  it('are the date where the founder is, not in UTC', () => {
    const instant = new Date('2026-06-01T03:00:00Z');
    expect(calendarDay(instant, 'UTC')).toBe('2026-06-01');
    expect(calendarDay(instant, 'America/Bogota')).toBe('2026-05-31'); // 22:00 the day before
    expect(calendarDay(instant, 'Asia/Tokyo')).toBe('2026-06-01');
    expect(calendarDay(new Date('2026-06-01T13:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-06-02');
  });

  it('fall back to UTC for a missing or unknown time zone', () => {
    const instant = new Date('2026-06-01T03:00:00Z');
    expect(calendarDay(instant, null)).toBe('2026-06-01');
    expect(calendarDay(instant, 'Mars/Olympus_Mons')).toBe('2026-06-01');
  });

  it('add across months, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

/** The founder's actions as instants, turned into their calendar days. */
const daysOf = (timeZone: string, instants: string[]) => instants.map((iso) => calendarDay(new Date(iso), timeZone));

describe('the daily streak', () => {
  it('counts consecutive days ending today, or yesterday while today is still open', () => {
    const days = ['2026-05-01', '2026-05-02', '2026-05-03'];
    expect(currentStreak(days, '2026-05-03')).toBe(3);
    expect(currentStreak(days, '2026-05-04')).toBe(3);
    expect(currentStreak(days, '2026-05-05')).toBe(0);
    expect(currentStreak([], '2026-05-05')).toBe(0);
  });

  it('is broken by a missing day', () => {
    expect(currentStreak(['2026-05-01', '2026-05-03', '2026-05-04'], '2026-05-04')).toBe(2);
    expect(longestStreak(['2026-05-01', '2026-05-02', '2026-05-04'])).toBe(2);
  });

  it('keeps a streak across the spring-forward night (a 23-hour day) in New York', () => {
    // 2026-03-08: clocks jump from 02:00 to 03:00 in America/New_York.
    const days = daysOf('America/New_York', [
      '2026-03-07T04:30:00Z', // Mar 6, 23:30 EST
      '2026-03-08T04:30:00Z', // Mar 7, 23:30 EST
      '2026-03-09T03:30:00Z', // Mar 8, 23:30 EDT: only 23 hours later
      '2026-03-10T03:30:00Z', // Mar 9, 23:30 EDT
    ]);
    expect(days).toEqual(['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09']);
    expect(currentStreak(days, '2026-03-09')).toBe(4);
  });

  it('keeps a streak across the fall-back night (a 25-hour day) in Madrid, and does not double-count it', () => {
    // 2026-10-25: clocks go back from 03:00 to 02:00 in Europe/Madrid.
    const days = daysOf('Europe/Madrid', [
      '2026-10-23T22:30:00Z', // Oct 24, 00:30 CEST
      '2026-10-24T22:30:00Z', // Oct 25, 00:30 CEST
      '2026-10-25T22:59:00Z', // Oct 25, 23:59 CET: 24 h 29 min later, still the 25th
      '2026-10-25T23:30:00Z', // Oct 26, 00:30 CET
    ]);
    expect(days).toEqual(['2026-10-24', '2026-10-25', '2026-10-25', '2026-10-26']);
    expect(currentStreak(days, '2026-10-26')).toBe(3);
    expect(longestStreak(days)).toBe(3);
  });

  it('judges the same instants differently in different time zones', () => {
    // Every day at 03:00 UTC for a week, except a gap of 48 h before the last one.
    const instants = ['2026-05-01T03:00:00Z', '2026-05-02T03:00:00Z', '2026-05-03T03:00:00Z', '2026-05-04T23:30:00Z'];
    // In UTC the 4th (23:30) follows the 3rd: 4 days in a row.
    expect(longestStreak(daysOf('UTC', instants))).toBe(4);
    // In Bogotá (UTC−5) they fall on Apr 30, May 1, May 2 and May 4: a gap on the 3rd.
    expect(longestStreak(daysOf('America/Bogota', instants))).toBe(3);
  });

  it('finds the longest run for Streak Master', () => {
    const days = Array.from({ length: 7 }, (_, i) => addDays('2026-12-28', i));
    expect(longestStreak(days)).toBe(7);
    expect(longestStreak([...days.slice(0, 3), ...days.slice(4)])).toBe(3);
  });
});

describe('consecutive metric weeks', () => {
  it('follow ISO weeks across a year with 53 weeks', () => {
    const run = [formatWeek({ year: 2026, week: 51 }), formatWeek({ year: 2026, week: 52 }), formatWeek({ year: 2026, week: 53 }), formatWeek({ year: 2027, week: 1 })];
    expect(longestWeekRun(run)).toBe(4);
  });

  it('know a year of 52 weeks ends at week 52', () => {
    expect(longestWeekRun([formatWeek({ year: 2025, week: 52 }), formatWeek({ year: 2026, week: 1 })])).toBe(2);
    expect(longestWeekRun([formatWeek({ year: 2025, week: 51 }), formatWeek({ year: 2025, week: 53 })])).toBe(1);
  });

  it('ignore malformed keys and duplicates', () => {
    expect(longestWeekRun(['2026-W01', '2026-W01', 'junk', '2026-W02'])).toBe(2);
  });
});
