import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NumberCheck } from '../../../core/mentor/number-check.ts';
import type { ToolCallRecord } from '../../../core/mentor/tool-calls.ts';
import { users } from './profile.ts';

/**
 * The mentor's memory: conversations with their messages, and the founder's
 * AI context entries with their files. Every row carries `user_id`: services filter on
 * it in every query, so another founder's row is simply not found (404).
 */
export const mentorConversations = pgTable(
  'mentor_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** From the first question, cut to the product's title limit (200). */
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mentor_conversations_user_updated_idx').on(table.userId, table.updatedAt.desc())],
);

export const mentorMessages = pgTable(
  'mentor_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => mentorConversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The founder's message is stored before the model is called, so a failed answer never
     * loses it; an assistant message is stored only for an answer that was given.
     */
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    /**
     * `text` for what was written; `file` for the note "📎 name.pdf" left when the founder
     * uploads files into the conversation (they are the founder's, but no question to answer).
     */
    kind: text('kind', { enum: ['text', 'file'] }).notNull().default('text'),
    content: text('content').notNull(),
    /** Who answered: `offline` (the offline mentor) or the model's name. */
    answeredBy: text('answered_by'),
    /** An answer's numbers and where each was found, as checked when it was given (null: not checked). */
    numberChecks: jsonb('number_checks').$type<NumberCheck[]>(),
    /** What the model looked at to answer: its tool calls, in order (null: none). */
    toolCalls: jsonb('tool_calls').$type<ToolCallRecord[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mentor_messages_conversation_idx').on(table.conversationId, table.createdAt),
    // Whether a founder still has a question to the mentor, asked when messages are deleted (decision 227).
    index('mentor_messages_user_question_idx').on(table.userId).where(sql`role = 'user'`),
  ],
);

/** An AI context entry (docs/product.md#ai-context); `type` is one of the API's five keys. */
export const aiContextEntries = pgTable(
  'ai_context_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    description: text('description').notNull(),
    /** `manual`, or `conversation` when made by Analyse conversation. */
    origin: text('origin').notNull().default('manual'),
    /**
     * The conversation the entry's files were uploaded into, if any. A deleted conversation
     * leaves its files in the founder's AI context (they stay listed and deletable there).
     */
    conversationId: uuid('conversation_id').references(() => mentorConversations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_context_entries_user_idx').on(table.userId, table.createdAt.desc())],
);

export const aiContextFiles = pgTable(
  'ai_context_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => aiContextEntries.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Detected from the content's magic bytes, never the declared type. */
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Where the storage driver keeps the bytes. */
    storageKey: text('storage_key').notNull(),
    /** Text for the mentor (PDF, CSV, text); null for images. */
    extractedText: text('extracted_text'),
    /** Why the text is cut or missing ('truncated', 'no-text', 'unreadable', 'timed-out'; decision 104), shown beside the file. */
    textNote: text('text_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_context_files_entry_idx').on(table.entryId)],
);
