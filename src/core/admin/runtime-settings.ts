import { z } from 'zod';
import { WORKING_HOURS } from './security-alerts.ts';
import { hour, isTimeZone } from '../profile/profile-fields.ts';

/**
 * The operating settings an admin changes in Admin › Settings while Rumbo runs
 * (docs/decisions/289-runtime-settings.md): the trial's length, whether guided tours start by
 * themselves, the admins' working hours and their time zone, and the e-mail hours a new
 * founder starts with. The environment variables are the defaults until an admin sets one.
 */
export type RuntimeSettings = {
  trialDays: number;
  guidedToursAutoStart: boolean;
  /** Monday to Friday, from `fromHour` up to (not including) `toHour`, on the clock of `timeZone`. */
  adminWorkingHours: { timeZone: string; fromHour: number; toHour: number };
  /** A new founder's weekly e-mail hours (HH:MM, their own time zone); they change theirs in Profile. */
  emailHours: { monday: string; friday: string };
};

export const RUNTIME_SETTINGS = ['trialDays', 'guidedToursAutoStart', 'adminWorkingHours', 'emailHours'] as const satisfies readonly (keyof RuntimeSettings)[];
export type RuntimeSettingName = (typeof RUNTIME_SETTINGS)[number];

/** Longest trial an admin can set: a year. */
export const TRIAL_DAYS_MAX = 365;

const WorkingHours = z
  .object({
    timeZone: z.string().max(64).refine(isTimeZone, 'validation:profile.timeZone'),
    fromHour: z.number().int().min(0).max(23),
    toHour: z.number().int().min(1).max(24),
  })
  .strict()
  .refine((hours) => hours.fromHour < hours.toHour, { message: 'validation:admin.workingHoursOrder', path: ['toHour'] });

/** PUT /api/admin/settings: the settings to change (those left out keep their value). */
export const RuntimeSettingsInput = z
  .object({
    trialDays: z.number().int().min(0).max(TRIAL_DAYS_MAX),
    guidedToursAutoStart: z.boolean(),
    adminWorkingHours: WorkingHours,
    emailHours: z.object({ monday: hour(), friday: hour() }).strict(),
  })
  .partial()
  .strict()
  .refine((input) => Object.keys(input).length > 0, { message: 'validation:empty' });
export type RuntimeSettingsInput = z.infer<typeof RuntimeSettingsInput>;

/** The built-in working hours with the time zone the environment gives. */
export function defaultWorkingHours(timeZone: string): RuntimeSettings['adminWorkingHours'] {
  return { timeZone, fromHour: WORKING_HOURS.fromHour, toHour: WORKING_HOURS.toHour };
}
