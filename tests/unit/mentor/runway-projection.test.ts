import { describe, expect, it } from 'vitest';
import { isoDay, projectRunway } from '../../../src/core/mentor/runway-projection.ts';

/** 88,000 in cash at the end of 2026-W10 (Monday 2 March to Sunday 8 March), burning 4,000 a week. */
const latest = { cashBalance: 88_000, weeklyBurn: 4000, week: { year: 2026, week: 10 } };

describe('a runway projection', () => {
  it('is the dashboard runway now, and after two engineers at 1,500 a week each', () => {
    const projection = projectRunway(latest, { weeklyCosts: 3000 });
    // 88,000 / 4,000 = 22 weeks from Monday 9 March: 154 days later is Monday 10 August.
    expect(projection.now).toEqual({ weeklyBurn: 4000, runwayWeeks: 22, cashOutDay: expect.any(Number) });
    expect(isoDay(projection.now.cashOutDay!)).toBe('2026-08-10');
    // 88,000 / 7,000 = 12.57 weeks: 88 whole days, Friday 5 June.
    expect(projection.after.weeklyBurn).toBe(7000);
    expect(projection.after.runwayWeeks).toBeCloseTo(12.571, 3);
    expect(isoDay(projection.after.cashOutDay!)).toBe('2026-06-05');
    expect(projection.change).toEqual({ weeklyCosts: 3000, weeklyRevenue: 0 });
  });

  it('has no cash-out date once revenue covers the costs', () => {
    const projection = projectRunway(latest, { weeklyRevenue: 5000 });
    expect(projection.after).toEqual({ weeklyBurn: -1000, runwayWeeks: null, cashOutDay: null });
  });
});
