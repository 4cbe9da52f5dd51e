import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * Each founder's subscription as it stands (src/core/subscription/state-machine.ts), one
 * row per founder once anything happened to it; no row is Free. Written only by the billing
 * feature, in the transaction that appends its event to `subscription_events`, and
 * mirrored into `users.user_tier` (2 while a Premium period is in force) in the same
 * transaction, so every tier check reads one column (docs/billing.md).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who keeps the subscription: `local` (no payment provider) or `stripe`. */
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull().default('local'),
    status: text('status', { enum: ['free', 'active', 'past_due'] }).notNull().default('free'),
    /** monthly | annual; null on Free and for granted months. */
    plan: text('plan', { enum: ['monthly', 'annual'] }),
    anchor: timestamp('anchor', { withTimezone: true }),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The schedule looks for Premium periods that have passed.
  (table) => [index('subscriptions_period_end_idx').on(table.periodEnd).where(sql`${table.status} <> 'free'`)],
);

/**
 * The subscription ledger, like the points ledger: every change, who made it (`actorId`,
 * null for the system) and from where (`source`), the event as the state machine took it
 * and the state it led to. Replaying `event` from the first row rebuilds the current state.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The state machine's event type: upgrade, switch-plan, cancel, reactivate, grant-months, period-ended, provider-sync. */
    type: text('type').notNull(),
    /** founder | provider | schedule | account-deletion | referral. */
    source: text('source').notNull(),
    actorId: text('actor_id'),
    event: jsonb('event').notNull(),
    state: jsonb('state').notNull(),
    /** The payment provider's event that caused it (a Stripe `evt_…`), for tracing. */
    providerEventId: text('provider_event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscription_events_user_idx').on(table.userId, table.id)],
);

/**
 * Stripe webhook events already applied, by Stripe's event id: a replayed or retried
 * delivery is acknowledged and changes nothing. Inserted in the transaction that applies it.
 */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The subscription e-mails owed (an outbox): "your trial ends in 3 days" and "your Premium
 * ended". One row per founder, kind and key (the trial, or the period that ended), so each
 * is owed once however many instances notice it; `sentAt` is set by the instance that
 * claims the row and sends it.
 */
export const subscriptionNotices = pgTable(
  'subscription_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['trial-ending', 'premium-ended'] }).notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('subscription_notices_once_idx').on(table.userId, table.kind, table.key),
    index('subscription_notices_pending_idx').on(table.id).where(sql`${table.sentAt} is null`),
  ],
);
