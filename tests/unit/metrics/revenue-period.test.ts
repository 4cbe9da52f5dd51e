import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyRecurringRevenue } from '../../../src/core/metrics/formulas.ts';
import { monthlyFromWeekly, weeklyFromMonthly } from '../../../src/core/metrics/revenue-period.ts';
import { WeekRecordInput } from '../../../src/core/metrics/week-record.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const cents = fc.integer({ min: 0, max: 100_000_000_000_000 }).map((value) => value / 100);

describe('revenue typed per month', () => {
  it('becomes a weekly figure × 12 ÷ 52, to the cent, the inverse of the MRR formula', () => {
    expect(weeklyFromMonthly(10_000)).toBe(2307.69);
    expect(weeklyFromMonthly(13_000)).toBe(3000);
    expect(weeklyFromMonthly(0.05)).toBe(0.01);
    expect(monthlyFromWeekly(5000)).toBe(21_666.67);
    expect(monthlyRecurringRevenue(3000)).toBeCloseTo(13_000, 9);
  });

  it('a week read as a month and back is the same week (property)', () => {
    fc.assert(
      fc.property(cents, (weekly) => {
        expect(weeklyFromMonthly(monthlyFromWeekly(weekly))).toBe(weekly);
      }),
    );
  });

  it('a month never moves more than 2.2 cents on its way through a week (property)', () => {
    fc.assert(
      fc.property(cents, (monthly) => {
        expect(Math.abs(monthlyFromWeekly(weeklyFromMonthly(monthly)) - monthly)).toBeLessThan(0.0217 + 1e-9);
      }),
    );
  });

  it('a week sent with its monthly revenue keeps both; without the weekly figure, it is derived', () => {
    const { weeklyRevenue: _typed, ...withoutWeekly } = workedWeek;
    expect(WeekRecordInput.parse({ ...withoutWeekly, monthlyRevenue: 10_000 })).toMatchObject({ weeklyRevenue: 2307.69, monthlyRevenue: 10_000 });
    expect(WeekRecordInput.parse({ ...workedWeek, weeklyRevenue: 2307.69, monthlyRevenue: 10_000 })).toMatchObject({ weeklyRevenue: 2307.69, monthlyRevenue: 10_000 });
    const disagreeing = WeekRecordInput.safeParse({ ...workedWeek, weeklyRevenue: 2500, monthlyRevenue: 10_000 });
    expect(disagreeing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['weeklyRevenue', 'validation:metrics.monthlyMismatch']]);
    const neither = WeekRecordInput.safeParse({ ...withoutWeekly, monthlyRevenue: null });
    expect(neither.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['weeklyRevenue', 'validation:metrics.required']]);
  });
});
