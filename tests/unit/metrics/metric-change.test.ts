import { describe, expect, it } from 'vitest';
import { changeBetween, metricChange, recentValues } from '../../../src/core/metrics/metric-change.ts';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';

const last = weekIndex({ year: 2026, week: 45 });
/** A series point `back` calendar weeks before 2026-W45. */
const point = (back: number, values: Record<string, number | null>) => ({ ...weekFromIndex(last - back), ...values });

describe('whether a change is good depends on the metric, not on the sign', () => {
  it('MRR and cash going up are good, going down bad', () => {
    expect(changeBetween('mrr', 1000, 1100)).toMatchObject({ difference: 100, relative: 0.1, tone: 'good' });
    expect(changeBetween('cashBalance', 50_000, 40_000)).toMatchObject({ relative: -0.2, tone: 'bad' });
  });

  it('churn, burn, CAC and payback going down are good', () => {
    expect(changeBetween('churnRate', 0.009, 0.007).tone).toBe('good');
    expect(changeBetween('weeklyBurnRate', 4000, 4500).tone).toBe('bad');
    expect(changeBetween('cac', 200, 150).tone).toBe('good');
    expect(changeBetween('paybackWeeks', 30, 40).tone).toBe('bad');
  });

  it('rates move in percentage points, amounts relatively', () => {
    const churn = changeBetween('churnRate', 0.009, 0.007);
    expect(churn.relative).toBeNull();
    expect(churn.difference).toBeCloseTo(-0.002, 10);
    expect(changeBetween('ndr', 1.1, 1.05).tone).toBe('bad');
  });

  it('a change too small to show is flat, and so is none', () => {
    expect(changeBetween('mrr', 10_000, 10_004).tone).toBe('flat');
    expect(changeBetween('mrr', 10_000, 10_010).tone).toBe('good');
    expect(changeBetween('churnRate', 0.007, 0.007).tone).toBe('flat');
    expect(changeBetween('activeUsers', 0, 0).tone).toBe('flat');
  });

  it('from zero there is no relative change, only the difference', () => {
    expect(changeBetween('activeUsers', 0, 40)).toMatchObject({ relative: null, difference: 40, tone: 'good' });
  });
});

describe('metricChange', () => {
  const series = [point(4, { mrr: 800 }), point(2, { mrr: 900 }), point(1, { mrr: 1000 }), point(0, { mrr: 1200, ndr: 1.1 })];

  it('compares with the calendar week before and the one 4 weeks before', () => {
    expect(metricChange(series, 'mrr', 1)).toMatchObject({ from: 1000, to: 1200, tone: 'good' });
    expect(metricChange(series, 'mrr', 4)).toMatchObject({ from: 800, to: 1200, relative: 0.5 });
  });

  it('is null when that week was not recorded or a value is missing, never a longer span', () => {
    expect(metricChange(series.slice(0, 2).concat(series[3]!), 'mrr', 1)).toBeNull();
    expect(metricChange(series, 'ndr', 1)).toBeNull();
    expect(metricChange([], 'mrr', 1)).toBeNull();
  });
});

describe('recentValues (the sparkline)', () => {
  it('spans the calendar weeks ending at the latest, with gaps as null', () => {
    const series = [point(13, { mrr: 1 }), point(11, { mrr: 2 }), point(1, { mrr: 3 }), point(0, { mrr: 4 })];
    const values = recentValues(series, 'mrr', 12);
    expect(values).toHaveLength(12);
    expect(values[0]).toBe(2);
    expect(values.slice(1, 10)).toEqual(Array(9).fill(null));
    expect(values.slice(10)).toEqual([3, 4]);
  });
});
