import { z } from 'zod';

/**
 * The admin area's chat reports (decision 174): what its requests accept. The answers' types
 * are the server's (src/server/features/admin/chat-reports.ts).
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
