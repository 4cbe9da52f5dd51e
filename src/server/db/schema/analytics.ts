import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * The admin analytics' rollups (decision 227). Nothing in the application writes them:
 * PostgreSQL triggers on the tables they count keep them (migration
 * 0031_admin_analytics_rollups), so every path that writes those tables, a service, an
 * import or a script, is counted the same way, and the panels read a few rows instead of
 * a year of activity.
 */

/** Founders active each UTC calendar day: the rows of `activity_days` per day. */
export const activityDayCounts = pgTable('activity_day_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  founders: integer('founders').notNull(),
});

/**
 * A founder's active ISO week (Monday), with the weekdays active as bits (Monday = 1,
 * Sunday = 64), so a range that starts or ends inside a week still counts only its own days.
 * No foreign key on purpose: the rows follow `activity_days` (deleted with them by the
 * trigger, which also keeps `activity_week_counts` right), not the account.
 */
export const activityWeeks = pgTable(
  'activity_weeks',
  {
    userId: text('user_id').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    days: smallint('days').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.week] }), index('activity_weeks_week_idx').on(table.week, table.days)],
);

/** Founders active each ISO week: the rows of `activity_weeks` per week. */
export const activityWeekCounts = pgTable('activity_week_counts', {
  week: date('week', { mode: 'string' }).primaryKey(),
  founders: integer('founders').notNull(),
});

/**
 * The funnel's steps for each founder, as they stand today: copied from `users` and
 * `auth_users`, and true while at least one recorded week, task or question to the mentor
 * exists. `live` is "not deleted". One narrow row per founder, read by the retention cohorts.
 */
export const founderMilestones = pgTable(
  'founder_milestones',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull(),
    live: boolean('live').notNull(),
    emailVerified: boolean('email_verified').notNull(),
    onboarded: boolean('onboarded').notNull(),
    recordedWeek: boolean('recorded_week').notNull().default(false),
    createdTask: boolean('created_task').notNull().default(false),
    askedMentor: boolean('asked_mentor').notNull().default(false),
  },
  (table) => [index('founder_milestones_signed_up_idx').on(table.signedUpAt).where(sql`live`)],
);

/** The live founders who signed up each UTC day, and how many of them reached each funnel step. */
export const funnelDayCounts = pgTable('funnel_day_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  signedUp: integer('signed_up').notNull(),
  confirmedEmail: integer('confirmed_email').notNull(),
  onboarded: integer('onboarded').notNull(),
  firstWeek: integer('first_week').notNull(),
  firstTask: integer('first_task').notNull(),
  firstMentorQuestion: integer('first_mentor_question').notNull(),
});

/**
 * Retention: the live founders who signed up in an ISO week (UTC) and were active in a later
 * (or the same) week, per pair of weeks.
 */
export const retentionWeekCounts = pgTable(
  'retention_week_counts',
  {
    cohortWeek: date('cohort_week', { mode: 'string' }).notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    founders: integer('founders').notNull(),
  },
  (table) => [primaryKey({ columns: [table.cohortWeek, table.week] })],
);

/** Rows made each UTC day, per feature panel key (`weeksRecorded`, `tasksCompleted`…). */
export const featureDayCounts = pgTable(
  'feature_day_counts',
  {
    feature: text('feature').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.feature, table.day] })],
);
