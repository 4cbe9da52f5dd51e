import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, bigint, bigserial, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * How a founder appears in the community (docs/community.md, decision 190): their chosen
 * visibility and a random pseudonym number, drawn once and unique, so 'Founder #4821'
 * is stable and says nothing about the account behind it. No row means anonymous.
 */
export const communityMembers = pgTable(
  'community_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    visibility: text('visibility', { enum: ['public', 'anonymous', 'hidden'] }).notNull().default('anonymous'),
    pseudonym: integer('pseudonym').notNull(),
    /** Whether other founders may start a direct message with them (decision 220). */
    allowDirectMessages: boolean('allow_direct_messages').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('community_members_pseudonym_idx').on(table.pseudonym)],
);

/**
 * Each founder's points per leaderboard period (decision 192): `week` (from Monday, UTC),
 * `month` (from the 1st, UTC) and `all` (from 1970-01-01), with whether they are listed
 * (active, not hidden) and their phase beside them, so a board's top 50 is read in index
 * order (the founder's rank comes from the histogram below). Written only by
 * PostgreSQL triggers (migration 0029): ledger rows added or revoked change the points; a
 * founder's status, phase or visibility changes their rows.
 */
export const pointsPeriodTotals = pgTable(
  'points_period_totals',
  {
    period: text('period', { enum: ['week', 'month', 'all'] }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    listed: boolean('listed').notNull(),
    phase: text('phase'),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.startsOn, table.userId] }),
    index('points_period_totals_board_idx').on(table.period, table.startsOn, table.listed, table.points.desc(), table.userId),
    index('points_period_totals_phase_idx').on(table.period, table.startsOn, table.listed, table.phase, table.points.desc(), table.userId),
    index('points_period_totals_user_idx').on(table.userId),
  ],
);

/**
 * How many listed founders hold each points total, per period and phase: a founder's rank
 * is one plus the founders above their total, summed over a few hundred rows instead of
 * counted over every founder (decision 192). `phase` is '' for a founder without one. Kept
 * by a trigger on `points_period_totals` (migration 0029); rows that fall to 0 stay.
 */
export const pointsPeriodHistogram = pgTable(
  'points_period_histogram',
  {
    period: text('period', { enum: ['week', 'month', 'all'] }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    phase: text('phase').notNull(),
    points: integer('points').notNull(),
    founders: integer('founders').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.startsOn, table.phase, table.points] }),
    index('points_period_histogram_board_idx').on(table.period, table.startsOn, table.points, table.founders),
  ],
);


/**
 * A direct conversation between two founders (decision 220), the pair stored in order
 * (`user_low` < `user_high`) so it exists once; each side's read mark lives beside it.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userLow: text('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: text('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lowReadId: bigint('low_read_id', { mode: 'number' }).notNull().default(0),
    highReadId: bigint('high_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_conversations_pair_idx').on(table.userLow, table.userHigh), index('chat_conversations_high_idx').on(table.userHigh)],
);

/**
 * Chat messages in the community's rooms (decision 194): `general` and one per startup
 * phase, or in a direct conversation (decision 220): exactly one of `room` and
 * `conversation_id` is set. A deleted message keeps its row (so a report can still name
 * it) without its text.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    room: text('room'),
    conversationId: bigint('conversation_id', { mode: 'number' }).references((): AnyPgColumn => chatConversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_messages_room_idx').on(table.room, table.id),
    index('chat_messages_conversation_idx').on(table.conversationId, table.id),
    check('chat_messages_one_place', sql`(${table.room} is null) <> (${table.conversationId} is null)`),
  ],
);

/** A founder who blocked another: the blocked founder's messages disappear for the blocker. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] })],
);

/**
 * A message reported to the admins, with its text as it was when reported and the reporter's
 * reason. An admin resolves it (decision 174): `dismissed` leaves the message, `removed`
 * deletes it for everyone; either closes every open report of that message.
 */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    reason: text('reason', { enum: ['spam', 'abuse', 'off-topic', 'other'] }).notNull().default('other'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolution: text('resolution', { enum: ['dismissed', 'removed'] }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('chat_reports_once_idx').on(table.messageId, table.reporterId), index('chat_reports_open_idx').on(table.resolvedAt, table.createdAt)],
);

/**
 * How far a founder has read each room (decision 175): the highest message id they have
 * seen there. Unread counts are the visible messages after it; no row means none read.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    room: text('room').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.room] })],
);

/**
 * A founder named in a chat message (decision 176): their in-app notice, read or not.
 * One per founder and message, so an edit that keeps the name does not notify twice.
 */
export const chatMentions = pgTable(
  'chat_mentions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('chat_mentions_once_idx').on(table.userId, table.messageId), index('chat_mentions_user_idx').on(table.userId, table.id)],
);
