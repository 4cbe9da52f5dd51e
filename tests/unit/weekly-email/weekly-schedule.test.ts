import { describe, expect, it } from 'vitest';
import { dueReminders, localMoment, reminderTimeZone, retryDelayMs } from '../../../src/core/weekly-email/weekly-schedule.ts';

const settings = { timeZone: 'America/Santiago', mondayHour: '09:00', fridayHour: '17:00', accountCreatedAt: new Date('2026-01-01T00:00:00Z') };
const kinds = (at: string, overrides = {}) => dueReminders(new Date(at), { ...settings, ...overrides }).map((due) => due.kind);

describe('when a weekly e-mail is due', () => {
  it('reads the founder’s clock: Monday 09:00 in Santiago is 12:00 UTC in summer time and 13:00 UTC in winter time', () => {
    expect(localMoment(new Date('2026-03-30T12:00:00Z'), 'America/Santiago')).toEqual({ date: '2026-03-30', weekday: 1, minutes: 9 * 60 });
    expect(localMoment(new Date('2026-04-06T13:00:00Z'), 'America/Santiago')).toEqual({ date: '2026-04-06', weekday: 1, minutes: 9 * 60 });
    expect(kinds('2026-04-06T12:59:00Z')).toEqual([]);
    expect(kinds('2026-04-06T13:00:00Z')).toEqual(['monday-metrics']);
  });

  it('stays due for the rest of the day, and not the next day', () => {
    expect(kinds('2026-03-31T02:59:00Z')).toEqual(['monday-metrics']); // Monday 23:59 (UTC−3)
    expect(kinds('2026-03-31T03:00:00Z')).toEqual([]); // Tuesday 00:00
  });

  it('names the ISO week of the founder’s date, not of UTC’s', () => {
    // Monday 5 January 2026 at 20:00 in Santiago is already Tuesday in UTC; the week is 2026-W02 either way,
    // but Sunday 23:30 on 4 January in Santiago (Monday 02:30 UTC) belongs to W01 there.
    expect(dueReminders(new Date('2026-01-05T23:00:00Z'), settings)[0]?.week).toEqual({ year: 2026, week: 2 });
    expect(localMoment(new Date('2026-01-05T02:30:00Z'), 'America/Santiago')).toMatchObject({ date: '2026-01-04', weekday: 7 });
  });

  it('sends the Friday reflection at the Friday hour only', () => {
    expect(kinds('2026-04-03T19:59:00Z')).toEqual([]); // Friday 16:59 (UTC−3)
    expect(kinds('2026-04-03T20:00:00Z')).toEqual(['friday-reflection']);
    expect(kinds('2026-04-02T20:00:00Z')).toEqual([]); // Thursday
  });

  it('is not due for a moment before the account existed', () => {
    expect(kinds('2026-03-30T15:00:00Z', { accountCreatedAt: new Date('2026-03-30T14:00:00Z') })).toEqual([]); // signed up Monday 11:00
    expect(kinds('2026-03-30T15:00:00Z', { accountCreatedAt: new Date('2026-03-30T11:00:00Z') })).toEqual(['monday-metrics']); // 08:00
  });

  it('counts an unknown or missing zone as UTC, and says whether it was unknown', () => {
    expect(reminderTimeZone('Mars/Olympus_Mons')).toEqual({ zone: 'UTC', valid: false });
    expect(reminderTimeZone(null)).toEqual({ zone: 'UTC', valid: true });
    expect(reminderTimeZone('America/Mexico_City')).toEqual({ zone: 'America/Mexico_City', valid: true });
  });

  it('waits 1, 4, 16, then 60 minutes between attempts', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt) / 60_000)).toEqual([1, 4, 16, 60, 60]);
  });
});
