import { describe, expect, it } from 'vitest';
import { CASH_OUT_HORIZON_WEEKS, cashOutDate } from '../../../src/core/metrics/cash-out.ts';

// 2026-W45 runs from Monday 2 November to Sunday 8 November 2026.
const week = { year: 2026, week: 45 };

describe('cashOutDate', () => {
  it('counts the runway from the end of the latest recorded week', () => {
    expect(cashOutDate(week, 0)).toEqual({ date: new Date('2026-11-09T00:00:00Z'), beyondHorizon: false });
    expect(cashOutDate(week, 10)).toEqual({ date: new Date('2027-01-18T00:00:00Z'), beyondHorizon: false });
  });

  it('counts part of a week in whole days', () => {
    expect(cashOutDate(week, 1.5)!.date).toEqual(new Date('2026-11-19T00:00:00Z'));
  });

  it('is null when not burning', () => {
    expect(cashOutDate(week, null)).toBeNull();
  });

  it('past ten years says so instead of a date nobody can plan with', () => {
    const far = cashOutDate(week, 1e9)!;
    expect(far.beyondHorizon).toBe(true);
    expect(far.date).toEqual(cashOutDate(week, CASH_OUT_HORIZON_WEEKS)!.date);
    expect(far.date.getUTCFullYear()).toBe(2036);
  });
});
