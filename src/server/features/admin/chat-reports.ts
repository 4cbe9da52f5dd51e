import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminChatReportsQuery, ChatReportResolution } from '../../../core/admin/chat-reports.ts';
import type { ChatReportReason, ChatRoom } from '../../../core/community/community.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { chatMessages, chatReports, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';

type Founder = { id: string; email: string };

/** One report as the admin sees it. */
export type AdminChatReport = {
  id: number;
  reason: ChatReportReason;
  /** The message's text when it was reported. */
  body: string;
  createdAt: string;
  reporter: Founder | null;
  /** `room` is null for a direct message; `conversation` then names it (decision 220). */
  message: { id: number; room: ChatRoom | null; conversation: number | null; createdAt: string; deleted: boolean; author: Founder };
  resolution: ChatReportResolution | null;
  resolvedAt: string | null;
};

/** GET /api/admin/chat-reports: a page of reports, newest first, and how many match in all. */
export type AdminChatReportsPage = { reports: AdminChatReport[]; total: number; page: number; limit: number };

/** POST /api/admin/chat-reports/:id/dismiss and /remove answer the report's resolution, `changed` false when it was resolved already. */
export type ChatReportResolved = { resolution: ChatReportResolution | null; changed: boolean };

/**
 * Chat reports in the admin area (decision 174): what was reported, by whom, why and when.
 * Resolving closes every open report of the same message at once, so a message reported by
 * five founders is judged once; removing it deletes it for everyone, live.
 */
const reporters = alias(users, 'reporters');
const authors = alias(users, 'authors');

export async function listChatReports(db: Database, query: AdminChatReportsQuery): Promise<AdminChatReportsPage> {
  const where = query.state === 'open' ? isNull(chatReports.resolvedAt) : isNotNull(chatReports.resolvedAt);
  const rows = await db
    .select({
      id: chatReports.id,
      reason: chatReports.reason,
      body: chatReports.body,
      createdAt: chatReports.createdAt,
      resolution: chatReports.resolution,
      resolvedAt: chatReports.resolvedAt,
      reporterId: reporters.id,
      reporterEmail: reporters.email,
      messageId: chatMessages.id,
      room: chatMessages.room,
      conversation: chatMessages.conversationId,
      messageCreatedAt: chatMessages.createdAt,
      deletedAt: chatMessages.deletedAt,
      authorId: authors.id,
      authorEmail: authors.email,
    })
    .from(chatReports)
    .innerJoin(chatMessages, eq(chatMessages.id, chatReports.messageId))
    .innerJoin(authors, eq(authors.id, chatMessages.userId))
    .leftJoin(reporters, eq(reporters.id, chatReports.reporterId))
    .where(where)
    .orderBy(desc(chatReports.createdAt), desc(chatReports.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ total: count() }).from(chatReports).where(where);
  return {
    reports: rows.map(
      (row): AdminChatReport => ({
        id: row.id,
        reason: row.reason as ChatReportReason,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
        reporter: row.reporterId && row.reporterEmail ? { id: row.reporterId, email: row.reporterEmail } : null,
        message: {
          id: row.messageId,
          room: row.room as ChatRoom | null,
          conversation: row.conversation,
          createdAt: row.messageCreatedAt.toISOString(),
          deleted: row.deletedAt !== null,
          author: { id: row.authorId, email: row.authorEmail },
        },
        resolution: row.resolution,
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
      }),
    ),
    total: total?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

type Admin = { id: string; context: RequestContext };

/**
 * Dismisses a report (the message stays) or removes its message for everyone; either way
 * every open report of that message is closed and the admin's act audited. 404 for an
 * unknown report; one already resolved (by another admin a moment ago) is left as it is.
 */
export async function resolveChatReport(db: Database, bus: SessionEventBus, reportId: number, resolution: ChatReportResolution, admin: Admin): Promise<ChatReportResolved> {
  const [report] = await db
    .select({ messageId: chatReports.messageId, resolution: chatReports.resolution, resolvedAt: chatReports.resolvedAt, room: chatMessages.room, conversation: chatMessages.conversationId, authorId: chatMessages.userId })
    .from(chatReports)
    .innerJoin(chatMessages, eq(chatMessages.id, chatReports.messageId))
    .where(eq(chatReports.id, reportId))
    .limit(1);
  if (!report) throw new AppError('NOT_FOUND');
  if (report.resolvedAt) return { resolution: report.resolution, changed: false };
  const closed = await db.transaction(async (tx) => {
    if (resolution === 'removed') {
      await tx.update(chatMessages).set({ body: '', deletedAt: sql`now()` }).where(and(eq(chatMessages.id, report.messageId), isNull(chatMessages.deletedAt)));
    }
    return tx
      .update(chatReports)
      .set({ resolution, resolvedAt: sql`now()`, resolvedBy: admin.id })
      .where(and(eq(chatReports.messageId, report.messageId), isNull(chatReports.resolvedAt)))
      .returning({ id: chatReports.id });
  });
  await recordAuditEvent(db, {
    action: resolution === 'removed' ? 'chat_message_removed' : 'chat_report_dismissed',
    adminId: admin.id,
    targetUserId: report.authorId,
    context: admin.context,
    details: { messageId: report.messageId, room: report.room, conversation: report.conversation, reportIds: closed.map((row) => row.id) },
  });
  if (resolution === 'removed') await bus.publish({ type: 'chat-changed', room: report.room, conversation: report.conversation, id: report.messageId, change: 'deleted' });
  return { resolution, changed: true };
}
