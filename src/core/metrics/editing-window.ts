import { isoWeekOf, type WeekKey, weekIndex } from './iso-week.ts';

/**
 * Which weeks a founder may record or edit. The current ISO week and the 3 before
 * it are open to everyone; older weeks are historical data management (tier 2,
 * docs/product.md#editing-window). A founder ahead of UTC may already be in next week: a day's grace.
 */
export const EDITABLE_RECENT_WEEKS = 4;
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

export function latestRecordableWeek(now: Date): WeekKey {
  return isoWeekOf(new Date(now.getTime() + FUTURE_TOLERANCE_MS));
}

export function isHistoricalWeek(key: WeekKey, now: Date): boolean {
  return weekIndex(key) <= weekIndex(isoWeekOf(now)) - EDITABLE_RECENT_WEEKS;
}

export function isFutureWeek(key: WeekKey, now: Date): boolean {
  return weekIndex(key) > weekIndex(latestRecordableWeek(now));
}
