import { z } from 'zod';
import { type WeekKey, weekIndex } from './iso-week.ts';

/**
 * How far back GET /api/metrics/summary's `series` reaches: the dashboard's range choices
 * (12 weeks, 6 months, 1 year, all), in calendar weeks ending at the latest recorded week,
 * so a range with missing weeks is still the span it says. One year by default: a founder
 * with ten years of records should not download them all to read this week's cards.
 */
export const SUMMARY_RANGES = { '12w': 12, '6m': 26, '1y': 52, all: null } as const;
export type SummaryRange = keyof typeof SUMMARY_RANGES;
export const DEFAULT_SUMMARY_RANGE: SummaryRange = '1y';

export const SummaryRangeParam = z
  .enum(Object.keys(SUMMARY_RANGES) as [SummaryRange, ...SummaryRange[]], { error: 'validation:metrics.range' })
  .default(DEFAULT_SUMMARY_RANGE);

/** The points of an oldest-first series that fall within the range. */
export function withinRange<Point extends WeekKey>(series: readonly Point[], range: SummaryRange): Point[] {
  const weeks = SUMMARY_RANGES[range];
  const latest = series.at(-1);
  if (weeks === null || !latest) return [...series];
  const first = weekIndex(latest) - weeks + 1;
  return series.filter((point) => weekIndex(point) >= first);
}

/** GET /api/metrics/summary's query: `?range=12w|6m|1y|all`. */
export const SummaryQuery = z.object({ range: SummaryRangeParam });
