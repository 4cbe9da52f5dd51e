import { isoWeekOf, type WeekKey, weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';

export { workedWeek } from '../../fixtures/metrics-week.ts';

/** The ISO week `offset` weeks from the current one (0 = this week, -1 = last week). */
export function weeksAgo(offset: number): WeekKey {
  return weekFromIndex(weekIndex(isoWeekOf(new Date())) - offset);
}

export const weekPath = ({ year, week }: WeekKey) => `/api/metrics/weeks/${year}/${week}`;
