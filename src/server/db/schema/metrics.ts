import { boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/** Money to the cent, read back as a JS number (exact for amounts below 10^13). */
const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'number' });

/**
 * One row per founder per ISO week (docs/product.md#week-record). The inputs
 * only: every metric is computed from them (src/core/metrics), never stored as typed.
 */
export const metricWeeks = pgTable(
  'metric_weeks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    week: smallint('week').notNull(),
    newCustomers: integer('new_customers').notNull(),
    marketingCosts: money('marketing_costs').notNull(),
    startingCustomers: integer('starting_customers').notNull(),
    lostCustomers: integer('lost_customers').notNull(),
    startingRevenue: money('starting_revenue').notNull(),
    churnedRevenue: money('churned_revenue').notNull(),
    expansions: money('expansions').notNull(),
    downgrades: money('downgrades').notNull(),
    weeklyCosts: money('weekly_costs').notNull(),
    weeklyRevenue: money('weekly_revenue').notNull(),
    cashBalance: money('cash_balance').notNull(),
    dailyActiveUsers: integer('daily_active_users'),
    weeklyActiveUsers: integer('weekly_active_users').notNull(),
    monthlyActiveUsers: integer('monthly_active_users'),
    grossMarginPct: numeric('gross_margin_pct', { precision: 5, scale: 2, mode: 'number' }),
    arpu: money('arpu'),
    /** The monthly revenue the week's revenue was derived from, when the founder typed it monthly (decision 116). */
    monthlyRevenue: money('monthly_revenue'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.year, table.week] })],
);

/** The benchmarked metrics (src/core/metrics/benchmarks.ts), one double column each. */
const benchmarkColumns = () => ({
  mrr: doublePrecision('mrr'),
  cac: doublePrecision('cac'),
  ndr: doublePrecision('ndr'),
  churnRate: doublePrecision('churn_rate'),
  ltv: doublePrecision('ltv'),
  arpc: doublePrecision('arpc'),
  ltvToCac: doublePrecision('ltv_to_cac'),
  paybackWeeks: doublePrecision('payback_weeks'),
  runwayWeeks: doublePrecision('runway_weeks'),
  weeklyBurnRate: doublePrecision('weekly_burn_rate'),
  activeUsers: doublePrecision('active_users'),
  revenueGrowth: doublePrecision('revenue_growth'),
  userGrowth: doublePrecision('user_growth'),
});

/**
 * Each founder's metrics as of their latest recorded week, rewritten with every
 * save, import and delete. The summary cache keys on its revision; once a day it is
 * copied into daily_metric_snapshots, which peer benchmarks read.
 */
export const metricSnapshots = pgTable('metric_snapshots', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  year: smallint('year').notNull(),
  week: smallint('week').notNull(),
  ...benchmarkColumns(),
  /** A new random value with every rewrite: the summary cache's key (see metricsSummaryJson). */
  revision: text('revision').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * metric_snapshots as they stood at the last daily refresh (decision 046). Peer
 * benchmarks rank a founder's row here against their peers' rows here, so neither
 * side moves between refreshes: editing one's own week cannot probe the peers.
 */
export const dailyMetricSnapshots = pgTable('daily_metric_snapshots', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...benchmarkColumns(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
});

/**
 * Every change of a founder's currency (decision 114): only relabelled, or every past amount
 * converted at the rate they entered, with how many weeks that rewrote. Kept as long as the
 * account, unlike audit rows (90 days): it explains the history's numbers.
 */
export const currencyChanges = pgTable(
  'currency_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    mode: text('mode', { enum: ['relabel', 'convert'] }).notNull(),
    /** 1 `fromCurrency` = `rate` `toCurrency`; null for a relabel. */
    rate: doublePrecision('rate'),
    weeksConverted: integer('weeks_converted').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('currency_changes_user_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * A founder's connection to their Stripe account (decision 118), one at most: the
 * restricted key encrypted with STRIPE_KEY_ENCRYPTION_KEY, what its latest reading of
 * Stripe found (the weeks waiting for the founder's review), and how far the weekly sync
 * has recorded. Deleted with the founder, or when they disconnect.
 */
export const stripeConnections = pgTable('stripe_connections', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM bound to the user's id. */
  encryptedKey: text('encrypted_key').notNull(),
  /** `rk_live_…a1b2`: enough for the founder to recognise the key, nothing to use. */
  keyHint: text('key_hint').notNull(),
  livemode: boolean('livemode').notNull(),
  /** reading → ready (weeks to review) → synced; failed when the first reading failed. */
  status: text('status', { enum: ['reading', 'ready', 'synced', 'failed'] }).notNull(),
  /** Objects read so far in the current reading: `{ subscriptions, invoices }`. */
  progress: jsonb('progress').$type<{ subscriptions: number; invoices: number }>().notNull(),
  /** The weeks the reading found, until the founder saves them. */
  preview: jsonb('preview').$type<unknown>(),
  /** A `metrics` translation key saying why the latest reading failed. */
  error: text('error'),
  readStartedAt: timestamp('read_started_at', { withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  /** The last week a sync recorded; the weekly sync records the weeks after it. */
  syncedThroughYear: smallint('synced_through_year'),
  syncedThroughWeek: smallint('synced_through_week'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
