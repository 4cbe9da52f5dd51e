import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareWeeks,
  formatWeek,
  isoWeekOf,
  isoWeeksInYear,
  isValidIsoWeek,
  previousWeek,
  weekFromIndex,
  weekIndex,
} from '../../../src/core/metrics/iso-week.ts';
import { classify, targetStatuses, TARGETS } from '../../../src/core/metrics/targets.ts';
import { computeMetrics } from '../../../src/core/metrics/formulas.ts';
import { MAX_COUNT, WeekKeySchema, WeekRecordInput } from '../../../src/core/metrics/week-record.ts';
import { workedWeek as validWeek } from '../../fixtures/metrics-week.ts';


const messages = (input: unknown) => {
  const result = WeekRecordInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('ISO weeks', () => {
  it('knows which years have 53 weeks', () => {
    expect(isoWeeksInYear(2020)).toBe(53);
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2025)).toBe(52);
    expect(isoWeeksInYear(2027)).toBe(52);
  });
  it('puts dates in the right ISO year and week', () => {
    expect(isoWeekOf(new Date('2021-01-03T12:00:00Z'))).toEqual({ year: 2020, week: 53 });
    expect(isoWeekOf(new Date('2024-12-30T00:00:00Z'))).toEqual({ year: 2025, week: 1 });
    expect(isoWeekOf(new Date('2026-11-22T05:00:00Z'))).toEqual({ year: 2026, week: 47 });
  });
  it('refuses week 54 and week 53 of a 52-week year', () => {
    expect(isValidIsoWeek({ year: 2026, week: 53 })).toBe(true);
    expect(isValidIsoWeek({ year: 2025, week: 53 })).toBe(false);
    expect(isValidIsoWeek({ year: 2026, week: 54 })).toBe(false);
    expect(isValidIsoWeek({ year: 2026, week: 0 })).toBe(false);
    expect(WeekKeySchema.safeParse({ year: '2026', week: '54' }).success).toBe(false);
    expect(WeekKeySchema.safeParse({ year: '2026', week: '7' }).data).toEqual({ year: 2026, week: 7 });
  });
  it('reads a year and week written in digits only', () => {
    for (const [year, week] of [['2026.0', '7'], ['2026', '1e1'], ['2026', '0x10'], [' 2026', '7'], ['2026', '+7'], ['2026', '']]) {
      expect(WeekKeySchema.safeParse({ year, week }).success, `${year}/${week}`).toBe(false);
    }
    expect(WeekKeySchema.safeParse({ year: '2026', week: '07' }).data).toEqual({ year: 2026, week: 7 });
  });
  it('counts consecutive weeks across year ends', () => {
    expect(previousWeek({ year: 2021, week: 1 })).toEqual({ year: 2020, week: 53 });
    expect(previousWeek({ year: 2026, week: 1 })).toEqual({ year: 2025, week: 52 });
    expect(formatWeek({ year: 2026, week: 7 })).toBe('2026-W07');
  });
  it('weekIndex and weekFromIndex are inverse, and the index orders weeks like compareWeeks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1500, max: 7000 }), fc.integer({ min: 1500, max: 7000 }), (a, b) => {
        const wa = weekFromIndex(a);
        const wb = weekFromIndex(b);
        expect(weekIndex(wa)).toBe(a);
        expect(Math.sign(compareWeeks(wa, wb))).toBe(Math.sign(a - b));
        expect(isValidIsoWeek(wa)).toBe(true);
      }),
    );
  });
});

describe('WeekRecordInput', () => {
  it('accepts a full week and fills optional fields with null', () => {
    expect(messages(validWeek)).toEqual([]);
    const { dailyActiveUsers, monthlyActiveUsers, grossMarginPct, arpu, ...required } = validWeek;
    expect(WeekRecordInput.parse(required)).toMatchObject({ dailyActiveUsers: null, grossMarginPct: null, arpu: null });
  });
  it('refuses negative customers, fractional customers and non-numbers', () => {
    expect(messages({ ...validWeek, startingCustomers: -1 })).toContain('startingCustomers:validation:metrics.nonNegative');
    expect(messages({ ...validWeek, newCustomers: 1.5 })).toContain('newCustomers:validation:metrics.integer');
    expect(messages({ ...validWeek, weeklyRevenue: '5000' })).toContain('weeklyRevenue:validation:metrics.number');
  });
  it('refuses churned revenue above starting revenue and more lost customers than there were', () => {
    expect(messages({ ...validWeek, churnedRevenue: 4800 })).toContain('churnedRevenue:validation:metrics.churnAboveStart');
    expect(messages({ ...validWeek, lostCustomers: 111 })).toContain('lostCustomers:validation:metrics.lostAboveCustomers');
  });
  it('keeps gross margin within 0–100 and money to the cent', () => {
    expect(messages({ ...validWeek, grossMarginPct: 101 })).toContain('grossMarginPct:validation:metrics.percent');
    expect(messages({ ...validWeek, grossMarginPct: -1 })).toContain('grossMarginPct:validation:metrics.percent');
    expect(messages({ ...validWeek, weeklyRevenue: 10.005 })).toContain('weeklyRevenue:validation:metrics.cents');
    expect(messages({ ...validWeek, weeklyRevenue: 10.07 })).toEqual([]);
    expect(messages({ ...validWeek, cashBalance: 999_999_999_999.99 })).toEqual([]);
    expect(messages({ ...validWeek, cashBalance: 1_000_000_000_000.01 })).toContain('cashBalance:validation:metrics.tooLarge');
  });
  it('keeps every number within what its column stores exactly (numeric(5,2), integer)', () => {
    expect(messages({ ...validWeek, grossMarginPct: 62.25 })).toEqual([]);
    expect(messages({ ...validWeek, grossMarginPct: 62.255 })).toEqual(['grossMarginPct:validation:metrics.percentDecimals']);
    expect(messages({ ...validWeek, grossMarginPct: 33.333333 })).toEqual(['grossMarginPct:validation:metrics.percentDecimals']);
    expect(messages({ ...validWeek, arpu: 0.001 })).toEqual(['arpu:validation:metrics.cents']);
    expect(messages({ ...validWeek, weeklyActiveUsers: MAX_COUNT })).toEqual([]);
    expect(messages({ ...validWeek, weeklyActiveUsers: MAX_COUNT + 1 })).toEqual(['weeklyActiveUsers:validation:metrics.tooLarge']);
    expect(messages({ ...validWeek, monthlyActiveUsers: 3_000_000_000 })).toEqual(['monthlyActiveUsers:validation:metrics.tooLarge']);
  });
  it('allows an overdrawn cash balance but no unknown fields', () => {
    expect(messages({ ...validWeek, cashBalance: -1200.5 })).toEqual([]);
    expect(messages({ ...validWeek, mrr: 1 })).not.toEqual([]);
  });
});

describe('targets', () => {
  it('classifies on, near (within 20 % on the wrong side) and off', () => {
    expect(classify(30, TARGETS.paybackWeeks)).toBe('on');
    expect(classify(50, TARGETS.paybackWeeks)).toBe('near');
    expect(classify(60, TARGETS.paybackWeeks)).toBe('near');
    expect(classify(60.5, TARGETS.paybackWeeks)).toBe('off');
    expect(classify(1.05, TARGETS.ndr)).toBe('on');
    expect(classify(0.9, TARGETS.ndr)).toBe('near');
    expect(classify(0.8, TARGETS.ndr)).toBe('off');
    expect(classify(0.2, TARGETS.revenueGrowth)).toBe('on');
    expect(classify(0.0069, TARGETS.churnRate)).toBe('on');
    expect(classify(0.008, TARGETS.churnRate)).toBe('near');
    expect(classify(0.05, TARGETS.churnRate)).toBe('off');
    expect(classify(null, TARGETS.ltvToCac)).toBeNull();
  });
  it('a founder who is not burning is on target for runway', () => {
    const statuses = targetStatuses(
      computeMetrics([{ year: 2026, week: 1, ...validWeek, weeklyCosts: 1000 }]),
    );
    expect(statuses.runwayWeeks).toBe('on');
    expect(statuses.churnRate).toBe('off');
    expect(statuses.revenueGrowth).toBeNull();
  });
});
