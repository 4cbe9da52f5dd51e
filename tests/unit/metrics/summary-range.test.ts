import { describe, expect, it } from 'vitest';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import { SummaryRangeParam, withinRange } from '../../../src/core/metrics/summary-range.ts';

const weeks = (...keys: [number, number][]) => keys.map(([year, week]) => ({ year, week }));

describe('withinRange', () => {
  it('keeps the calendar weeks that end at the latest recorded one, across a 53-week year', () => {
    // 2026 has 53 ISO weeks, so the 12 weeks ending with 2027-W01 start at 2026-W43.
    const series = weeks([2026, 42], [2026, 43], [2026, 53], [2027, 1]);
    expect(withinRange(series, '12w')).toEqual(weeks([2026, 43], [2026, 53], [2027, 1]));
    expect(withinRange(series, 'all')).toEqual(series);
  });

  it('does not stretch over missing weeks the way counting points would', () => {
    const latest = weekIndex({ year: 2026, week: 40 });
    const series = [latest - 60, latest - 25, latest - 24, latest].map(weekFromIndex);
    expect(withinRange(series, '6m')).toEqual([latest - 25, latest - 24, latest].map(weekFromIndex));
    expect(withinRange(series, '1y')).toHaveLength(3);
    expect(withinRange(series, '12w')).toEqual([weekFromIndex(latest)]);
  });

  it('is empty for an empty series, and the parameter defaults to a year and refuses anything else', () => {
    expect(withinRange([], '12w')).toEqual([]);
    expect(SummaryRangeParam.parse(undefined)).toBe('1y');
    expect(SummaryRangeParam.safeParse('2y').success).toBe(false);
  });
});
