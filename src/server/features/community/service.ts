import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { AchievementKey } from '../../../core/gamification/achievements.ts';
import type { PointsEvent } from '../../../core/gamification/points.ts';
import {
  type CommunityMember,
  type Contact,
  FEED_PAGE_SIZE,
  LEADERBOARD_SIZE,
  type LeaderboardPeriod,
  LEDGER_PAGE_SIZE,
  type StartupPhase,
  type Visibility,
} from '../../../core/community/community.ts';
import type { Database } from '../../db/client.ts';
import { communityMembers, pointsLedger, pointsPeriodTotals } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { contactFor, ensureMembers, getSettings, isPremium, listed, type ListedRow, ownProfile, rowsOf, type TierContext, viewsOf } from './members.ts';

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
  items: { member: CommunityMember; mine: boolean; contact: Contact; achievement: AchievementKey; at: string }[];
};

/** GET /api/community/leaderboard (tier 2). */
export type Leaderboard = {
  period: LeaderboardPeriod;
  phase: StartupPhase | null;
  rows: { rank: number; points: number; member: CommunityMember; mine: boolean; contact: Contact }[];
  /** The founder's own rank and points in this board; rank null when hidden or without points. */
  me: { rank: number | null; points: number };
};

/**
 * The community (docs/community.md): visibility and pseudonyms, the founder's ledger page,
 * the milestones feed and the leaderboards. Every list leaves out hidden, suspended and
 * deleted founders and shows the rest as their visibility allows, read at the moment of
 * the request: a change applies everywhere at once.
 */

/** Allow or refuse new direct messages (decision 220); open to every tier, like visibility. */
export async function setDirectMessages(db: Database, userId: string, allow: boolean, tier: TierContext) {
  await ensureMembers(db, [userId]);
  await db.update(communityMembers).set({ allowDirectMessages: allow, updatedAt: sql`now()` }).where(eq(communityMembers.userId, userId));
  return getSettings(db, userId, tier);
}

/** Public needs tier 2 (403 PREMIUM_REQUIRED); anonymous and hidden are open to everyone. */
export async function setVisibility(db: Database, userId: string, visibility: Visibility, tier: TierContext) {
  const profile = await ownProfile(db, userId);
  if (visibility === 'public' && !isPremium(profile, tier)) throw new AppError('PREMIUM_REQUIRED');
  await ensureMembers(db, [userId]);
  await db.update(communityMembers).set({ visibility, updatedAt: sql`now()` }).where(eq(communityMembers.userId, userId));
  return getSettings(db, userId, tier);
}

/** The founder's own ledger, newest first, what earned points (rows worth 0 are bookkeeping, left out). */
export async function ledgerPage(db: Database, userId: string, page: number): Promise<LedgerPage> {
  const mine = and(eq(pointsLedger.userId, userId), gt(pointsLedger.points, 0));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pointsLedger)
      .where(mine)
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(LEDGER_PAGE_SIZE)
      .offset((page - 1) * LEDGER_PAGE_SIZE),
    db.select({ total: count() }).from(pointsLedger).where(mine),
  ]);
  return {
    page,
    pageSize: LEDGER_PAGE_SIZE,
    total: Number(total?.total ?? 0),
    rows: rows.map((row) => ({
      id: row.id,
      event: row.event as PointsEvent,
      points: row.points,
      createdAt: row.createdAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    })),
  };
}

/** Achievements unlocked (streaks and levels are achievements too), newest first, as each founder's visibility allows. */
export async function feedPage(db: Database, userId: string, page: number, tier: TierContext): Promise<FeedPage> {
  const result = await db.execute(sql`
    select a.user_id, a.achievement, a.unlocked_at, u.full_name, u.last_name, u.nickname, u.startup_name, u.user_tier, u.trial_eligible, u.created_at
    from user_achievements a
    join users u on u.id = a.user_id
    left join community_members m on m.user_id = a.user_id
    where ${listed}
    order by a.unlocked_at desc, a.user_id, a.achievement
    limit ${FEED_PAGE_SIZE + 1} offset ${(page - 1) * FEED_PAGE_SIZE}`);
  const rows = rowsOf<ListedRow & { achievement: string; unlocked_at: string | Date }>(result);
  const shown = rows.slice(0, FEED_PAGE_SIZE);
  const view = await viewsOf(db, shown, tier);
  return {
    page,
    hasMore: rows.length > FEED_PAGE_SIZE,
    items: shown.map((row) => ({
      member: view(row),
      mine: row.user_id === userId,
      contact: contactFor(tier, userId, row.user_id),
      achievement: row.achievement as AchievementKey,
      at: new Date(row.unlocked_at).toISOString(),
    })),
  };
}

/** Where a period starts, in UTC (decision 192): Monday of this ISO week, the 1st of this month, or the beginning. */
export function periodStart(period: LeaderboardPeriod, now: Date): Date {
  if (period === 'all') return new Date(0);
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysSinceMonday));
}

/** The first day of a period as the totals key it (`all` starts on 1970-01-01). */
export function periodDay(period: LeaderboardPeriod, now: Date): string {
  // The leaderboard asks on every read: the answer only changes with the UTC day.
  const key = `${period}|${Math.floor(now.getTime() / DAY_MS)}`;
  let day = periodDays.get(key);
  if (day === undefined) {
    day = periodStart(period, now).toISOString().slice(0, 10);
    if (periodDays.size >= 16) periodDays.clear();
    periodDays.set(key, day);
  }
  return day;
}
const DAY_MS = 86_400_000;
const periodDays = new Map<string, string>();

/**
 * The board's top rows (exported for bench/community.ts to explain): listed founders with
 * points in the period, the first 50 read in the totals' index order before anything is
 * joined; ranks within this prefix are the board's ranks, since every founder with more
 * points comes before.
 */
export function leaderboardQuery(period: LeaderboardPeriod, startsOn: string, phase?: StartupPhase) {
  const phaseFilter = phase ? sql`and t.phase = ${phase}` : sql``;
  return sql`
    select b.user_id, b.points, u.full_name, u.last_name, u.nickname, u.startup_name, u.user_tier, u.trial_eligible, u.created_at,
      rank() over (order by b.points desc nulls last)::integer as rank
    from (
      select t.user_id, t.points from points_period_totals t
      where t.period = ${period} and t.starts_on = ${startsOn} and t.listed and t.points > 0 ${phaseFilter}
      -- "nulls last" as the index has it (points are never null): otherwise the index's order goes unused.
      order by t.points desc nulls last, t.user_id
      limit ${LEADERBOARD_SIZE}
    ) b
    join users u on u.id = b.user_id
    order by b.points desc nulls last, b.user_id`;
}

/** The founder's rank on the board: one more than the listed founders above their points, from the histogram. */
export function ownRankQuery(period: LeaderboardPeriod, startsOn: string, points: number, phase?: StartupPhase) {
  const phaseFilter = phase ? sql`and h.phase = ${phase}` : sql``;
  return sql`select (coalesce(sum(h.founders), 0) + 1)::integer as rank from points_period_histogram h
    where h.period = ${period} and h.starts_on = ${startsOn} and h.points > ${points} ${phaseFilter}`;
}

/**
 * Points earned in the period (revoked rows do not count), ranked among listed founders (of
 * one phase if asked); ties share a rank. Read from the per-period totals the ledger's
 * triggers keep. The founder's own rank is given whatever it is, or null when they are
 * hidden, outside the phase or have no points; their points are always given.
 */
export async function leaderboard(
  db: Database,
  userId: string,
  query: { period: LeaderboardPeriod; phase?: StartupPhase },
  tier: TierContext,
): Promise<Leaderboard> {
  const now = tier.now ?? new Date();
  const profile = await ownProfile(db, userId);
  if (!isPremium(profile, tier)) throw new AppError('PREMIUM_REQUIRED');
  const startsOn = periodDay(query.period, now);
  const [result, [mine]] = await Promise.all([
    db.execute(leaderboardQuery(query.period, startsOn, query.phase)),
    db
      .select({ points: pointsPeriodTotals.points, listed: pointsPeriodTotals.listed, phase: pointsPeriodTotals.phase })
      .from(pointsPeriodTotals)
      .where(and(eq(pointsPeriodTotals.period, query.period), eq(pointsPeriodTotals.startsOn, startsOn), eq(pointsPeriodTotals.userId, userId))),
  ]);
  const top = rowsOf<ListedRow & { points: number; rank: number }>(result);
  const points = mine?.points ?? 0;
  const ranked = mine !== undefined && mine.listed && points > 0 && (!query.phase || mine.phase === query.phase);
  const ownRank = !ranked
    ? null
    : (top.find((row) => row.user_id === userId)?.rank ?? rowsOf<{ rank: number }>(await db.execute(ownRankQuery(query.period, startsOn, points, query.phase)))[0]!.rank);
  const view = await viewsOf(db, top, tier);
  return {
    period: query.period,
    phase: query.phase ?? null,
    rows: top.map((row) => ({ rank: Number(row.rank), points: Number(row.points), member: view(row), mine: row.user_id === userId, contact: contactFor(tier, userId, row.user_id) })),
    me: { rank: ownRank === null ? null : Number(ownRank), points },
  };
}
