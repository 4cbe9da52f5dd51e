import { z } from 'zod';
import { FEEDBACK_STATUSES } from '../feedback/feedback-schema.ts';

/** GET /api/admin/feedback: newest first, optionally one status or type. */
export const AdminFeedbackQuery = z
  .object({
    status: z.enum(FEEDBACK_STATUSES).optional(),
    type: z.enum(['idea', 'issue']).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type AdminFeedbackQuery = z.infer<typeof AdminFeedbackQuery>;

/** PUT /api/admin/feedback/:id/status. */
export const FeedbackStatusInput = z.object({ status: z.enum(FEEDBACK_STATUSES) }).strict();

export const FEEDBACK_NOTE_MAX = 2000;
/** POST /api/admin/feedback/:id/notes: an internal note, never shown to the founder. */
export const FeedbackNoteInput = z.object({ body: z.string().trim().min(1).max(FEEDBACK_NOTE_MAX) }).strict();
