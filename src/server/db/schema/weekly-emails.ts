import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * One row per weekly e-mail a founder is owed (docs/weekly-rhythm.md#weekly-e-mails): the
 * send record itself carries the unique key (founder, kind, ISO year and week), so the
 * instance whose insert wins is the only one that sends it, however many run the scheduler
 * at the same minute; the attempts, the last error and the outcome are kept on it.
 */
export const weeklyEmails = pgTable(
  'weekly_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** monday-metrics | friday-reflection (core/weekly-email/weekly-schedule.ts). */
    kind: text('kind').notNull(),
    isoYear: integer('iso_year').notNull(),
    isoWeek: smallint('iso_week').notNull(),
    /** The founder's date it was due on: a retry never goes out on another day. */
    localDate: text('local_date').notNull(),
    /** sending | sent | failed (waiting for a retry) | abandoned (out of attempts or out of its day). */
    status: text('status').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    /** While `sending`: after this, the instance that claimed it is presumed gone and another may retry. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** While `failed`: when the next attempt may start (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('weekly_emails_once_idx').on(table.userId, table.kind, table.isoYear, table.isoWeek),
    index('weekly_emails_retry_idx').on(table.status, table.nextAttemptAt),
  ],
);
