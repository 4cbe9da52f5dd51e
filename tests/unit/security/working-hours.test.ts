import { describe, expect, it } from 'vitest';
import { isWithinWorkingHours } from '../../../src/core/admin/security-alerts.ts';

/** The admins' working hours (docs/decisions/187-admin-activity-alerts.md): Monday to Friday, 08:00-20:00 on the configured clock. */
describe('isWithinWorkingHours', () => {
  it('takes Monday to Friday from 08:00 up to, not including, 20:00', () => {
    expect(isWithinWorkingHours(new Date('2026-11-23T08:00:00Z'), 'UTC')).toBe(true);
    expect(isWithinWorkingHours(new Date('2026-11-23T07:59:59Z'), 'UTC')).toBe(false);
    expect(isWithinWorkingHours(new Date('2026-11-27T19:59:59Z'), 'UTC')).toBe(true);
    expect(isWithinWorkingHours(new Date('2026-11-27T20:00:00Z'), 'UTC')).toBe(false);
    expect(isWithinWorkingHours(new Date('2026-11-28T12:00:00Z'), 'UTC')).toBe(false);
    expect(isWithinWorkingHours(new Date('2026-11-29T12:00:00Z'), 'UTC')).toBe(false);
  });

  it("reads the hour and the day on the admins' own clock", () => {
    // Tuesday 02:00 UTC is still Monday 20:00 in Mexico City: after hours there.
    expect(isWithinWorkingHours(new Date('2026-11-24T02:00:00Z'), 'America/Mexico_City')).toBe(false);
    // Saturday 01:00 UTC is Friday 19:00 there: still working.
    expect(isWithinWorkingHours(new Date('2026-11-28T01:00:00Z'), 'America/Mexico_City')).toBe(true);
  });
});
