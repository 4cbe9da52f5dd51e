import { STARTUP_PHASES } from '../profile/profile-choices.ts';
import { LONG_TEXT_MAX } from '../security/input-limits.ts';

/**
 * The community's values and names (docs/community.md), apart from its request schemas
 * (`community.ts`, which re-exports them) so that the Community page does not load zod on
 * its first screen (decision 311).
 */

/** public: name and startup; anonymous: a stable pseudonym; hidden: listed nowhere (decision 190). */
export const VISIBILITIES = ['public', 'anonymous', 'hidden'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
/** What a founder is until they choose. */
export const DEFAULT_VISIBILITY: Visibility = 'anonymous';

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

/** How one founder appears to others: never an id. */
export type CommunityMember =
  | { kind: 'public'; name: string; startupName: string | null }
  | { kind: 'anonymous'; pseudonym: number };

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

/** Why a founder reports a message; the admins see it with the message (decision 174). */
export const CHAT_REPORT_REASONS = ['spam', 'abuse', 'off-topic', 'other'] as const;
export type ChatReportReason = (typeof CHAT_REPORT_REASONS)[number];

/** Unread counts stop at this many: the room list shows '99+' beyond (decision 175). */
export const UNREAD_CAP = 100;

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
