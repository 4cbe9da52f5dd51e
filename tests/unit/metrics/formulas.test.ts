import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeMetrics,
  computeSeries,
  lifetimeValue,
  monthlyFromWeeklyChurn,
  netRetention,
  ratio,
} from '../../../src/core/metrics/formulas.ts';
import type { WeekRecord } from '../../../src/core/metrics/week-record.ts';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import { workedWeek as workedInputs } from '../../fixtures/metrics-week.ts';

/** Worked check 1 of docs/product.md#worked-checks, without the optional fields. */
const workedWeek: WeekRecord = { year: 2026, week: 10, ...workedInputs, dailyActiveUsers: null, monthlyActiveUsers: null, arpu: null };

/** `count` consecutive weeks ending at 2026-W10, each `change`d from the worked week. */
function weeks(count: number, change: (index: number) => Partial<WeekRecord> = () => ({})): WeekRecord[] {
  const last = weekIndex({ year: 2026, week: 10 });
  return Array.from({ length: count }, (_, index) => ({
    ...workedWeek,
    ...weekFromIndex(last - count + 1 + index),
    ...change(index),
  }));
}

describe('worked check 1: one week', () => {
  const m = computeMetrics([workedWeek]);
  it('computes every metric by hand', () => {
    expect(m.endingCustomers).toBe(105);
    expect(m.cac).toBe(200);
    expect(m.churnRate).toBe(0.05);
    expect(m.mrr).toBeCloseTo(21_666.67, 2);
    expect(m.arr).toBeCloseTo(260_000, 6);
    expect(m.arpc).toBeCloseTo(206.35, 2);
    expect(m.monthlyChurnRate).toBeCloseTo(0.1993, 4);
    expect(m.ltv).toBeCloseTo(828.3, 1);
    expect(m.paybackWeeks).toBeCloseTo(5.25, 2);
    expect(m.weeklyBurnRate).toBe(4000);
    expect(m.runwayWeeks).toBe(50);
    expect(m.runwayStatus).toBe('burning');
    expect(netRetention(workedWeek)).toBeCloseTo(1.020833, 6);
    expect(m.ndr).toBeCloseTo(1.020833 ** 52, 2);
    expect(m.ndr).toBeCloseTo(2.92, 2);
    expect(m.ndrConfidence).toBe('low');
    expect(m.ltvToCac).toBeCloseTo(828.3 / 200, 2);
    expect(m.grossMargin).toBe(0.8);
    expect(m.withoutMargin).toBe(false);
    expect(m.revenueChurnRate).toBeCloseTo(150 / 4800, 10);
    expect(m.activeUsers).toBe(400);
    expect(m.cashBalance).toBe(200_000);
    expect(m.weeklyRecurringRevenue).toBe(5000);
  });
  it('quick ratio: new revenue = 5000 − 4900 = 100, plus 250 expansion, over 150 lost', () => {
    expect(m.quickRatio).toBeCloseTo(350 / 150, 10);
  });
  it('needs more weeks for growth, user growth and burn multiple', () => {
    expect(m.revenueGrowth).toBeNull();
    expect(m.userGrowth).toBeNull();
    expect(m.burnMultiple).toBeNull();
  });
});

describe('zero denominators give null, never 0 or Infinity (worked checks 2 and 3)', () => {
  it('no new customers in the window: CAC, payback and LTV:CAC are null', () => {
    const m = computeMetrics(weeks(4, () => ({ newCustomers: 0 })));
    expect(m.cac).toBeNull();
    expect(m.paybackWeeks).toBeNull();
    expect(m.ltvToCac).toBeNull();
    expect(m.ltv).not.toBeNull();
  });
  it('no lost customers: churn 0 and LTV null (no churn observed yet)', () => {
    const m = computeMetrics([{ ...workedWeek, lostCustomers: 0 }]);
    expect(m.churnRate).toBe(0);
    expect(m.monthlyChurnRate).toBe(0);
    expect(m.ltv).toBeNull();
    expect(m.ltvToCac).toBeNull();
  });
  it('revenue above costs: burn ≤ 0, runway null and not burning', () => {
    const m = computeMetrics([{ ...workedWeek, weeklyCosts: 4000 }]);
    expect(m.weeklyBurnRate).toBe(-1000);
    expect(m.runwayWeeks).toBeNull();
    expect(m.runwayStatus).toBe('not-burning');
  });
  it('no customers at all: ARPC, churn, LTV and payback are null', () => {
    const m = computeMetrics([
      { ...workedWeek, startingCustomers: 0, newCustomers: 0, lostCustomers: 0, startingRevenue: 0, churnedRevenue: 0, downgrades: 0, expansions: 0 },
    ]);
    expect(m.arpc).toBeNull();
    expect(m.churnRate).toBeNull();
    expect(m.ltv).toBeNull();
    expect(m.paybackWeeks).toBeNull();
    expect(m.ndr).toBeNull();
    expect(m.revenueChurnRate).toBeNull();
    expect(m.quickRatio).toBe(null);
  });
  it('user growth from zero weekly users is null', () => {
    const m = computeMetrics(weeks(2, (i) => ({ weeklyActiveUsers: i === 0 ? 0 : 50 })));
    expect(m.userGrowth).toBeNull();
  });
  it('ratio() refuses zero and missing denominators', () => {
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(null, 2)).toBeNull();
    expect(ratio(1, null)).toBeNull();
    expect(ratio(0, 5)).toBe(0);
  });
});

describe('windows and compounding', () => {
  it('ChartMogul LTV (worked check 4): ARPC 100, monthly churn 5 %, margin 100 % → 2,000', () => {
    expect(lifetimeValue(100, 1, 0.05)).toBeCloseTo(2000, 10);
  });
  it('compounds weekly churn into monthly, never × 4.33', () => {
    expect(monthlyFromWeeklyChurn(0.05)).toBeCloseTo(1 - 0.95 ** (52 / 12), 12);
    expect(monthlyFromWeeklyChurn(0.05)).toBeLessThan(0.05 * (52 / 12));
  });
  it('sums churn and CAC over the last 4 recorded weeks, so a quiet week does not zero churn', () => {
    const m = computeMetrics(
      weeks(6, (i) => ({ lostCustomers: i === 5 ? 0 : 4, newCustomers: i === 5 ? 0 : 10, marketingCosts: 1000 })),
    );
    // last 4: lost 4+4+4+0 over starting 400; marketing 4000 over new 30
    expect(m.churnRate).toBeCloseTo(12 / 400, 12);
    expect(m.cac).toBeCloseTo(4000 / 30, 10);
  });
  it('averages burn over the window', () => {
    const m = computeMetrics(weeks(4, (i) => ({ weeklyCosts: 5000 + 1000 * i })));
    // costs 5000..8000, revenue 5000 → burn 0,1000,2000,3000 → 1500
    expect(m.weeklyBurnRate).toBe(1500);
    expect(m.runwayWeeks).toBeCloseTo(200_000 / 1500, 10);
  });
  it('monthly revenue growth compares the last 4 weeks with the 4 before', () => {
    const m = computeMetrics(weeks(8, (i) => ({ weeklyRevenue: i < 4 ? 1000 : 1250 })));
    expect(m.revenueGrowth).toBeCloseTo(0.25, 12);
    expect(computeMetrics(weeks(7)).revenueGrowth).toBeNull();
  });
  it('weekly user growth compares the last two weeks', () => {
    const m = computeMetrics(weeks(2, (i) => ({ weeklyActiveUsers: i === 0 ? 100 : 105 })));
    expect(m.userGrowth).toBeCloseTo(0.05, 12);
  });
  it('burn multiple divides monthly burn by MRR added over 4 weeks, null when MRR did not grow', () => {
    const grew = computeMetrics(weeks(5, (i) => ({ weeklyRevenue: i === 0 ? 4000 : 5000, weeklyCosts: 9000 })));
    const burn = grew.weeklyBurnRate;
    expect(grew.burnMultiple).toBeCloseTo((burn * 52) / 12 / ((1000 * 52) / 12), 10);
    expect(computeMetrics(weeks(5)).burnMultiple).toBeNull();
  });
  it('NDR is measured over 52 weeks, projected with fewer, low confidence under 13', () => {
    const year = computeMetrics(weeks(60, () => ({ expansions: 350 })));
    expect(year.ndrConfidence).toBe('measured');
    expect(year.ndr).toBeCloseTo((5000 / 4800) ** 52, 8);
    const quarter = computeMetrics(weeks(13));
    expect(quarter.ndrConfidence).toBe('projected');
    expect(quarter.ndr).toBeCloseTo(1.020833 ** 52, 2);
    expect(computeMetrics(weeks(12)).ndrConfidence).toBe('low');
  });
  it('without a gross margin LTV and payback use 100 % and say so', () => {
    const m = computeMetrics([{ ...workedWeek, grossMarginPct: null }]);
    expect(m.withoutMargin).toBe(true);
    expect(m.grossMargin).toBeNull();
    expect(m.ltv).toBeCloseTo((206.349 * 1) / 0.1993, 0);
  });
  it('runway is 0, not negative, when cash is already gone', () => {
    expect(computeMetrics([{ ...workedWeek, cashBalance: -500 }]).runwayWeeks).toBe(0);
  });
});

describe('weeks with gaps (decision 047)', () => {
  /** The weeks of `weeks(count)` whose positions are not in `missing`. */
  const withGaps = (count: number, missing: number[], change: (index: number) => Partial<WeekRecord> = () => ({})) =>
    weeks(count, change).filter((_, index) => !missing.includes(index));

  it('user growth compares with the calendar week before, and is null when that week is missing', () => {
    const consecutive = withGaps(3, [], (i) => ({ weeklyActiveUsers: 100 + 10 * i }));
    expect(computeMetrics(consecutive).userGrowth).toBeCloseTo(120 / 110 - 1, 12);
    // Week 10 after week 8: 20 % over two weeks is not a weekly growth rate.
    expect(computeMetrics(withGaps(3, [1], (i) => ({ weeklyActiveUsers: 100 + 10 * i }))).userGrowth).toBeNull();
  });
  it('revenue growth needs the last 8 calendar weeks, all recorded', () => {
    const revenue = (i: number) => ({ weeklyRevenue: i < 5 ? 1000 : 1250 });
    expect(computeMetrics(withGaps(9, [], revenue)).revenueGrowth).toBeCloseTo(5000 / 4000 - 1, 12);
    // Nine records over ten weeks: the last 8 recorded span 9 calendar weeks.
    expect(computeMetrics(withGaps(10, [6], revenue)).revenueGrowth).toBeNull();
    // A gap older than the 8 weeks does not matter.
    expect(computeMetrics(withGaps(10, [0], revenue)).revenueGrowth).toBeCloseTo(5000 / 4250 - 1, 12);
  });
  it('burn multiple compares MRR with the calendar week 4 weeks earlier, null when it is missing', () => {
    const revenue = (i: number) => ({ weeklyRevenue: 4000 + 250 * i, weeklyCosts: 9000 });
    const full = computeMetrics(withGaps(6, [], revenue));
    expect(full.burnMultiple).toBeCloseTo((full.weeklyBurnRate * 52) / 12 / ((1000 * 52) / 12), 10);
    expect(computeMetrics(withGaps(6, [1], revenue)).burnMultiple).toBeNull();
    // Other weeks missing in between do not matter: week L−4 is there.
    const gapInside = computeMetrics(withGaps(6, [3], revenue));
    expect(gapInside.burnMultiple).toBeCloseTo((gapInside.weeklyBurnRate * 52) / 12 / ((1000 * 52) / 12), 10);
  });
  it('rates and unit costs still use the last 4 recorded weeks, gaps or not', () => {
    const sparse = withGaps(8, [1, 3, 5], (i) => ({ lostCustomers: i, newCustomers: 10, marketingCosts: 1000 * (i + 1) }));
    const window = sparse.slice(-4);
    const m = computeMetrics(sparse);
    expect(m.churnRate).toBeCloseTo(window.reduce((s, w) => s + w.lostCustomers, 0) / 400, 12);
    expect(m.cac).toBeCloseTo(window.reduce((s, w) => s + w.marketingCosts, 0) / 40, 12);
  });
});

describe('computeSeries', () => {
  it('gives, for every week, exactly what computeMetrics gives for the history up to it', () => {
    const history = weeks(70, (i) => ({ weeklyRevenue: 4000 + 37 * i, startingRevenue: i % 9 === 0 ? 0 : 4800, lostCustomers: i % 5 }));
    const series = computeSeries(history);
    expect(series).toHaveLength(70);
    for (const index of [0, 3, 7, 8, 51, 52, 60, 69]) {
      expect(series[index]).toEqual(computeMetrics(history.slice(0, index + 1)));
    }
  });
});

/** Weeks that pass the record's own validation (lost ≤ customers, revenue lost ≤ starting revenue). */
const weekArbitrary = fc
  .record({
    startingCustomers: fc.integer({ min: 0, max: 10_000 }),
    newCustomers: fc.integer({ min: 0, max: 1000 }),
    lostShare: fc.double({ min: 0, max: 1, noNaN: true }),
    marketingCosts: fc.integer({ min: 0, max: 1_000_000 }),
    weeklyRevenue: fc.integer({ min: 0, max: 1_000_000 }),
    startingRevenue: fc.integer({ min: 0, max: 1_000_000 }),
    churnShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
    downgradeShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
    expansions: fc.integer({ min: 0, max: 1_000_000 }),
    weeklyCosts: fc.integer({ min: 0, max: 1_000_000 }),
    cashBalance: fc.integer({ min: -1_000_000, max: 100_000_000 }),
    grossMarginPct: fc.option(fc.integer({ min: 0, max: 100 })),
    weeklyActiveUsers: fc.integer({ min: 0, max: 100_000 }),
  })
  .map(({ lostShare, churnShare, downgradeShare, ...week }) => ({
    ...week,
    lostCustomers: Math.floor(lostShare * (week.startingCustomers + week.newCustomers)),
    churnedRevenue: Math.floor(churnShare * week.startingRevenue),
    downgrades: Math.floor(downgradeShare * week.startingRevenue),
  }));

describe('properties', () => {
  it('every metric is a finite number or null, whatever the inputs', () => {
    fc.assert(
      fc.property(fc.array(weekArbitrary, { minLength: 1, maxLength: 60 }), (rows) => {
        const history = weeks(rows.length, (i) => rows[i]!);
        const m = computeMetrics(history);
        for (const value of Object.values(m)) {
          if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
        }
        if (m.churnRate !== null) expect(m.churnRate).toBeGreaterThanOrEqual(0);
        if (m.churnRate !== null) expect(m.churnRate).toBeLessThanOrEqual(1);
        if (m.runwayWeeks !== null) expect(m.runwayWeeks).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('the metrics depend only on the last weeks, not on how much older history exists', () => {
    fc.assert(
      fc.property(fc.array(weekArbitrary, { minLength: 8, maxLength: 20 }), (rows) => {
        const history = weeks(rows.length, (i) => rows[i]!);
        const { ndr, ndrConfidence, ...recent } = computeMetrics(history);
        const { ndr: _n, ndrConfidence: _c, ...fromLastEight } = computeMetrics(history.slice(-8));
        expect(recent).toEqual(fromLastEight);
        expect(ndrConfidence === null || ndr !== null).toBe(true);
      }),
    );
  });
});
