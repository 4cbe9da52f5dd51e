import { describe, expect, it } from 'vitest';
import { WEEKS_PER_MONTH } from '../../../src/core/metrics/formulas.ts';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import { mrrMovements, weekMovement } from '../../../src/core/metrics/mrr-movements.ts';
import type { WeekRecord } from '../../../src/core/metrics/week-record.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const at = (key: { year: number; week: number }, change: Partial<WeekRecord> = {}): WeekRecord => ({ ...workedWeek, ...key, ...change });

describe('weekMovement', () => {
  it('splits the week into new, expansion, contraction and churn, in MRR terms', () => {
    // Worked week: 4,800 start − 100 churned − 50 downgrades + 250 expansions = 4,900 kept; 5,000 earned: 100 new.
    const movement = weekMovement(at({ year: 2026, week: 45 }));
    expect(movement.newMrr).toBeCloseTo(100 * WEEKS_PER_MONTH, 9);
    expect(movement.expansion).toBeCloseTo(250 * WEEKS_PER_MONTH, 9);
    expect(movement.contraction).toBeCloseTo(50 * WEEKS_PER_MONTH, 9);
    expect(movement.churned).toBeCloseTo(100 * WEEKS_PER_MONTH, 9);
    // Net = new + expansion − contraction − churn when the records add up.
    expect(movement.net).toBeCloseTo(200 * WEEKS_PER_MONTH, 9);
  });

  it('a drop the records do not explain is in the net, not a negative "new"', () => {
    const movement = weekMovement(at({ year: 2026, week: 45 }, { weeklyRevenue: 4000 }));
    expect(movement.newMrr).toBe(0);
    expect(movement.net).toBeCloseTo(-800 * WEEKS_PER_MONTH, 9);
  });
});

describe('mrrMovements', () => {
  it('by week: the last 12 calendar weeks, a week not recorded is a gap', () => {
    const last = weekIndex({ year: 2026, week: 45 });
    const records = [at(weekFromIndex(last - 2)), at(weekFromIndex(last))];
    const weeks = mrrMovements(records, 'week');
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toMatchObject({ start: new Date('2026-11-02T00:00:00Z'), weeks: 1 });
    expect(weeks.at(-2)).toMatchObject({ weeks: 0, movement: null });
    expect(weeks.at(-3)!.movement).not.toBeNull();
  });

  it('by month: sums the weeks whose Thursday falls in the month', () => {
    // 2026-W44 (26 Oct–1 Nov) has its Thursday on 29 October: October, though it ends in November.
    const records = [at({ year: 2026, week: 44 }), at({ year: 2026, week: 45 }), at({ year: 2026, week: 46 })];
    const months = mrrMovements(records, 'month', 3);
    expect(months.map((month) => [month.start.toISOString().slice(0, 7), month.weeks])).toEqual([
      ['2026-09', 0],
      ['2026-10', 1],
      ['2026-11', 2],
    ]);
    expect(months[2]!.movement!.net).toBeCloseTo(2 * weekMovement(records[1]!).net, 9);
    expect(months[0]!.movement).toBeNull();
  });

  it('by month across a new year', () => {
    const months = mrrMovements([at({ year: 2027, week: 1 })], 'month', 2);
    expect(months.map((month) => month.start.toISOString().slice(0, 10))).toEqual(['2026-12-01', '2027-01-01']);
  });

  it('is empty before the first week', () => {
    expect(mrrMovements([], 'week')).toEqual([]);
  });
});
