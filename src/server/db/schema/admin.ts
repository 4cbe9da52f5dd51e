import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';
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
 * An operating setting an admin changed in Admin › Settings (decision 289): one row per
 * setting, its value as JSON; a setting with no row is the environment's default.
 */
export const runtimeSettings = pgTable('runtime_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
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

/**
 * One-time sign-in links an admin made for a founder (decision 271): only the token's
 * SHA-256 is kept; `used_at` is set by the one request that opens it.
 */
export const adminSignInLinks = pgTable(
  'admin_sign_in_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin who made it. */
    createdBy: text('created_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_sign_in_links_user_idx').on(table.userId)],
);

/**
 * Invitations an admin sent (decision 272). `accepted_at` is set when the invited address
 * is confirmed on an account; only then does an admin invite grant the role.
 */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case. */
    email: text('email').notNull(),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    /** The invitation e-mail's language (en | es-LA). */
    language: text('language').notNull(),
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invites_email_idx').on(table.email)],
);
