import { describe, expect, it } from 'vitest';
import { calendarDay } from '../../../src/core/gamification/calendar-day.ts';
import { addMonths, daysLeft, extendFromAnchor, monthsFrom } from '../../../src/core/subscription/billing-dates.ts';

const at = (iso: string) => new Date(iso);

describe('addMonths', () => {
  it('lands on the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1)).toEqual(at('2026-02-28T10:00:00Z'));
    expect(addMonths(at('2026-03-31T10:00:00Z'), 1)).toEqual(at('2026-04-30T10:00:00Z'));
    expect(addMonths(at('2026-05-30T10:00:00Z'), 1)).toEqual(at('2026-06-30T10:00:00Z'));
  });

  it('knows leap years: Feb 29 exists in 2028, not in 2100, and again in 2000', () => {
    expect(addMonths(at('2028-01-31T00:00:00Z'), 1)).toEqual(at('2028-02-29T00:00:00Z'));
    expect(addMonths(at('2028-02-29T12:00:00Z'), 12)).toEqual(at('2029-02-28T12:00:00Z'));
    expect(addMonths(at('2028-02-29T12:00:00Z'), 48)).toEqual(at('2032-02-29T12:00:00Z'));
    expect(addMonths(at('2100-01-31T00:00:00Z'), 1)).toEqual(at('2100-02-28T00:00:00Z'));
    expect(addMonths(at('1999-12-31T00:00:00Z'), 2)).toEqual(at('2000-02-29T00:00:00Z'));
  });

  it('crosses years and keeps the time of day to the millisecond', () => {
    expect(addMonths(at('2026-12-15T23:59:59.999Z'), 1)).toEqual(at('2027-01-15T23:59:59.999Z'));
    expect(addMonths(at('2026-11-30T08:30:00Z'), 3)).toEqual(at('2027-02-28T08:30:00Z'));
    expect(addMonths(at('2026-06-15T08:30:00Z'), 12)).toEqual(at('2027-06-15T08:30:00Z'));
  });
});

describe('months counted from the anchor', () => {
  it('never drift: Jan 31 renews on Feb 28, then Mar 31, Apr 30, May 31', () => {
    const anchor = at('2026-01-31T10:00:00Z');
    const ends = [anchor];
    for (let month = 0; month < 4; month += 1) ends.push(extendFromAnchor(anchor, ends.at(-1)!, 1));
    expect(ends.slice(1).map((end) => end.toISOString().slice(0, 10))).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('count calendar months between the anchor and a period end', () => {
    expect(monthsFrom(at('2026-01-31T10:00:00Z'), at('2026-02-28T10:00:00Z'))).toBe(1);
    expect(monthsFrom(at('2026-11-30T10:00:00Z'), at('2027-02-28T10:00:00Z'))).toBe(3);
    expect(monthsFrom(at('2026-01-31T10:00:00Z'), at('2026-01-31T10:00:00Z'))).toBe(0);
  });
});

describe('time zones', () => {
  it('a period is a month on the UTC clock, so a daylight-saving change does not move its end', () => {
    // 9:00 in New York on Mar 1 (EST) is 14:00 UTC; a month later New York is on EDT.
    const start = at('2026-03-01T14:00:00Z');
    const end = addMonths(start, 1);
    expect(end).toEqual(at('2026-04-01T14:00:00Z'));
    expect(calendarDay(end, 'America/New_York')).toBe('2026-04-01');
  });

  it('the renewal day a founder sees is the day where they are', () => {
    // 23:30 on Jan 31 in Mexico City is already Feb 1 in UTC: the period ends Mar 1 UTC,
    // which is still Feb 28 in Mexico City.
    const start = at('2026-02-01T05:30:00Z');
    expect(calendarDay(start, 'America/Mexico_City')).toBe('2026-01-31');
    const end = addMonths(start, 1);
    expect(end).toEqual(at('2026-03-01T05:30:00Z'));
    expect(calendarDay(end, 'America/Mexico_City')).toBe('2026-02-28');
    expect(calendarDay(end, 'Asia/Tokyo')).toBe('2026-03-01');
  });
});

describe('daysLeft', () => {
  it('counts a started day as a whole one and never goes below 0', () => {
    const end = at('2026-01-15T00:00:00Z');
    expect(daysLeft(end, at('2026-01-12T00:00:00Z'))).toBe(3);
    expect(daysLeft(end, at('2026-01-12T00:00:01Z'))).toBe(3);
    expect(daysLeft(end, at('2026-01-14T23:59:59Z'))).toBe(1);
    expect(daysLeft(end, end)).toBe(0);
    expect(daysLeft(end, at('2026-02-01T00:00:00Z'))).toBe(0);
  });
});
