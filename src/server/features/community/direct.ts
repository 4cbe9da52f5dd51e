import { and, eq, or, sql } from 'drizzle-orm';
import { CHAT_PAGE_SIZE, type CommunityMember, UNREAD_CAP } from '../../../core/community/community.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { chatBlocks, chatConversations, chatMessages, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { type ChatMessage, chatAccess, publishChange, STREAM_CATCH_UP, visibleMessages, visibleTo } from './chat.ts';
import { openContact } from './contact.ts';
import { ensureMembers, type ListedRow, type TierContext, viewsOf } from './service.ts';

/** One conversation as a participant sees it: the other founder as their visibility allows now. */
export type ChatConversation = { id: number; other: CommunityMember; unread: number; lastMessageAt: string | null };
/** GET /api/community/conversations: the founder's conversations, the latest active first. */
export type ChatConversations = { conversations: ChatConversation[] };

/**
 * Direct messages between two founders (decision 220). Tier 2, like the rooms. Only the two
 * can read, post or stream a conversation (anyone else: 404); a founder who is hidden or no
 * longer active takes their conversations out of sight with them. Writing needs both to
 * allow direct messages, the writer not to be hidden, and no block either way (403).
 * Messages live in chat_messages, so edits, deletions, reports and blocks are the rooms' own.
 */

type Conversation = { id: number; otherId: string; readerIsLow: boolean };

/** The pair in the order it is stored, so a conversation exists once. */
const ordered = (a: string, b: string) => (a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a });

/** Whether the founder is in sight in the community: active and not hidden. */
async function inSight(db: Database, founderId: string) {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, founderId)).limit(1);
  if (!row || row.status !== 'active') return false;
  return (await ensureMembers(db, [founderId])).get(founderId)!.visibility !== 'hidden';
}

/** 403 unless `writerId` may write to `recipientId` now: both allow it, the writer is not hidden, no block either way. */
async function assertMayWrite(db: Database, writerId: string, recipientId: string) {
  const members = await ensureMembers(db, [writerId, recipientId]);
  const writer = members.get(writerId)!;
  const recipient = members.get(recipientId)!;
  const [block] = await db
    .select({ blockerId: chatBlocks.blockerId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerId, recipientId), eq(chatBlocks.blockedId, writerId)),
        and(eq(chatBlocks.blockerId, writerId), eq(chatBlocks.blockedId, recipientId)),
      ),
    )
    .limit(1);
  if (writer.visibility === 'hidden' || !writer.allowDirectMessages || !recipient.allowDirectMessages || block) throw new AppError('FORBIDDEN');
}

/** The conversation's two founders, or null when there is no such conversation. */
export async function conversationFounders(db: Database, id: number): Promise<readonly string[] | null> {
  const [row] = await db.select({ low: chatConversations.userLow, high: chatConversations.userHigh }).from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  return row ? [row.low, row.high] : null;
}

/** The reader's conversation with a founder still in sight, or 404 (someone else's conversation is not found). */
async function conversationOf(db: Database, readerId: string, id: number): Promise<Conversation> {
  const [row] = await db
    .select({ id: chatConversations.id, userLow: chatConversations.userLow, userHigh: chatConversations.userHigh })
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), or(eq(chatConversations.userLow, readerId), eq(chatConversations.userHigh, readerId))))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const readerIsLow = row.userLow === readerId;
  const otherId = readerIsLow ? row.userHigh : row.userLow;
  if (!(await inSight(db, otherId))) throw new AppError('NOT_FOUND');
  return { id: row.id, otherId, readerIsLow };
}

/** 404 unless the reader may read the conversation (tier 2, one of its two founders, the other in sight). */
export async function conversationAccess(db: Database, readerId: string, id: number, tier: TierContext) {
  await chatAccess(db, readerId, tier);
  return conversationOf(db, readerId, id);
}

/** Opens (or finds) the reader's conversation with the founder a contact names (decision 221). */
export async function startConversation(db: Database, readerId: string, contact: string, tier: TierContext): Promise<ChatConversation> {
  await chatAccess(db, readerId, tier);
  const founderId = tier.contactSecret ? openContact(tier.contactSecret, readerId, contact) : null;
  if (!founderId || founderId === readerId || !(await inSight(db, founderId))) throw new AppError('NOT_FOUND');
  await assertMayWrite(db, readerId, founderId);
  const pair = ordered(readerId, founderId);
  await db.insert(chatConversations).values(pair).onConflictDoNothing();
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.userLow, pair.userLow), eq(chatConversations.userHigh, pair.userHigh)));
  const conversation = (await conversationsOf(db, readerId, tier)).conversations.find((entry) => entry.id === row!.id);
  if (!conversation) throw new AppError('NOT_FOUND');
  return conversation;
}

/** A conversation and the other founder (`user_id`), with the reader's unread count. */
type ConversationRow = ListedRow & { id: number; last_at: string | Date | null; unread: number };

/**
 * The reader's conversations with founders still in sight, the latest active first, each
 * with the other founder as their visibility allows now and the reader's unread count
 * (messages by the other after the reader's mark, up to UNREAD_CAP, as in the rooms).
 */
export async function conversationsOf(db: Database, readerId: string, tier: TierContext): Promise<ChatConversations> {
  await chatAccess(db, readerId, tier);
  const result = await db.execute(sql`
    with mine as (
      select v.id,
        case when v.user_low = ${readerId} then v.user_high else v.user_low end as other_id,
        case when v.user_low = ${readerId} then v.low_read_id else v.high_read_id end as read_id
      from chat_conversations v
      where v.user_low = ${readerId} or v.user_high = ${readerId}
    )
    select mine.id, mine.other_id as user_id, u.full_name, u.last_name, u.nickname, u.startup_name, u.user_tier, u.created_at,
      (select max(c.created_at) from chat_messages c where c.conversation_id = mine.id and c.deleted_at is null) as last_at,
      (select count(*)::integer from (
        select 1 from chat_messages c
        join users u on u.id = c.user_id
        left join community_members m on m.user_id = c.user_id
        where c.conversation_id = mine.id and c.user_id <> ${readerId} and c.id > mine.read_id and ${visibleTo(readerId)}
        limit ${UNREAD_CAP}
      ) unread) as unread
    from mine
    join users u on u.id = mine.other_id
    left join community_members m on m.user_id = mine.other_id
    where u.status = 'active' and coalesce(m.visibility, 'anonymous') <> 'hidden'
    order by last_at desc nulls last, mine.id desc`);
  const rows = (result as unknown as { rows: ConversationRow[] }).rows;
  const view = await viewsOf(db, rows, tier);
  return {
    conversations: rows.map((row) => ({
      id: Number(row.id),
      other: view(row),
      unread: Number(row.unread),
      lastMessageAt: row.last_at ? new Date(row.last_at).toISOString() : null,
    })),
  };
}

/** GET /api/community/conversations/:id/messages: a page of the conversation's history, and whether older messages remain. */
export type ConversationHistory = { conversation: number; messages: ChatMessage[]; hasMore: boolean };

/** The conversation's history, newest first, 50 at a time before the message `before`. */
export async function conversationHistory(db: Database, readerId: string, id: number, before: number | undefined, tier: TierContext): Promise<ConversationHistory> {
  await conversationAccess(db, readerId, id, tier);
  const beforeCondition = before ? sql`and c.id < ${before}` : sql``;
  const messages = await visibleMessages(db, readerId, sql`c.conversation_id = ${id} ${beforeCondition}`, 'desc', CHAT_PAGE_SIZE, tier);
  return { conversation: id, messages, hasMore: messages.length === CHAT_PAGE_SIZE };
}

/** Messages of the conversation after `afterId`, oldest first: what a reconnecting stream missed. */
export function conversationMessagesAfter(db: Database, readerId: string, id: number, afterId: number, tier: TierContext) {
  return visibleMessages(db, readerId, sql`c.conversation_id = ${id} and c.id > ${afterId}`, 'asc', STREAM_CATCH_UP, tier);
}

export async function postDirectMessage(db: Database, bus: SessionEventBus, writerId: string, id: number, body: string, tier: TierContext): Promise<ChatMessage> {
  const conversation = await conversationAccess(db, writerId, id, tier);
  await assertMayWrite(db, writerId, conversation.otherId);
  const [row] = await db.insert(chatMessages).values({ conversationId: id, userId: writerId, body }).returning({ id: chatMessages.id });
  return publishChange(db, bus, writerId, { type: 'chat-changed', room: null, conversation: id, id: row!.id, change: 'posted' }, tier);
}

/** The reader has seen the conversation up to `lastReadId`; like the rooms' mark, it never moves back. */
export async function markConversationRead(db: Database, readerId: string, id: number, lastReadId: number, tier: TierContext) {
  const conversation = await conversationAccess(db, readerId, id, tier);
  await db
    .update(chatConversations)
    .set(
      conversation.readerIsLow
        ? { lowReadId: sql`greatest(${chatConversations.lowReadId}, ${lastReadId})` }
        : { highReadId: sql`greatest(${chatConversations.highReadId}, ${lastReadId})` },
    )
    .where(eq(chatConversations.id, id));
}
