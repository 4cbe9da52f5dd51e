import { z } from 'zod';
import type { AchievementKey } from '../gamification/achievements.ts';
import type { PointsEvent } from '../gamification/points.ts';
import { STARTUP_PHASES } from '../profile/profile-fields.ts';

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

/** GET /api/community/me */
export type CommunitySettings = {
  visibility: Visibility;
  /** What others see now (public falls back to anonymous without tier 2). */
  shownAs: Visibility;
  pseudonym: number;
  premium: boolean;
};

/** GET /api/community/ledger */
export type LedgerPage = {
  page: number;
  pageSize: number;
  total: number;
  rows: { id: number; event: PointsEvent; points: number; createdAt: string; revokedAt: string | null }[];
};

/** GET /api/community/feed: achievements unlocked by founders who are not hidden, newest first. */
export type FeedPage = {
  page: number;
  hasMore: boolean;
  items: { member: CommunityMember; mine: boolean; achievement: AchievementKey; at: string }[];
};

/** GET /api/community/leaderboard (tier 2). */
export type Leaderboard = {
  period: LeaderboardPeriod;
  phase: StartupPhase | null;
  rows: { rank: number; points: number; member: CommunityMember; mine: boolean }[];
  /** The founder's own rank and points in this board; rank null when hidden or without points. */
  me: { rank: number | null; points: number };
};
