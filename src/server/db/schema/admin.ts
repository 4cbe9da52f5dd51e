import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { feedback } from './feedback.ts';

/**
 * The admins' internal notes on a feedback item (decision 203): never shown to the founder,
 * kept with their author and time, in the order written.
 */
export const feedbackNotes = pgTable(
  'feedback_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    /** The admin who wrote it (kept as written if that account goes). */
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_notes_feedback_idx').on(table.feedbackId, table.createdAt)],
);

/**
 * A feature flag's setting (decision 205): a flag with no row is at 0 % with no overrides.
 * Overrides are founders' ids; the admin names them by e-mail.
 */
export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  rolloutPercent: integer('rollout_percent').notNull().default(0),
  overrideUserIds: text('override_user_ids').array().notNull().default(sql`'{}'::text[]`),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Alerts the security job raises from the audit log (decision 208); `key` makes raising one
 * idempotent, so two instances or two runs never raise the same alert twice.
 */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    severity: text('severity').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: text('acknowledged_by'),
    note: text('note'),
  },
  (table) => [index('security_alerts_created_idx').on(table.createdAt)],
);
