import { z } from 'zod';

/** The longest range one analytics request covers (a year and a day, for leap years). */
export const ANALYTICS_MAX_DAYS = 366;
/** Retention cohorts: at most this many signup weeks, each followed this many weeks. */
export const RETENTION_WEEKS = 12;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:date');

/** GET /api/admin/analytics?from=&to= : UTC days, `to` included, at most 366 days. */
export const AnalyticsQuery = z
  .object({ from: isoDate, to: isoDate })
  .strict()
  .refine((query) => query.from <= query.to, { message: 'validation:admin.dateOrder', path: ['from'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) < ANALYTICS_MAX_DAYS * 24 * 60 * 60 * 1000, {
    message: 'validation:admin.maxDays',
    params: { max: ANALYTICS_MAX_DAYS },
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** The onboarding funnel's steps, in order (decision 204). */
export const FUNNEL_STEPS = ['signedUp', 'confirmedEmail', 'onboarded', 'firstWeek', 'firstTask', 'firstMentorQuestion'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FEATURES = ['weeksRecorded', 'tasksCreated', 'tasksCompleted', 'strategySaves', 'mentorConversations', 'contextEntries'] as const;
export type Feature = (typeof FEATURES)[number];
