import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CHAT_PAGE_SIZE,
  CHAT_ROOMS,
  type ChatReportReason,
  type ChatRoom,
  mentionHandle,
  mentions,
  UNREAD_CAP,
} from '../../../core/community/community.ts';
import type { SessionEvent, SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database, Executor } from '../../db/client.ts';
import { chatBlocks, chatMentions, chatMessages, chatReads, chatReports } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { chatAccess, contactFor, ensureMembers, type MemberUserColumns, memberView, profileFields, type TierContext, visibleTo, writeAccess } from './members.ts';
import { type ChatMessage, type MessageFrameParts, messageFrameParts, type ReaderFields } from './chat-frames.ts';

export type { ChatMessage };

/** GET /api/community/rooms: each room with the reader's unread count. */
export type ChatRooms = { rooms: { room: ChatRoom; unread: number }[] };

/** GET /api/community/mentions: the latest messages naming the founder, newest first. */
export type ChatMentions = {
  unread: number;
  mentions: { id: number; read: boolean; createdAt: string; message: ChatMessage }[];
};

/** At most this many missed messages are replayed to a stream that reconnects. */
export const STREAM_CATCH_UP = 500;
/** Who may be named in a room (decision 176): the authors of its latest messages. */
const MENTION_CANDIDATE_MESSAGES = 200;
/** The mentions listed, newest first; unread counts those among them. */
const MENTIONS_LISTED = 20;

/**
 * Chat with other CEOs (tier 2; decision 194): rooms, history, edits and deletions of one's
 * own messages, reports and blocks. Every read is for one reader: blocked authors, hidden or
 * inactive authors and deleted messages are left out, and authors are shown as their
 * visibility allows now, so a change of visibility reaches past messages too.
 */

type MessageRow = {
  id: number;
  room: ChatRoom | null;
  conversation_id: number | null;
  user_id: string;
  body: string;
  created_at: string | Date;
  edited_at: string | Date | null;
  /** When the author's account was made (their trial's start). */
  created: string | Date;
} & MemberUserColumns;

/** Messages `readerId` may see, by a condition on `c` (chat_messages). */
export async function visibleMessages(db: Database, readerId: string, condition: ReturnType<typeof sql>, order: 'asc' | 'desc', limit: number, tier: TierContext) {
  const result = await db.execute(sql`
    select c.id, c.room, c.conversation_id, c.user_id, c.body, c.created_at, c.edited_at,
      u.full_name, u.last_name, u.nickname, u.startup_name, u.user_tier, u.trial_eligible, u.created_at as created
    from chat_messages c
    join users u on u.id = c.user_id
    left join community_members m on m.user_id = c.user_id
    where ${condition} and ${visibleTo(readerId)}
    order by c.id ${order === 'asc' ? sql`asc` : sql`desc`}
    limit ${limit}`);
  const rows = (result as unknown as { rows: MessageRow[] }).rows;
  const members = await ensureMembers(db, rows.map((row) => row.user_id));
  return rows.map((row) => messageOf(row, memberView(profileOf(row), members.get(row.user_id)!, tier), readerId, tier));
}

const profileOf = (row: MessageRow) => profileFields(row, row.created);

/** A message's fields that are the same for every reader, before and after the reader's own. */
const leadingFields = (row: MessageRow, author: ChatMessage['author']) => ({
  id: Number(row.id),
  room: row.room,
  conversation: row.conversation_id === null ? null : Number(row.conversation_id),
  author,
});
const trailingFields = (row: MessageRow) => ({
  body: row.body,
  createdAt: new Date(row.created_at).toISOString(),
  editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
});
/** The reader's own fields: whether they wrote it, and their contact for its author (decision 221). */
const readerFields = (row: MessageRow, readerId: string, tier: TierContext): ReaderFields => ({
  mine: row.user_id === readerId,
  contact: row.room === null ? null : contactFor(tier, readerId, row.user_id),
});

/** A message row as `readerId` receives it, its author shown as `author`. */
function messageOf(row: MessageRow, author: ChatMessage['author'], readerId: string, tier: TierContext): ChatMessage {
  return { ...leadingFields(row, author), ...readerFields(row, readerId, tier), ...trailingFields(row) };
}

/**
 * One message read once for every open stream of an instance: who may not see it, and its
 * frame but for the reader's own fields, serialised once (chat-frames.ts).
 */
export type SharedMessage = {
  id: number;
  row: MessageRow;
  author: ChatMessage['author'];
  blockedBy: ReadonlySet<string>;
  participants: readonly string[] | null;
  frame: MessageFrameParts;
};

/**
 * A message as every reader sees it but for blocks, conversations and the reader's own fields
 * (decision 194): read once per change, with the founders who blocked its author and a
 * conversation's two founders, then shaped for each reader in memory by `readerOf`.
 * A post to a room with a thousand open streams costs two queries, not a thousand. Null when
 * nobody may see it (deleted, author hidden or inactive).
 */
export async function sharedMessage(db: Database, id: number, tier: TierContext): Promise<SharedMessage | null> {
  const result = await db.execute(sql`
    select c.id, c.room, c.conversation_id, c.user_id, c.body, c.created_at, c.edited_at,
      u.full_name, u.last_name, u.nickname, u.startup_name, u.user_tier, u.trial_eligible, u.created_at as created,
      array(select b.blocker_id from chat_blocks b where b.blocked_id = c.user_id) as blocked_by,
      (select array[v.user_low, v.user_high] from chat_conversations v where v.id = c.conversation_id) as participants
    from chat_messages c
    join users u on u.id = c.user_id
    left join community_members m on m.user_id = c.user_id
    where c.id = ${id} and c.deleted_at is null and u.status = 'active' and coalesce(m.visibility, 'anonymous') <> 'hidden'`);
  const [row] = (result as unknown as { rows: (MessageRow & { blocked_by: string[]; participants: string[] | null })[] }).rows;
  if (!row) return null;
  const members = await ensureMembers(db, [row.user_id]);
  const author = memberView(profileOf(row), members.get(row.user_id)!, tier);
  return {
    id: Number(row.id),
    row,
    author,
    blockedBy: new Set(row.blocked_by),
    participants: row.participants,
    frame: messageFrameParts({ ...leadingFields(row, author), ...trailingFields(row) }),
  };
}

/** The reader's own fields of the shared message, or null when they may not see it (they blocked its author, or it is another pair's conversation). */
export function readerOf(shared: SharedMessage, readerId: string, tier: TierContext): ReaderFields | null {
  if (shared.blockedBy.has(readerId)) return null;
  if (shared.participants && !shared.participants.includes(readerId)) return null;
  return readerFields(shared.row, readerId, tier);
}

export type ChatChangedEvent = Extract<SessionEvent, { type: 'chat-changed' }>;

/** Changes this instance published, each with the read its author's answer waits for. */
const readAhead = new WeakMap<ChatChangedEvent, Promise<SharedMessage | null>>();

/** The message a change is about, for every open stream of this instance: read once, or already read by the change's author. */
export const changedMessage = (db: Database, event: ChatChangedEvent, tier: TierContext) => readAhead.get(event) ?? sharedMessage(db, event.id, tier);

/**
 * Publishes a post or an edit and answers with the message as its author now sees it
 * (decision 235): the one read serves the answer and this instance's open streams, which
 * hear the change as it is published.
 */
export async function publishChange(db: Database, bus: SessionEventBus, authorId: string, event: ChatChangedEvent, tier: TierContext): Promise<ChatMessage> {
  const read = sharedMessage(db, event.id, tier);
  readAhead.set(event, read);
  const [shared] = await Promise.all([read, bus.publish(event)]);
  // Deleted by its author in the meantime: there is nothing left to answer with.
  if (!shared) throw new AppError('NOT_FOUND');
  return messageOf(shared.row, shared.author, authorId, tier);
}

/** GET /api/community/rooms/:room/messages: a page of the room's history, and whether older messages remain. */
export type RoomHistory = { room: ChatRoom; messages: ChatMessage[]; hasMore: boolean };

/** The room's history, newest first, 50 at a time before the message `before`. */
export async function roomHistory(db: Database, readerId: string, room: ChatRoom, before: number | undefined, tier: TierContext): Promise<RoomHistory> {
  await chatAccess(db, readerId, tier);
  const beforeCondition = before ? sql`and c.id < ${before}` : sql``;
  const messages = await visibleMessages(db, readerId, sql`c.room = ${room} ${beforeCondition}`, 'desc', CHAT_PAGE_SIZE, tier);
  return { room, messages, hasMore: messages.length === CHAT_PAGE_SIZE };
}

/** Messages of the room after `afterId`, oldest first: what a reconnecting stream missed. */
export function messagesAfter(db: Database, readerId: string, room: ChatRoom, afterId: number, tier: TierContext) {
  return visibleMessages(db, readerId, sql`c.room = ${room} and c.id > ${afterId}`, 'asc', STREAM_CATCH_UP, tier);
}

/** One message for this reader, or null when they may not see it (deleted, blocked, hidden author). */
export async function messageFor(db: Database, readerId: string, id: number, tier: TierContext) {
  const [message] = await visibleMessages(db, readerId, sql`c.id = ${id}`, 'asc', 1, tier);
  return message ?? null;
}

export async function postMessage(db: Database, bus: SessionEventBus, userId: string, room: ChatRoom, body: string, tier: TierContext) {
  await writeAccess(db, userId, tier);
  // The post and the founders it names are one write: a failed mention leaves no post behind.
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(chatMessages).values({ room, userId, body }).returning({ id: chatMessages.id });
    await recordMentions(tx, userId, room, row!.id, body, tier);
    return row!.id;
  });
  return publishChange(db, bus, userId, { type: 'chat-changed', room, conversation: null, id, change: 'posted' }, tier);
}

/** The founder's own live message, or 404 (someone else's is not found, not forbidden). */
async function ownMessage(db: Database, userId: string, id: number) {
  const [row] = await db
    .select({ id: chatMessages.id, room: chatMessages.room, conversation: chatMessages.conversationId })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, id), eq(chatMessages.userId, userId), isNull(chatMessages.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function editMessage(db: Database, bus: SessionEventBus, userId: string, id: number, body: string, tier: TierContext) {
  await writeAccess(db, userId, tier);
  const row = await ownMessage(db, userId, id);
  await db.transaction(async (tx) => {
    await tx.update(chatMessages).set({ body, editedAt: sql`now()` }).where(eq(chatMessages.id, id));
    if (row.room) await recordMentions(tx, userId, row.room as ChatRoom, id, body, tier);
  });
  return publishChange(db, bus, userId, { type: 'chat-changed', room: row.room, conversation: row.conversation, id, change: 'edited' }, tier);
}

/** Deletion keeps the row, without its text, so a report still names it. */
export async function deleteMessage(db: Database, bus: SessionEventBus, userId: string, id: number, tier: TierContext) {
  await chatAccess(db, userId, tier);
  const row = await ownMessage(db, userId, id);
  await db.update(chatMessages).set({ body: '', deletedAt: sql`now()` }).where(eq(chatMessages.id, id));
  await bus.publish({ type: 'chat-changed', room: row.room, conversation: row.conversation, id, change: 'deleted' });
}

/** A message the reader can see and did not write, with its author; 404 otherwise. */
async function othersVisibleMessage(db: Database, readerId: string, id: number, tier: TierContext) {
  const message = await messageFor(db, readerId, id, tier);
  if (!message || message.mine) throw new AppError('NOT_FOUND');
  const [row] = await db.select({ userId: chatMessages.userId, body: chatMessages.body }).from(chatMessages).where(eq(chatMessages.id, id));
  return row!;
}

/** Reports a message to the admins with its text as it is now and the reason; reporting twice is one report. */
export async function reportMessage(db: Database, readerId: string, id: number, reason: ChatReportReason, tier: TierContext) {
  await chatAccess(db, readerId, tier);
  const row = await othersVisibleMessage(db, readerId, id, tier);
  await db.insert(chatReports).values({ messageId: id, reporterId: readerId, body: row.body, reason }).onConflictDoNothing();
}

/** Blocks the author of a message: their messages disappear for the reader, past ones included. */
export async function blockAuthor(db: Database, readerId: string, id: number, tier: TierContext) {
  await chatAccess(db, readerId, tier);
  const row = await othersVisibleMessage(db, readerId, id, tier);
  await db.insert(chatBlocks).values({ blockerId: readerId, blockedId: row.userId }).onConflictDoNothing();
}

/**
 * Each room with the reader's unread count (decision 175): messages they may see, by
 * others, after the last one they read there; counted up to UNREAD_CAP.
 */
export async function roomsWithUnread(db: Database, readerId: string, tier: TierContext): Promise<ChatRooms> {
  await chatAccess(db, readerId, tier);
  const rooms = await Promise.all(
    CHAT_ROOMS.map(async (room) => {
      const result = await db.execute(sql`
        select count(*)::integer as unread from (
          select 1 from chat_messages c
          join users u on u.id = c.user_id
          left join community_members m on m.user_id = c.user_id
          where c.room = ${room} and c.user_id <> ${readerId}
            and c.id > coalesce((select r.last_read_id from chat_reads r where r.user_id = ${readerId} and r.room = ${room}), 0)
            and ${visibleTo(readerId)}
          limit ${UNREAD_CAP}
        ) unread`);
      const [row] = (result as unknown as { rows: { unread: number }[] }).rows;
      return { room, unread: Number(row?.unread ?? 0) };
    }),
  );
  return { rooms };
}

/** The reader has seen the room up to `lastReadId`; it never moves back (two tabs may answer out of order). */
export async function markRoomRead(db: Database, readerId: string, room: ChatRoom, lastReadId: number, tier: TierContext) {
  await chatAccess(db, readerId, tier);
  await db
    .insert(chatReads)
    .values({ userId: readerId, room, lastReadId })
    .onConflictDoUpdate({
      target: [chatReads.userId, chatReads.room],
      set: { lastReadId: sql`greatest(${chatReads.lastReadId}, excluded.last_read_id)`, updatedAt: sql`now()` },
    });
}

/**
 * Notes every founder `body` names (decision 176): those who wrote among the room's latest
 * messages the author can see, by their handle as the author sees them (public name or
 * pseudonym). Not oneself, nor someone who blocked the author; once per founder and message.
 */
async function recordMentions(db: Executor, authorId: string, room: ChatRoom, messageId: number, body: string, tier: TierContext) {
  if (!body.includes('@')) return;
  const result = await db.execute(sql`
    select distinct on (c.user_id) c.user_id, u.full_name, u.last_name, u.nickname, u.startup_name, u.user_tier, u.trial_eligible, u.created_at as created
    from (
      select c.user_id from chat_messages c
      join users u on u.id = c.user_id
      left join community_members m on m.user_id = c.user_id
      where c.room = ${room} and c.user_id <> ${authorId} and ${visibleTo(authorId)}
        and not exists (select 1 from chat_blocks b where b.blocker_id = c.user_id and b.blocked_id = ${authorId})
      order by c.id desc
      limit ${MENTION_CANDIDATE_MESSAGES}
    ) c
    join users u on u.id = c.user_id`);
  const rows = (result as unknown as { rows: (Omit<MessageRow, 'id' | 'room' | 'body' | 'created_at' | 'edited_at'>)[] }).rows;
  if (rows.length === 0) return;
  const members = await ensureMembers(db, rows.map((row) => row.user_id));
  const named = rows.filter((row) => {
    const view = memberView(profileFields(row, row.created), members.get(row.user_id)!, tier);
    return mentions(body, mentionHandle(view));
  });
  if (named.length === 0) return;
  await db
    .insert(chatMentions)
    .values(named.map((row) => ({ userId: row.user_id, messageId })))
    .onConflictDoNothing();
}

/** The latest messages naming the reader that they can still see, and how many of them are unread. */
export async function mentionsOf(db: Database, readerId: string, tier: TierContext): Promise<ChatMentions> {
  await chatAccess(db, readerId, tier);
  const rows = await db
    .select({ id: chatMentions.id, messageId: chatMentions.messageId, createdAt: chatMentions.createdAt, readAt: chatMentions.readAt })
    .from(chatMentions)
    .where(eq(chatMentions.userId, readerId))
    .orderBy(sql`${chatMentions.id} desc`)
    .limit(MENTIONS_LISTED);
  const listed = [];
  for (const row of rows) {
    const message = await messageFor(db, readerId, row.messageId, tier);
    if (message) listed.push({ id: row.id, read: row.readAt !== null, createdAt: row.createdAt.toISOString(), message });
  }
  return { unread: listed.filter((mention) => !mention.read).length, mentions: listed };
}

/** The reader has seen their mentions. */
export async function markMentionsRead(db: Database, readerId: string, tier: TierContext) {
  await chatAccess(db, readerId, tier);
  await db.update(chatMentions).set({ readAt: sql`now()` }).where(and(eq(chatMentions.userId, readerId), isNull(chatMentions.readAt)));
}
