import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';
import type { ScenarioDraft } from '../../../core/reports/scenario-drafts.ts';

/**
 * Investor updates (docs/reports.md#investor-update): the period, every saved version of
 * the founder's sections, and the read-only share links. Each row belongs to one founder.
 */
export const investorUpdates = pgTable(
  'investor_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO weeks, `2026-W10`. */
    fromWeek: text('from_week').notNull(),
    toWeek: text('to_week').notNull(),
    /** The language the draft was written in (en | es-LA). */
    language: text('language').notNull(),
    /** The KPIs the draft was computed from: [{ key, value, previous, status }]. */
    kpis: jsonb('kpis').$type<{ key: string; value: number | null; previous: number | null; status: string | null }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('investor_updates_user_idx').on(table.userId, table.createdAt.desc())],
);

/** Every save of an update's sections; the highest version is the current text. */
export const investorUpdateVersions = pgTable(
  'investor_update_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    updateId: uuid('update_id')
      .notNull()
      .references(() => investorUpdates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    sections: jsonb('sections').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('investor_update_versions_update_version_idx').on(table.updateId, table.version)],
);

/** A read-only link to an update: only the token's SHA-256 is stored; it expires and can be revoked. */
export const investorUpdateShares = pgTable(
  'investor_update_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    updateId: uuid('update_id')
      .notNull()
      .references(() => investorUpdates.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('investor_update_shares_token_idx').on(table.tokenHash), index('investor_update_shares_update_idx').on(table.updateId)],
);

/**
 * The founder's runway scenarios as they left them (decision 182): at most four drafts,
 * numbers kept as typed. One row per founder, replaced on every save.
 */
export const runwayScenarios = pgTable('runway_scenarios', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  drafts: jsonb('drafts').$type<ScenarioDraft[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The addresses the founder last sent an investor update to (decision 185): the list the next send starts from. */
export const investorLists = pgTable('investor_lists', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  recipients: jsonb('recipients').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
