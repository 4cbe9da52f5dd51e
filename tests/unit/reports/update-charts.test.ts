import { describe, expect, it } from 'vitest';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import type { WeekRecord } from '../../../src/core/metrics/week-record.ts';
import { chartWeeks, updateCharts } from '../../../src/core/reports/update-charts.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const last = weekIndex({ year: 2026, week: 10 });
const week = (back: number, cashBalance: number, weeklyRevenue: number): WeekRecord => ({ ...weekFromIndex(last - back), ...workedWeek, cashBalance, weeklyRevenue });
const period = { fromWeek: { year: 2026, week: 7 }, toWeek: { year: 2026, week: 10 } };

describe('the update charts', () => {
  it('span the period and the previous one of the same length', () => {
    const weeks = chartWeeks(period);
    expect(weeks).toHaveLength(8);
    expect(weeks[0]).toEqual({ year: 2026, week: 3 });
    expect(weeks.at(-1)).toEqual({ year: 2026, week: 10 });
  });

  it('chart cash and MRR per week, with gaps for unrecorded weeks and labels as the update writes money', () => {
    // Weeks 3, 5, 9 and 10 recorded; an older week outside the window is left out.
    const records = [week(9, 1, 1), week(7, 100_000, 1200), week(5, 90_000, 1500), week(1, 80_000, 1800), week(0, 75_000, 2400)];
    const [cash, mrr] = updateCharts(records, period, 'en', 'USD');
    expect(cash!.title).toBe('Cash by week');
    expect(cash!.values).toEqual([100_000, null, 90_000, null, null, null, 80_000, 75_000]);
    expect(cash!.labels).toEqual({ min: '$75,000', max: '$100,000', first: '12 Jan 2026', last: '2 Mar 2026' });
    expect(mrr!.title).toBe('MRR by week');
    expect(mrr!.values[0]).toBeCloseTo((1200 * 52) / 12, 6);
    expect(mrr!.labels).toMatchObject({ min: '$5,200', max: '$10,400' });
  });

  it('are titled in Spanish, in the founder\'s currency, and say "Sin datos" without records', () => {
    const [cash, mrr] = updateCharts([week(0, 75_000, 2400)], period, 'es-LA', 'MXN');
    expect(cash!.title).toBe('Caja por semana');
    expect(mrr!.title).toBe('MRR por semana');
    expect(cash!.labels.max).toMatch(/^MXN\s75,000$/);
    expect(updateCharts([], period, 'es-LA', 'MXN')[0]).toMatchObject({ noData: 'Sin datos', labels: { min: '', max: '' } });
  });
});
