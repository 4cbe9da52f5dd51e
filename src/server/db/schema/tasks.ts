import {
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * High-performance tasks, the versioned strategy and the points ledger
 * (docs/tasks-strategy-gamification.md).
 * Every row belongs to one founder (`user_id`) and is reachable only by them.
 */

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** active | done (docs/product.md#tasks). */
    status: text('status', { enum: ['active', 'done'] }).notNull().default('active'),
    hypothesis: text('hypothesis').notNull(),
    whyRelevant: text('why_relevant').notNull(),
    targetValue: doublePrecision('target_value').notNull(),
    /** One of the metric keys of GET /api/metrics/summary's `latest`. */
    metric: text('metric').notNull(),
    impact: smallint('impact').notNull(),
    confidence: smallint('confidence').notNull(),
    ease: smallint('ease').notNull(),
    iceTotal: doublePrecision('ice_total').notNull(),
    /** The strategy maxima (0-based position) this task serves; null when none. */
    maximaIndex: smallint('maxima_index'),
    /** Optional due date chosen by the founder (docs/product.md#tasks). */
    dueDate: date('due_date', { mode: 'string' }),
    completionNotes: text('completion_notes'),
    /** validated | invalidated | inconclusive, chosen on completion; null while active. */
    outcome: text('outcome', { enum: ['validated', 'invalidated', 'inconclusive'] }),
    /** The metric's latest value when the task was created / completed (Done tab: then and now). */
    metricValueAtCreation: doublePrecision('metric_value_at_creation'),
    metricValueAtCompletion: doublePrecision('metric_value_at_completion'),
    /** The client's Idempotency-Key: a double-submitted form makes one task. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('tasks_user_status_ice_idx').on(table.userId, table.status, table.iceTotal.desc()),
    uniqueIndex('tasks_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
  ],
);

/** Every saved strategy; the highest version is the current one (docs/product.md#strategy-builder). */
export const strategyVersions = pgTable(
  'strategy_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    coreProblem: text('core_problem').notNull(),
    maximas: jsonb('maximas').$type<string[]>().notNull(),
    statement: text('statement').notNull(),
    /** Set when this version was made by restoring an older one. */
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('strategy_versions_user_version_idx').on(table.userId, table.version)],
);

/**
 * The points ledger (docs/product.md#points): who, why, how many, when. The unique key makes every
 * award idempotent by its event id, even under concurrent requests; an award undone
 * (its source deleted the same day) keeps its row with `revoked_at` set, so it is
 * neither counted nor awarded again.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    sourceId: text('source_id').notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  // The leaderboards read per-period totals kept from these rows (community.ts, pointsPeriodTotals).
  (table) => [uniqueIndex('points_ledger_event_idx').on(table.userId, table.event, table.sourceId)],
);

/** Calendar days (in the founder's time zone) with a meaningful action, for the streak. */
export const activityDays = pgTable(
  'activity_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** Achievements once unlocked; `seen_at` is set when the founder has been told (toast). */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievement: text('achievement').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.achievement] }),
    // The milestones feed reads the newest first (bench/community.ts).
    index('user_achievements_unlocked_idx').on(table.unlockedAt, table.userId, table.achievement),
  ],
);
