import { isValidTimeZone } from '../gamification/calendar-day.ts';
import { isoWeekOf, type WeekKey } from '../metrics/iso-week.ts';

/**
 * When the weekly e-mails are due (docs/weekly-rhythm.md#weekly-e-mails): the Monday metrics
 * reminder at the founder's Monday hour and the Friday reflection at their Friday hour, on
 * their own clock. Everything here works on the founder's local date and time of day, never
 * on a fixed UTC offset, so a change to or from daylight saving time moves the instant, not
 * the hour the founder sees.
 */
export const REMINDER_KINDS = ['monday-metrics', 'friday-reflection'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** ISO weekday (Monday 1 … Sunday 7) each kind goes out on. */
const WEEKDAY: Record<ReminderKind, number> = { 'monday-metrics': 1, 'friday-reflection': 5 };

export type LocalMoment = { date: string; weekday: number; minutes: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The date (YYYY-MM-DD), ISO weekday and minutes after midnight that `at` shows in `timeZone`. */
export function localMoment(at: Date, timeZone: string): LocalMoment {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(at).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? '') + 1,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** `HH:MM` as minutes after midnight. */
export function minutesOf(hour: string): number {
  const [hours, minutes] = hour.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The founder's zone, or UTC for a missing or unknown one (`valid` says which). */
export function reminderTimeZone(timeZone: string | null | undefined): { zone: string; valid: boolean } {
  if (!timeZone) return { zone: 'UTC', valid: true };
  return isValidTimeZone(timeZone) ? { zone: timeZone, valid: true } : { zone: 'UTC', valid: false };
}

export type ReminderSettings = { timeZone: string; mondayHour: string; fridayHour: string; accountCreatedAt: Date };
export type DueReminder = { kind: ReminderKind; week: WeekKey; localDate: string };

/**
 * The reminders due at `now`: today is the kind's weekday on the founder's clock and their
 * hour has come. A server that was down at that hour still sends later the same day, and
 * never after it: on Tuesday, Monday's reminder is no longer due. One made due by a
 * moment before the account existed (signing up on Monday afternoon) is not sent.
 */
export function dueReminders(now: Date, settings: ReminderSettings): DueReminder[] {
  const today = localMoment(now, settings.timeZone);
  const created = localMoment(settings.accountCreatedAt, settings.timeZone);
  const due: DueReminder[] = [];
  for (const kind of REMINDER_KINDS) {
    if (today.weekday !== WEEKDAY[kind]) continue;
    const hour = minutesOf(kind === 'monday-metrics' ? settings.mondayHour : settings.fridayHour);
    if (today.minutes < hour) continue;
    if (created.date === today.date && created.minutes > hour) continue;
    due.push({ kind, week: isoWeekOf(new Date(`${today.date}T00:00:00Z`)), localDate: today.date });
  }
  return due;
}

/** Attempts at one e-mail, the first included, before it is given up. */
export const MAX_SEND_ATTEMPTS = 5;

/** How long to wait after failed attempt `attempt` (1-based): 1, 4, 16, then 60 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60, 4 ** (attempt - 1)) * 60_000;
}
