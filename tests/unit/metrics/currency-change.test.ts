import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertAmount, convertWeek, CurrencyChangeInput } from '../../../src/core/metrics/currency-change.ts';
import { weeklyFromMonthly } from '../../../src/core/metrics/revenue-period.ts';
import { MAX_AMOUNT, type WeekRecord } from '../../../src/core/metrics/week-record.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const week: WeekRecord = { year: 2026, week: 45, ...workedWeek };

describe('CurrencyChangeInput', () => {
  it('takes a relabel, or a conversion with a rate above 0', () => {
    expect(CurrencyChangeInput.safeParse({ mode: 'relabel', currency: 'USD' }).success).toBe(true);
    expect(CurrencyChangeInput.safeParse({ mode: 'convert', currency: 'USD', rate: 0.055 }).success).toBe(true);
  });

  it.each([
    [{ mode: 'convert', currency: 'USD', rate: 0 }, 'validation:currency.ratePositive'],
    [{ mode: 'convert', currency: 'USD', rate: -18 }, 'validation:currency.ratePositive'],
    [{ mode: 'convert', currency: 'USD', rate: '18' }, 'validation:currency.rateNumber'],
    [{ mode: 'convert', currency: 'USD' }, 'validation:currency.rateNumber'],
    [{ mode: 'convert', currency: 'USD', rate: 2_000_000 }, 'validation:currency.rateTooLarge'],
    [{ mode: 'convert', currency: 'DOGE', rate: 1 }, 'validation:profile.currency'],
    [{ mode: 'guess', currency: 'USD' }, 'validation:currency.mode'],
  ])('refuses %j with its reason', (input, message) => {
    const result = CurrencyChangeInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('convertAmount', () => {
  it('is exact in decimal: no binary rounding moves a cent', () => {
    // 1.15 × 100 is 114.99999999999999 in binary floating point.
    expect(convertAmount(1.15, 100, 2)).toBe(115);
    expect(convertAmount(200_000, 0.055, 2)).toBe(11_000);
    expect(convertAmount(14_040.5, 0.0549, 2)).toBe(770.82); // 770.82345
    expect(convertAmount(0.1, 3, 2)).toBe(0.3);
  });

  it('rounds half away from zero, or truncates', () => {
    expect(convertAmount(0.05, 0.5, 2)).toBe(0.03); // 0.025
    expect(convertAmount(-0.05, 0.5, 2)).toBe(-0.03);
    expect(convertAmount(0.05, 0.5, 2, 'down')).toBe(0.02);
  });

  it('keeps whole units in a currency without cents', () => {
    expect(convertAmount(1_000.5, 950.4, 0)).toBe(950_875); // 950,875.2
  });

  it('keeps a cash overdraft negative', () => {
    expect(convertAmount(-1_500, 18.2, 2)).toBe(-27_300);
  });

  it('matches the exact product to the cent for any amount and rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 1, max: 99_999 }), (cents, rateThousandths) => {
        const value = cents / 100;
        const rate = rateThousandths / 1000;
        // The exact product in thousandths of a cent, rounded half away from zero, by integers only.
        const exact = cents * rateThousandths;
        const rounded = Math.sign(exact) * Math.floor((Math.abs(exact) + 500) / 1000);
        expect(convertAmount(value, rate, 2)).toBe(rounded / 100 + 0); // + 0: no negative zero either
      }),
    );
  });
});

describe('convertWeek', () => {
  it('converts every amount, and leaves counts and the margin', () => {
    const converted = convertWeek(week, 0.05, 'USD')!;
    expect(converted).toEqual({
      ...week,
      marketingCosts: 100,
      startingRevenue: 240,
      churnedRevenue: 5,
      expansions: 12.5,
      downgrades: 2.5,
      weeklyCosts: 450,
      weeklyRevenue: 250,
      cashBalance: 10_000,
      arpu: 0.63, // 0.625
    });
  });

  it('keeps a week valid: what left never exceeds what the week started with', () => {
    const edge: WeekRecord = { ...week, startingRevenue: 1, churnedRevenue: 0.5, downgrades: 0.5, arpu: null };
    const converted = convertWeek(edge, 0.333, 'USD')!;
    expect(converted.churnedRevenue + converted.downgrades).toBeLessThanOrEqual(converted.startingRevenue);
    expect(converted.arpu).toBeNull();
  });

  it('converts revenue typed per month and derives the week from it again, so the week still agrees with its month', () => {
    // 21,666.67 a month is 5,000.00 a week (× 12 ÷ 52); at 0.055 the month is 1,191.67 and the week 275.00.
    const monthly: WeekRecord = { ...week, weeklyRevenue: 5000, monthlyRevenue: 21_666.67 };
    const converted = convertWeek(monthly, 0.055, 'USD')!;
    expect(converted).not.toBeNull();
    expect(converted.monthlyRevenue).toBe(1191.67);
    expect(converted.weeklyRevenue).toBe(weeklyFromMonthly(1191.67));
    expect(converted.cashBalance).toBe(11_000);
  });

  it('refuses a rate that would make an amount too large to store', () => {
    expect(convertWeek({ ...week, cashBalance: MAX_AMOUNT / 2 }, 4, 'USD')).toBeNull();
  });
});
