import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { SeparatorAnswers } from '../../../core/numbers/read-number.ts';
import { authUsers } from './auth.ts';

/**
 * The founder's profile (docs/product.md#founder-profile), one row per account, created with
 * the account. Enumerations are stored as the API's stable keys (docs/product.md#values).
 */
export const users = pgTable('users', {
  id: text('id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  fullName: text('full_name'),
  lastName: text('last_name'),
  nickname: text('nickname'),
  /** 1 = free, 2 = premium (docs/product.md#tiers-and-trial). The trial is derived from createdAt. */
  userTier: smallint('user_tier').notNull().default(1),
  /**
   * Whether this account gets the trial: false when its address had an account before
   * (known_addresses), so deleting and signing up again does not restart it (decision 241).
   */
  trialEligible: boolean('trial_eligible').notNull().default(true),
  coreProblemStatement: text('core_problem_statement'),
  industry: text('industry'),
  teamSize: text('team_size'),
  startupPhase: text('startup_phase'),
  startupName: text('startup_name'),
  linkedinLink: text('linkedin_link'),
  startupWebpageUrl: text('startup_webpage_url'),
  customerInformation: text('customer_information'),
  founderCharacteristics: text('founder_characteristics'),
  /** ISO 3166-1 alpha-2. */
  country: text('country'),
  onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
  /** The whole set of submitted onboarding answers, kept as sent (after sanitising). */
  onboardingData: jsonb('onboarding_data'),
  /**
   * The half-filled onboarding `{ step, answers }` (core/onboarding/onboarding-draft.ts), so a
   * reload or another device continues it; null once submitted (decision 144).
   */
  onboardingDraft: jsonb('onboarding_draft'),
  /**
   * active | suspended | deleted (core/account/account-status.ts). An admin suspends and
   * reactivates; deletion marks, never erases (docs/product.md#account-states).
   */
  status: text('status').notNull().default('active'),
  emailMondayHour: text('email_monday_hour').notNull().default('09:00'),
  emailFridayHour: text('email_friday_hour').notNull().default('17:00'),
  emailRemindersEnabled: boolean('email_reminders_enabled').notNull().default(true),
  /** `en` or `es-LA`; null until the founder chooses. */
  preferredLanguage: text('preferred_language'),
  currency: text('currency').notNull().default('USD'),
  /**
   * How the founder answered the number question (`65.000`: 65 000 or 65?) per mark, so it
   * is asked once per founder and mark, on any device (core/numbers/read-number.ts, decision 250).
   */
  separatorAnswers: jsonb('separator_answers').$type<SeparatorAnswers>(),
  /** IANA time zone, e.g. America/Mexico_City. */
  timeZone: text('time_zone'),
  /** When AI consent was granted; null means not granted (docs/product.md#ai-consent). */
  aiConsentAt: timestamp('ai_consent_at', { withTimezone: true }),
  aiAssistanceEnabled: boolean('ai_assistance_enabled').notNull().default(true),
  benchmarkSharing: boolean('benchmark_sharing').notNull().default(true),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Role assignments; the newest row for a user wins, no row means `user` (docs/product.md#roles). */
export const userRoles = pgTable(
  'user_roles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who assigned it; null for the command line and RUMBO_ADMIN_EMAILS. */
    assignedBy: text('assigned_by'),
  },
  (table) => [index('user_roles_user_latest_idx').on(table.userId, table.assignedAt.desc(), table.id.desc())],
);

/**
 * Security-relevant events (docs/product.md#audit-log). `actionType` is always prefixed
 * `security_`; rows are kept 90 days, pruned by a scheduled job.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actionType: text('action_type').notNull(),
    adminId: text('admin_id'),
    targetUserId: text('target_user_id'),
    /** timestamp, user agent, origin and what else the event needs. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_logs_created_at_idx').on(table.createdAt),
    index('audit_logs_target_user_idx').on(table.targetUserId),
  ],
);
