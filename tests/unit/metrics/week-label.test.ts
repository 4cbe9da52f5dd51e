import { describe, expect, it } from 'vitest';
import { formatDay, formatMonth, formatShortDay, weekStartDay } from '../../../src/core/metrics/week-label.ts';

describe('dates a founder reads', () => {
  it('names the Monday an ISO week starts on, day first in both languages', () => {
    expect(weekStartDay({ year: 2026, week: 45 }, 'en')).toBe('2 Nov 2026');
    expect(weekStartDay({ year: 2026, week: 45 }, 'es-LA')).toBe('2 nov 2026');
  });

  it('puts week 1 in the year it belongs to, even when it starts in December', () => {
    expect(weekStartDay({ year: 2026, week: 1 }, 'en')).toBe('29 Dec 2025');
    expect(weekStartDay({ year: 2020, week: 53 }, 'es-LA')).toBe('28 dic 2020');
  });

  it('reads days in UTC whatever the machine is set to', () => {
    expect(formatDay(new Date('2027-01-18T00:00:00Z'), 'en')).toBe('18 Jan 2027');
    expect(formatMonth(new Date('2026-11-01T00:00:00Z'), 'es-LA')).toBe('nov 2026');
    expect(formatMonth(new Date('2026-11-01T00:00:00Z'), 'en')).toBe('Nov 2026');
    expect(formatShortDay(new Date('2026-11-02T00:00:00Z'), 'es-LA')).toBe('2 nov');
  });
});
