import { and, asc, desc, eq } from 'drizzle-orm';
import { conversationTitle } from '../../../core/mentor/mentor-schema.ts';
import type { NumberCheck } from '../../../core/mentor/number-check.ts';
import type { ToolCallRecord } from '../../../core/mentor/tool-calls.ts';
import type { Database } from '../../db/client.ts';
import { mentorConversations, mentorMessages } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { assertUuid } from '../../platform/ids.ts';
import { ownedRow } from '../../platform/owned-row.ts';

/** Conversations and messages, always filtered by their owner: another founder's is a 404. */

/** A message as the API gives it: an answer with its number check and what the model looked at. */
const messageColumns = {
  id: mentorMessages.id,
  role: mentorMessages.role,
  kind: mentorMessages.kind,
  content: mentorMessages.content,
  answeredBy: mentorMessages.answeredBy,
  numberChecks: mentorMessages.numberChecks,
  toolCalls: mentorMessages.toolCalls,
  createdAt: mentorMessages.createdAt,
};

export const findOwnedConversation = (db: Database, userId: string, conversationId: string) => ownedRow(db, mentorConversations, conversationId, userId);

export async function createConversation(db: Database, userId: string, firstMessage: string) {
  const [row] = await db.insert(mentorConversations).values({ userId, title: conversationTitle(firstMessage) }).returning();
  if (!row) throw new AppError('INTERNAL');
  return row;
}

export async function listConversations(db: Database, userId: string) {
  return db
    .select({ id: mentorConversations.id, title: mentorConversations.title, createdAt: mentorConversations.createdAt, updatedAt: mentorConversations.updatedAt })
    .from(mentorConversations)
    .where(eq(mentorConversations.userId, userId))
    .orderBy(desc(mentorConversations.updatedAt), desc(mentorConversations.createdAt));
}
/** One conversation of the list (GET /api/mentor/conversations). */
export type ConversationSummary = Awaited<ReturnType<typeof listConversations>>[number];

export async function conversationMessages(db: Database, conversationId: string) {
  return db
    .select(messageColumns)
    .from(mentorMessages)
    .where(eq(mentorMessages.conversationId, conversationId))
    .orderBy(asc(mentorMessages.createdAt), asc(mentorMessages.role));
}

export async function getConversation(db: Database, userId: string, conversationId: string) {
  const conversation = await findOwnedConversation(db, userId, conversationId);
  return { ...conversation, messages: await conversationMessages(db, conversation.id) };
}
/** GET /api/mentor/conversations/:id. */
export type Conversation = Awaited<ReturnType<typeof getConversation>>;

export async function deleteConversation(db: Database, userId: string, conversationId: string) {
  assertUuid(conversationId);
  const deleted = await db
    .delete(mentorConversations)
    .where(and(eq(mentorConversations.id, conversationId), eq(mentorConversations.userId, userId)))
    .returning({ id: mentorConversations.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
}

export async function addMessage(
  db: Database,
  message: {
    conversationId: string;
    userId: string;
    role: 'user' | 'assistant';
    kind?: 'text' | 'file';
    content: string;
    answeredBy?: string;
    numberChecks?: NumberCheck[];
    toolCalls?: ToolCallRecord[];
  },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(mentorMessages).values(message).returning(messageColumns);
    await tx.update(mentorConversations).set({ updatedAt: new Date() }).where(eq(mentorConversations.id, message.conversationId));
    return row!;
  });
}
