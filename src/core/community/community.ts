import { z } from 'zod';
import { STARTUP_PHASES } from '../profile/profile-fields.ts';
import { LONG_TEXT_MAX, safeText } from '../security/validate.ts';

/**
 * The community (docs/community.md): how a founder is shown to others, the ledger page,
 * the milestones feed and the leaderboards. Shared by the routes and the browser.
 */

/** public: name and startup; anonymous: a stable pseudonym; hidden: listed nowhere (decision 190). */
export const VISIBILITIES = ['public', 'anonymous', 'hidden'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
/** What a founder is until they choose. */
export const DEFAULT_VISIBILITY: Visibility = 'anonymous';

/** PUT /api/community/visibility; anything but the three values is refused (400). */
export const VisibilityInput = z.object({ visibility: z.enum(VISIBILITIES) }).strict();
export type VisibilityInput = z.infer<typeof VisibilityInput>;

/** Tier 1 may be anonymous or hidden; public is a tier-2 choice (docs/product.md#tiers-and-trial). A lapsed tier-2 founder shows as anonymous. */
export function effectiveVisibility(chosen: Visibility, premium: boolean): Visibility {
  return chosen === 'public' && !premium ? 'anonymous' : chosen;
}

/** Rows per ledger page and per feed page. */
export const LEDGER_PAGE_SIZE = 20;
export const FEED_PAGE_SIZE = 20;
/** The leaderboard lists the top 50; the founder's own rank is given besides, wherever it is. */
export const LEADERBOARD_SIZE = 50;

export type StartupPhase = (typeof STARTUP_PHASES)[number];

export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const LedgerQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict();
export const FeedQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }).strict();
export const LeaderboardQuery = z
  .object({ period: z.enum(LEADERBOARD_PERIODS).default('week'), phase: z.enum(STARTUP_PHASES).optional() })
  .strict();

/** How one founder appears to others: never an id. */
export type CommunityMember =
  | { kind: 'public'; name: string; startupName: string | null }
  | { kind: 'anonymous'; pseudonym: number };

/** PUT /api/community/direct-messages: allow or refuse new direct messages. */
export const DirectMessagesInput = z.object({ allow: z.boolean() }).strict();

/**
 * A sealed, per-reader reference to another founder that lets the reader start a direct
 * message with them (decision 221); null for oneself. It says nothing about who they are.
 */
export type Contact = string | null;

/** Chat rooms (decision 194): everyone's, and one per startup phase. */
export const CHAT_ROOMS = ['general', ...STARTUP_PHASES] as const;
export type ChatRoom = (typeof CHAT_ROOMS)[number];
export const CHAT_MESSAGE_MAX = LONG_TEXT_MAX;
export const CHAT_PAGE_SIZE = 50;

export const RoomParam = z.object({ room: z.enum(CHAT_ROOMS) }).strict();
export const MessageParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();
export const HistoryQuery = z.object({ before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }).strict();
/** A message's text: sanitised like every text, at most 10,000 characters. */
export const ChatMessageInput = z.object({ body: safeText(CHAT_MESSAGE_MAX) }).strict();

/** Why a founder reports a message; the admins see it with the message (decision 174). */
export const CHAT_REPORT_REASONS = ['spam', 'abuse', 'off-topic', 'other'] as const;
export type ChatReportReason = (typeof CHAT_REPORT_REASONS)[number];
/** POST /api/community/messages/:id/report */
export const ChatReportInput = z.object({ reason: z.enum(CHAT_REPORT_REASONS) }).strict();

/** Unread counts stop at this many: the room list shows '99+' beyond (decision 175). */
export const UNREAD_CAP = 100;
/** PUT /api/community/rooms/:room/read: the newest message id the reader has seen there. */
export const ChatReadInput = z.object({ lastReadId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();

/**
 * How a founder is named in a message (decision 176): `@` and their public name, or `@#4821`
 * for an anonymous founder's pseudonym. Shared so the browser inserts what the server reads.
 */
export function mentionHandle(member: CommunityMember): string {
  return member.kind === 'public' ? `@${member.name}` : `@#${member.pseudonym}`;
}

/** Whether `body` names `handle`: not followed by a letter or digit, whatever the case. */
export function mentions(body: string, handle: string): boolean {
  const escaped = handle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(body);
}

/** GET …/stream?after=: the last message id the browser has (Last-Event-ID wins when larger). */
export const StreamQuery = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) }).strict();

/** Direct messages (decision 220): a conversation between two founders, by its id. */
export const ConversationParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();
/** POST /api/community/conversations: the contact of the founder to write to. */
export const StartConversationInput = z.object({ contact: z.string().min(1).max(512) }).strict();
