import { describe, expect, it } from 'vitest';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import { implausibleChanges } from '../../../src/core/metrics/plausibility.ts';
import type { WeekRecord, WeekRecordInput } from '../../../src/core/metrics/week-record.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const thisWeek = { year: 2026, week: 20 };
const weeksBefore = (back: number) => weekFromIndex(weekIndex(thisWeek) - back);
/** Four steady weeks: cash 200,000, burn 4,000 a week (runway 50 weeks), 105 customers at the end of each. */
const history: WeekRecord[] = [4, 3, 2, 1].map((back) => ({ ...workedWeek, ...weeksBefore(back) }));
const week = (changes: Partial<WeekRecordInput>): WeekRecordInput => ({ ...workedWeek, ...changes });

describe('plausibility before saving', () => {
  it('says nothing about an ordinary week, or without an earlier week to compare with', () => {
    expect(implausibleChanges(thisWeek, week({ cashBalance: 196000, weeklyRevenue: 5400 }), history)).toEqual([]);
    expect(implausibleChanges(thisWeek, week({ cashBalance: 198.9 }), [])).toEqual([]);
  });

  it('asks about cash read a thousand times too small, and the runway it collapses', () => {
    const changes = implausibleChanges(thisWeek, week({ cashBalance: 198.9 }), history);
    expect(changes).toEqual([
      { figure: 'cashBalance', before: 200000, after: 198.9 },
      { figure: 'runwayWeeks', before: 50, after: expect.closeTo(198.9 / 4000, 6) },
    ]);
  });

  it('asks about a tenfold jump in revenue, costs or customers, with the last week as "before"', () => {
    const changes = implausibleChanges(thisWeek, week({ weeklyRevenue: 50001, weeklyCosts: 90001, newCustomers: 1000, startingCustomers: 100 }), history);
    expect(changes.map((change) => change.figure)).toEqual(['weeklyRevenue', 'weeklyCosts', 'customers']);
    expect(changes[0]).toEqual({ figure: 'weeklyRevenue', before: 5000, after: 50001 });
    // Exactly ten times is still plausible.
    expect(implausibleChanges(thisWeek, week({ weeklyRevenue: 50000 }), history)).toEqual([]);
  });

  it('compares against all of the last 4 weeks, so a figure already moving is not questioned', () => {
    const growing = history.map((record, index) => ({ ...record, weeklyRevenue: 1000 * 4 ** index }));
    // 64,000 last week, 1,000 four weeks ago: 100,000 is within ten times of the largest.
    expect(implausibleChanges(thisWeek, week({ weeklyRevenue: 100000 }), growing)).toEqual([]);
  });

  it('says nothing about a figure that was 0 in every recent week', () => {
    const noRevenue = history.map((record) => ({ ...record, weeklyRevenue: 0, startingRevenue: 0, churnedRevenue: 0, downgrades: 0 }));
    expect(implausibleChanges(thisWeek, week({ weeklyRevenue: 500, startingRevenue: 0, churnedRevenue: 0, downgrades: 0 }), noRevenue)).toEqual([]);
  });

  it('asks when the runway loses more than 80 % in a week, not at 80 %', () => {
    // Runway 50 weeks before; cash 40,000 at the same burn is 10 weeks (−80 %), 39,000 is 9.75.
    expect(implausibleChanges(thisWeek, week({ cashBalance: 40000 }), history).map((change) => change.figure)).toEqual([]);
    expect(implausibleChanges(thisWeek, week({ cashBalance: 39000 }), history).map((change) => change.figure)).toEqual(['runwayWeeks']);
  });

  it('compares an edited week with the weeks before it only', () => {
    const edited = history[1]!;
    const changes = implausibleChanges(edited, { ...workedWeek, cashBalance: 2_000_001 }, history);
    expect(changes).toEqual([{ figure: 'cashBalance', before: 200000, after: 2_000_001 }]);
  });
});
