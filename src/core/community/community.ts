import { z } from 'zod';
import { STARTUP_PHASES } from '../profile/profile-choices.ts';
import { safeText } from '../security/validate.ts';
import { CHAT_MESSAGE_MAX, CHAT_REPORT_REASONS, CHAT_ROOMS, LEADERBOARD_PERIODS, VISIBILITIES } from './community-values.ts';

/**
 * The community (docs/community.md): how a founder is shown to others, the ledger page,
 * the milestones feed and the leaderboards. Shared by the routes and the browser: the
 * request schemas here, the values and names in `community-values.ts` (re-exported).
 */
export * from './community-values.ts';

/** PUT /api/community/visibility; anything but the three values is refused (400). */
export const VisibilityInput = z.object({ visibility: z.enum(VISIBILITIES) }).strict();
export type VisibilityInput = z.infer<typeof VisibilityInput>;

export const LedgerQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();
export const FeedQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }).strict();
export const LeaderboardQuery = z
  .object({ period: z.enum(LEADERBOARD_PERIODS).default('week'), phase: z.enum(STARTUP_PHASES).optional() })
  .strict();

/** PUT /api/community/direct-messages: allow or refuse new direct messages. */
export const DirectMessagesInput = z.object({ allow: z.boolean() }).strict();

export const RoomParam = z.object({ room: z.enum(CHAT_ROOMS) }).strict();
export const MessageParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();
export const HistoryQuery = z.object({ before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }).strict();
/** A message's text: sanitised like every text, at most 10,000 characters. */
export const ChatMessageInput = z.object({ body: safeText(CHAT_MESSAGE_MAX) }).strict();

/** POST /api/community/messages/:id/report */
export const ChatReportInput = z.object({ reason: z.enum(CHAT_REPORT_REASONS) }).strict();

/** PUT /api/community/rooms/:room/read: the newest message id the reader has seen there. */
export const ChatReadInput = z.object({ lastReadId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();

/** GET …/stream?after=: the last message id the browser has (Last-Event-ID wins when larger). */
export const StreamQuery = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) }).strict();

/** Direct messages (decision 220): a conversation between two founders, by its id. */
export const ConversationParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();
/** POST /api/community/conversations: the contact of the founder to write to. */
export const StartConversationInput = z.object({ contact: z.string().min(1).max(512) }).strict();
