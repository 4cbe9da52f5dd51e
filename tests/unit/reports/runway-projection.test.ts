import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROJECTION_WEEKS,
  projectRunway,
  weeklyChurnFromMonthly,
  type ProjectionBaseline,
  type ProjectionChange,
} from '../../../src/core/reports/runway-projection.ts';
import { WEEKS_PER_MONTH } from '../../../src/core/metrics/formulas.ts';

/** 10,000 in the bank, 1,000 a week in, 2,000 out, flat: 1,000 burned a week. */
const flat: ProjectionBaseline = { cash: 10_000, weeklyRevenue: 1000, weeklyCosts: 2000, weeklyGrowth: 0, weeklyChurn: 0 };
/** A monthly cost that is exactly 1,000 a week. */
const thousandAWeek = 1000 * WEEKS_PER_MONTH;

describe('runway projection: hand-computed cases', () => {
  it('zero growth burns evenly: 10,000 at 1,000 a week lasts 10 weeks', () => {
    const p = projectRunway(flat, []);
    expect(p.weeks).toHaveLength(PROJECTION_WEEKS);
    expect(p.weeks[0]).toEqual({ week: 1, cash: 9000, revenue: 1000, costs: 2000 });
    expect(p.cashOutWeek).toBe(10);
    expect(p.runwayWeeks).toBe(10);
    expect(p.breakEvenWeek).toBeNull();
    expect(p.defaultAlive).toBe(false);
  });

  it('part of a week counts: 10,500 at 1,000 a week is 10.5 weeks, out in week 11', () => {
    const p = projectRunway({ ...flat, cash: 10_500 }, []);
    expect(p.cashOutWeek).toBe(11);
    expect(p.runwayWeeks).toBeCloseTo(10.5, 10);
  });

  it('negative growth shrinks revenue 10 % a week: out in week 5', () => {
    // Revenue 900, 810, 729, 656.1, 590.49 against 1,000 of costs; cash 900, 710, 439, 95.1, −314.41.
    const p = projectRunway({ cash: 1000, weeklyRevenue: 1000, weeklyCosts: 1000, weeklyGrowth: -0.1, weeklyChurn: 0 }, []);
    expect(p.weeks.slice(0, 5).map((w) => Number(w.cash.toFixed(2)))).toEqual([900, 710, 439, 95.1, -314.41]);
    expect(p.cashOutWeek).toBe(5);
    expect(p.runwayWeeks).toBeCloseTo(4 + 95.1 / 409.51, 10);
  });

  it('a fundraise before the cash-out week pushes it back by amount ÷ burn', () => {
    const p = projectRunway(flat, [{ kind: 'fundraise', week: 5, amount: 5000 }]);
    expect(p.cashOutWeek).toBe(15);
    expect(p.runwayWeeks).toBe(15);
  });

  it('a fundraise after the cash-out week comes too late: the cash-out week stays', () => {
    const p = projectRunway(flat, [{ kind: 'fundraise', week: 12, amount: 50_000 }]);
    expect(p.cashOutWeek).toBe(10);
    expect(p.runwayWeeks).toBe(10);
    // Week 11 ends at −1,000; week 12 burns 1,000 more and raises 50,000.
    expect(p.weeks[11]!.cash).toBe(-1000 - 1000 + 50_000);
  });

  it('a hire starting after cash-out changes nothing before it', () => {
    const p = projectRunway(flat, [{ kind: 'hire', week: 20, monthlyCost: thousandAWeek, count: 2 }]);
    expect(p.cashOutWeek).toBe(10);
    expect(p.weeks[18]!.costs).toBe(2000);
    expect(p.weeks[19]!.costs).toBeCloseTo(4000, 9);
  });

  it('a hire from week 1 at 1,000 a week doubles the burn: out in week 5', () => {
    const p = projectRunway(flat, [{ kind: 'hire', week: 1, monthlyCost: thousandAWeek, count: 1 }]);
    expect(p.cashOutWeek).toBe(5);
    expect(p.runwayWeeks).toBeCloseTo(5, 9);
  });

  it('growth that overtakes costs before the money runs out is default alive', () => {
    // Revenue 1,050 then 1,102.50 against 1,100 of costs: break-even in week 2.
    const p = projectRunway({ cash: 10_000, weeklyRevenue: 1000, weeklyCosts: 1100, weeklyGrowth: 0.05, weeklyChurn: 0 }, []);
    expect(p.breakEvenWeek).toBe(2);
    expect(p.cashOutWeek).toBeNull();
    expect(p.runwayWeeks).toBeNull();
    expect(p.defaultAlive).toBe(true);
  });

  it('a cost cut that brings costs under revenue breaks even from its week', () => {
    const p = projectRunway(flat, [{ kind: 'costCut', week: 3, monthlyAmount: thousandAWeek }]);
    expect(p.breakEvenWeek).toBe(3);
    expect(p.weeks.at(-1)!.cash).toBeCloseTo(8000, 6);
    expect(p.defaultAlive).toBe(true);
  });

  it('costs never go below 0, however large the cut', () => {
    const p = projectRunway(flat, [{ kind: 'costCut', week: 1, monthlyAmount: 1e9 }]);
    expect(p.weeks[0]!.costs).toBe(0);
  });

  it('a price rise multiplies revenue from its week', () => {
    const p = projectRunway(flat, [{ kind: 'price', week: 3, percent: 10 }]);
    expect(p.weeks[1]!.revenue).toBe(1000);
    expect(p.weeks[2]!.revenue).toBeCloseTo(1100, 9);
    expect(p.weeks[3]!.revenue).toBeCloseTo(1100, 9);
  });

  it('growth is stated at today\'s churn; a churn change moves net growth by the difference', () => {
    const base = { ...flat, weeklyGrowth: 0.01, weeklyChurn: 0.01 };
    expect(projectRunway(base, []).weeks[0]!.revenue).toBeCloseTo(1010, 9);
    const lowerChurn = projectRunway(base, [{ kind: 'churn', week: 1, monthlyRate: 0 }]);
    expect(lowerChurn.weeks[0]!.revenue).toBeCloseTo(1020, 9);
    const newGrowth = projectRunway(base, [{ kind: 'growth', week: 1, monthlyRate: 0 }]);
    expect(newGrowth.weeks[0]!.revenue).toBeCloseTo(1000, 9);
  });

  it('monthly churn compounds down to its weekly rate: 4.33 weeks of it lose the month\'s share', () => {
    expect((1 - weeklyChurnFromMonthly(0.1)) ** WEEKS_PER_MONTH).toBeCloseTo(0.9, 12);
  });

  it('no cash at all is no runway', () => {
    const p = projectRunway({ ...flat, cash: -50 }, []);
    expect(p.cashOutWeek).toBe(0);
    expect(p.runwayWeeks).toBe(0);
    expect(p.defaultAlive).toBe(false);
  });

  it('already profitable breaks even in week 1', () => {
    const p = projectRunway({ ...flat, weeklyCosts: 900 }, []);
    expect(p.breakEvenWeek).toBe(1);
    expect(p.defaultAlive).toBe(true);
  });
});

const money = fc.double({ min: 0, max: 1e7, noNaN: true });
const week = fc.integer({ min: 1, max: PROJECTION_WEEKS });
const baseline = fc.record({
  cash: fc.double({ min: -1e5, max: 1e7, noNaN: true }),
  weeklyRevenue: money,
  weeklyCosts: money,
  weeklyGrowth: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
  weeklyChurn: fc.double({ min: 0, max: 0.2, noNaN: true }),
});
const change: fc.Arbitrary<ProjectionChange> = fc.oneof(
  fc.record({ kind: fc.constant('hire' as const), week, monthlyCost: fc.double({ min: 0, max: 1e6, noNaN: true }), count: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('price' as const), week, percent: fc.double({ min: -90, max: 1000, noNaN: true }) }),
  fc.record({ kind: fc.constant('growth' as const), week, monthlyRate: fc.double({ min: -1, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('churn' as const), week, monthlyRate: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('fundraise' as const), week, amount: money }),
  fc.record({ kind: fc.constant('costCut' as const), week, monthlyAmount: money }),
);
const changes = fc.array(change, { maxLength: 6 });
/** Runway for comparing: lasting the horizon is longer than any number of weeks. */
const length = (runway: number | null) => runway ?? Number.POSITIVE_INFINITY;

describe('runway projection: properties', () => {
  it('more cash never shortens the runway', () => {
    fc.assert(
      fc.property(baseline, changes, money, (start, planned, extra) => {
        const before = projectRunway(start, planned);
        const after = projectRunway({ ...start, cash: start.cash + extra }, planned);
        expect(length(after.runwayWeeks)).toBeGreaterThanOrEqual(length(before.runwayWeeks) - 1e-9);
      }),
    );
  });

  it('money raised never shortens the runway', () => {
    fc.assert(
      fc.property(baseline, changes, week, money, (start, planned, when, amount) => {
        const before = projectRunway(start, planned);
        const after = projectRunway(start, [...planned, { kind: 'fundraise', week: when, amount }]);
        expect(length(after.runwayWeeks)).toBeGreaterThanOrEqual(length(before.runwayWeeks) - 1e-9);
      }),
    );
  });

  it('a cost cut never shortens the runway', () => {
    fc.assert(
      fc.property(baseline, changes, week, money, (start, planned, when, monthlyAmount) => {
        const before = projectRunway(start, planned);
        const after = projectRunway(start, [...planned, { kind: 'costCut', week: when, monthlyAmount }]);
        expect(length(after.runwayWeeks)).toBeGreaterThanOrEqual(length(before.runwayWeeks) - 1e-9);
      }),
    );
  });

  it('every week is a finite number, whatever the plan', () => {
    fc.assert(
      fc.property(baseline, changes, (start, planned) => {
        for (const w of projectRunway(start, planned).weeks) {
          expect(Number.isFinite(w.cash) && Number.isFinite(w.revenue) && Number.isFinite(w.costs)).toBe(true);
        }
      }),
    );
  });
});
