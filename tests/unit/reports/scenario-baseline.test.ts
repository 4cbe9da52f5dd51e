import { describe, expect, it } from 'vitest';
import { cashOutDate } from '../../../src/core/metrics/cash-out.ts';
import { computeMetrics } from '../../../src/core/metrics/formulas.ts';
import type { WeekRecord } from '../../../src/core/metrics/week-record.ts';
import { projectRunway, weeklyRateFromMonthly } from '../../../src/core/reports/runway-projection.ts';
import { scenarioBaseline } from '../../../src/core/reports/scenario-baseline.ts';
import { toProjectionChanges } from '../../../src/core/reports/scenario-schema.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

/** The runway scenarios start where the dashboard stands (decision 256): its burn, its runway, its cash-out date. */
const weeks = (count: number, revenue: (i: number) => number, cash: (i: number) => number): WeekRecord[] =>
  Array.from({ length: count }, (_, i) => ({ year: 2026, week: 30 + i, ...workedWeek, weeklyRevenue: revenue(i), cashBalance: cash(i) }));

describe('the scenarios’ "as today" baseline', () => {
  it('runs out on the dashboard’s runway and cash-out date, flat, whatever revenue did lately', () => {
    // Revenue up 3 % a week: projecting that growth would reach break-even; the dashboard counts today's burn.
    const records = weeks(8, (i) => Math.round(5000 * 1.03 ** i * 100) / 100, (i) => 95_000 - i * 3500);
    const dashboard = computeMetrics(records);
    const baseline = scenarioBaseline(records)!;
    const asToday = projectRunway(baseline, []);
    expect(asToday.runwayWeeks).toBe(dashboard.runwayWeeks);
    expect(cashOutDate(baseline.latest, asToday.runwayWeeks)).toEqual(cashOutDate(dashboard, dashboard.runwayWeeks));
    expect(asToday.defaultAlive).toBe(false);
    expect(asToday.weeks.every((week) => week.revenue === baseline.weeklyRevenue)).toBe(true);
    // The growth it saw is offered, not applied: the dashboard's 8-week revenue growth.
    expect(baseline.measuredMonthlyGrowth).toBe(dashboard.revenueGrowth);
  });

  it('says default alive only under a stated growth assumption that reaches break-even before the cash runs out', () => {
    const records = weeks(8, (i) => 5000 * 1.03 ** i, (i) => 300_000 - i * 3500);
    const baseline = scenarioBaseline(records)!;
    const input = (monthlyGrowthPercent?: number) => ({ name: 'As today', changes: [], ...(monthlyGrowthPercent === undefined ? {} : { monthlyGrowthPercent }) });
    const flat = toProjectionChanges(input(), baseline.latest);
    expect(flat.monthlyGrowth).toBe(0);
    expect(projectRunway({ ...baseline, weeklyGrowth: weeklyRateFromMonthly(flat.monthlyGrowth) }, flat.changes).defaultAlive).toBe(false);
    const growing = toProjectionChanges(input(12), baseline.latest);
    expect(growing.monthlyGrowth).toBe(0.12);
    expect(projectRunway({ ...baseline, weeklyGrowth: weeklyRateFromMonthly(growing.monthlyGrowth) }, growing.changes).defaultAlive).toBe(true);
    // An assumption out of range is refused beside its field, like any change.
    expect(toProjectionChanges(input(250), baseline.latest).errors).toEqual([{ field: 'monthlyGrowthPercent', message: 'validation:scenarios.tooLarge' }]);
  });

  it('a founder not burning is default alive at flat revenue, with no cash-out date', () => {
    const records = weeks(4, () => 10_000, () => 50_000);
    const asToday = projectRunway(scenarioBaseline(records)!, []);
    expect(computeMetrics(records).runwayWeeks).toBeNull();
    expect(asToday).toMatchObject({ runwayWeeks: null, cashOutWeek: null, breakEvenWeek: 1, defaultAlive: true });
  });
});
