import { describe, expect, it } from 'vitest';
import { weeksStillNeeded } from '../../../src/core/metrics/history-needs.ts';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import type { WeekRecord } from '../../../src/core/metrics/week-record.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const last = weekIndex({ year: 2026, week: 45 });
/** Records at these many calendar weeks before 2026-W45, oldest first. */
const recordsAt = (backs: number[], change: Partial<WeekRecord> = {}): WeekRecord[] =>
  backs.map((back) => ({ ...workedWeek, ...weekFromIndex(last - back), ...change }));

describe('weeksStillNeeded', () => {
  it('after 4 weeks in a row: NDR needs 9 more, revenue growth 4 more; LTV and user growth have theirs', () => {
    expect(weeksStillNeeded(recordsAt([3, 2, 1, 0]))).toEqual({ ndr: 9, revenueGrowth: 4 });
  });

  it('after one week, every metric that needs history says how much', () => {
    expect(weeksStillNeeded(recordsAt([0]))).toEqual({ ndr: 12, revenueGrowth: 7, userGrowth: 1, ltv: 3, ltvToCac: 3 });
  });

  it('counts growth from the weeks in a row ending at the latest: a gap starts again', () => {
    expect(weeksStillNeeded(recordsAt([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 0]))).toEqual({ ndr: 1, revenueGrowth: 6 });
  });

  it('counts NDR from the weeks that had revenue', () => {
    const pending = recordsAt(Array.from({ length: 13 }, (_, index) => 12 - index));
    expect(weeksStillNeeded(pending)).toEqual({});
    pending[0] = { ...pending[0]!, startingRevenue: 0, churnedRevenue: 0, downgrades: 0 };
    expect(weeksStillNeeded(pending)).toEqual({ ndr: 1 });
  });

  it('needs everything before the first week', () => {
    expect(weeksStillNeeded([])).toEqual({ ndr: 13, revenueGrowth: 8, userGrowth: 2, ltv: 4, ltvToCac: 4 });
  });
});
