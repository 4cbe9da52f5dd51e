import { boolean, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * Founders' feedback (docs/weekly-rhythm.md#feedback) and its images. Every row carries
 * `user_id`; the founder reads only their own (another founder's answers 404).
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** idea | issue (core/feedback/feedback-schema.ts). */
    type: text('type').notNull(),
    content: text('content').notNull(),
    /** Keys of FEEDBACK_SECTIONS; an issue has at least one. */
    sections: text('sections').array().notNull().default([]),
    /** The app path the founder sent it from, the browser build's version and its User-Agent. */
    page: text('page').notNull(),
    appVersion: text('app_version').notNull(),
    userAgent: text('user_agent'),
    /** received | reviewing | planned | done | declined (decision 170). */
    status: text('status').notNull().default('received'),
    /**
     * Priority support (decision 273): true when the founder was on Premium (tier 2) when
     * sending it, set by the server only. Such an item is answered first, by `firstReplyDueAt`.
     */
    priority: boolean('priority').notNull().default(false),
    firstReplyDueAt: timestamp('first_reply_due_at', { withTimezone: true }),
    /** When an admin first answered it (the inbox's and the analytics' time to first reply). */
    firstRepliedAt: timestamp('first_replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_user_created_idx').on(table.userId, table.createdAt.desc())],
);

export const feedbackImages = pgTable(
  'feedback_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Its order in the dialog, from 0. */
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** image/png or image/jpeg, from the bytes. */
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** `feedback/<user>/<feedback>/<image>` in the storage module (disk or S3). */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_images_feedback_idx').on(table.feedbackId, table.position)],
);

/**
 * An admin's answer to a feedback item (decision 273): shown to the founder beside their
 * message and e-mailed to them. Unlike `feedback_notes`, which never leave the admin area.
 */
export const feedbackReplies = pgTable(
  'feedback_replies',
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
  (table) => [index('feedback_replies_feedback_idx').on(table.feedbackId, table.createdAt)],
);
