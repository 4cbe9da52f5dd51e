import { z } from 'zod';
import type { ChatReportReason, ChatRoom } from '../community/community.ts';

/**
 * The admin area's chat reports (decision 174): each report with the message as it was
 * reported, its author and reporter; an admin dismisses it or removes the message.
 */
export const CHAT_REPORT_STATES = ['open', 'resolved'] as const;

/** GET /api/admin/chat-reports: open ones (the default) or resolved ones, newest first. */
export const AdminChatReportsQuery = z
  .object({
    state: z.enum(CHAT_REPORT_STATES).default('open'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type AdminChatReportsQuery = z.infer<typeof AdminChatReportsQuery>;

export const ChatReportParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();

export const CHAT_REPORT_RESOLUTIONS = ['dismissed', 'removed'] as const;
export type ChatReportResolution = (typeof CHAT_REPORT_RESOLUTIONS)[number];

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

export type AdminChatReportsPage = { reports: AdminChatReport[]; total: number; page: number; limit: number };

/** POST /api/admin/chat-reports/:id/dismiss and /remove answer the report's resolution, `changed` false when it was resolved already. */
export type ChatReportResolved = { resolution: ChatReportResolution | null; changed: boolean };
