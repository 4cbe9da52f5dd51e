import { z } from 'zod';

export const ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_KINDS = ['failed_sign_ins', 'role_changes', 'admin_actions', 'impersonation_off_hours', 'admin_new_country'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Role changes in one hour that raise an alert. */
export const ROLE_CHANGES_ALERT = 3;
/** Actions by one admin in one hour that raise an alert. */
export const ADMIN_ACTIONS_ALERT = 50;

/**
 * The admins' working hours (docs/decisions/187-admin-activity-alerts.md): Monday to Friday,
 * 08:00 to 20:00 in ADMIN_WORKING_HOURS_TIME_ZONE by default; Admin › Settings changes the hours and
 * the zone (src/core/admin/runtime-settings.ts). An impersonation started outside them is an alert.
 */
export const WORKING_HOURS = { weekdays: [1, 2, 3, 4, 5], fromHour: 8, toHour: 20 } as const;

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Whether a moment falls within the working hours (the built-in ones unless an admin set others), read on the clock of `timeZone`. */
export function isWithinWorkingHours(at: Date, timeZone: string, hours: { fromHour: number; toHour: number } = WORKING_HOURS): boolean {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).formatToParts(at);
  const weekday = WEEKDAYS[parts.find((part) => part.type === 'weekday')?.value ?? ''] ?? -1;
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? -1);
  return (WORKING_HOURS.weekdays as readonly number[]).includes(weekday) && hour >= hours.fromHour && hour < hours.toHour;
}
export const ALERT_NOTE_MAX = 1000;

/** POST /api/admin/security-alerts/:id/acknowledge: an optional note. */
export const AcknowledgeAlertInput = z.object({ note: z.string().trim().max(ALERT_NOTE_MAX).optional() }).strict();
