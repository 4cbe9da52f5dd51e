import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AchievementKey, achievementProgress, earnedAchievements } from '../../../core/gamification/achievements.ts';
import { calendarDay } from '../../../core/gamification/calendar-day.ts';
import { POINTS_BY_EVENT, type PointsEvent, levelProgress } from '../../../core/gamification/points.ts';
import { currentStreak, longestStreak, longestWeekRun } from '../../../core/gamification/streak.ts';
import type { Database, Executor } from '../../db/client.ts';
import { activityDays, pointsLedger, userAchievements, users } from '../../db/schema/index.ts';

/** GET /api/me/gamification (docs/tasks-strategy-gamification.md). */
export type Gamification = {
  points: number;
  level: number;
  pointsIntoLevel: number;
  pointsToNextLevel: number;
  /** Consecutive active days up to today (or yesterday) in the founder's time zone. */
  streak: number;
  longestStreak: number;
  /** Unlocked achievements, oldest first. */
  badges: { key: AchievementKey; unlockedAt: string }[];
  /** Every achievement with its progress, for the profile and Overview. */
  achievements: { key: AchievementKey; target: number; progress: number; unlockedAt: string | null }[];
  /** Unlocked but not yet announced to the founder (the UI toasts them, then marks them seen). */
  newBadges: AchievementKey[];
  /** The latest ledger rows, newest first. */
  ledger: { id: number; event: PointsEvent; sourceId: string; points: number; createdAt: string; revokedAt: string | null }[];
};

/**
 * The points ledger and gamification (docs/product.md#points). Other features call
 * `awardPoints` (or `awardPointsForEach` for many sources at once), `revokePoints` and
 * `recordActivity`; each is safe to call twice and under concurrent requests, because
 * the database's unique keys decide, not a read followed by a write. Each takes the
 * database or the caller's transaction, so an award can commit with what earned it.
 */

const LEDGER_PAGE = 50;

async function userTimeZone(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.timeZone ?? null;
}

export type Award = { userId: string; event: PointsEvent; sourceId: string; at?: Date };
export type Awards = Omit<Award, 'sourceId'> & {
  sourceIds: readonly string[];
  /** Also mark the day of `at` as active for the streak (one refresh of achievements for both). */
  activity?: boolean;
  /** Points of each row when not the event's own (a backfilled metrics week is recorded for 0). */
  points?: number;
};

async function insertAwards(db: Executor, userId: string, event: PointsEvent, sourceIds: readonly string[], at: Date, points: number): Promise<number> {
  const result = await db.execute(sql`
    insert into ${pointsLedger} (user_id, event, source_id, points, created_at)
    select ${userId}, ${event}, source, ${points}::integer, ${at.toISOString()}::timestamptz
    from jsonb_array_elements_text(${JSON.stringify([...new Set(sourceIds)])}::jsonb) with ordinality as s(source, position)
    order by position
    on conflict (user_id, event, source_id) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Writes the event's points once per source, in one statement, and refreshes achievements
 * once if anything was new. Returns how many sources this call awarded (those already in
 * the ledger, awarded or undone, are skipped) and the achievements it unlocked.
 */
export async function awardPointsForEach(db: Executor, { userId, event, sourceIds, at = new Date(), activity = false, points = POINTS_BY_EVENT[event] }: Awards) {
  // The sources travel as one JSON parameter: a decade of weeks is one short statement.
  const awarded = sourceIds.length === 0 ? 0 : await insertAwards(db, userId, event, sourceIds, at, points);
  const newDay = activity ? (await markActiveDay(db, userId, at)).inserted : false;
  const unlocked = awarded > 0 || newDay ? await refreshAchievements(db, userId, at) : [];
  return { awarded, unlocked };
}

/**
 * Writes the event's points once. Returns whether this call awarded them (false when the
 * event was already in the ledger, awarded or undone) and the achievements it unlocked.
 */
export async function awardPoints(db: Executor, { sourceId, ...award }: Award) {
  const { awarded, unlocked } = await awardPointsForEach(db, { ...award, sourceIds: [sourceId] });
  return { awarded: awarded > 0, unlocked };
}

/**
 * Undoes an award whose source was deleted on the day it was awarded (in the founder's
 * time zone). Older awards stand: points earned yesterday are not taken back.
 */
export async function revokePoints(db: Executor, { userId, event, sourceId, at = new Date() }: Award) {
  const [row] = await db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.event, event), eq(pointsLedger.sourceId, sourceId), isNull(pointsLedger.revokedAt)))
    .limit(1);
  if (!row) return { revoked: false };
  const timeZone = await userTimeZone(db, userId);
  if (calendarDay(row.createdAt, timeZone) !== calendarDay(at, timeZone)) return { revoked: false };
  const updated = await db
    .update(pointsLedger)
    .set({ revokedAt: at })
    .where(and(eq(pointsLedger.id, row.id), isNull(pointsLedger.revokedAt)))
    .returning({ id: pointsLedger.id });
  return { revoked: updated.length > 0 };
}

/** Whether the founder ever earned this event's points (awarded, even if undone since). */
export async function wasAwarded(db: Executor, userId: string, event: PointsEvent): Promise<boolean> {
  const [row] = await db
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.event, event)))
    .limit(1);
  return row !== undefined;
}

async function markActiveDay(db: Executor, userId: string, at: Date) {
  const day = calendarDay(at, await userTimeZone(db, userId));
  const inserted = await db.insert(activityDays).values({ userId, day }).onConflictDoNothing().returning({ day: activityDays.day });
  return { day, inserted: inserted.length > 0 };
}

/** Marks the calendar day of `at` (founder's time zone) as active, for the streak. */
export async function recordActivity(db: Executor, userId: string, at: Date = new Date()) {
  const { day, inserted } = await markActiveDay(db, userId, at);
  const unlocked = inserted ? await refreshAchievements(db, userId, at) : [];
  return { day, unlocked };
}

/** Everything achievements and the summary are judged on, read in three queries. */
async function loadStanding(db: Executor, userId: string) {
  const [events, days] = await Promise.all([
    db
      .select({ event: pointsLedger.event, sourceId: pointsLedger.sourceId, points: pointsLedger.points })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, userId), isNull(pointsLedger.revokedAt))),
    db.select({ day: activityDays.day }).from(activityDays).where(eq(activityDays.userId, userId)),
  ]);
  const count = (event: PointsEvent) => events.filter((row) => row.event === event).length;
  const points = events.reduce((sum, row) => sum + row.points, 0);
  const activeDays = days.map((row) => row.day);
  const progress = levelProgress(points);
  const stats = {
    tasksCreated: count('task-created'),
    tasksCompleted: count('task-completed'),
    strategiesSaved: count('strategy-saved'),
    longestMetricsWeekRun: longestWeekRun(events.filter((row) => row.event === 'metrics-saved').map((row) => row.sourceId)),
    longestStreak: longestStreak(activeDays),
    level: progress.level,
  };
  return { points, progress, stats, activeDays };
}

/** Stores achievements newly earned; returns their keys. Unlocks are never taken back. */
export async function refreshAchievements(db: Executor, userId: string, at: Date = new Date()): Promise<AchievementKey[]> {
  const { stats } = await loadStanding(db, userId);
  const earned = earnedAchievements(stats);
  if (earned.length === 0) return [];
  const inserted = await db
    .insert(userAchievements)
    .values(earned.map((achievement) => ({ userId, achievement, unlockedAt: at })))
    .onConflictDoNothing()
    .returning({ achievement: userAchievements.achievement });
  return inserted.map((row) => row.achievement as AchievementKey);
}

export async function getGamification(db: Database, userId: string, now: Date = new Date()): Promise<Gamification> {
  const [standing, timeZone, unlocked, ledger] = await Promise.all([
    loadStanding(db, userId),
    userTimeZone(db, userId),
    db.select().from(userAchievements).where(eq(userAchievements.userId, userId)).orderBy(asc(userAchievements.unlockedAt)),
    db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id)).limit(LEDGER_PAGE),
  ]);
  const unlockedAt = new Map(unlocked.map((row) => [row.achievement, row.unlockedAt.toISOString()]));
  return {
    points: standing.points,
    level: standing.progress.level,
    pointsIntoLevel: standing.progress.pointsIntoLevel,
    pointsToNextLevel: standing.progress.pointsToNextLevel,
    streak: currentStreak(standing.activeDays, calendarDay(now, timeZone)),
    longestStreak: standing.stats.longestStreak,
    badges: unlocked.map((row) => ({ key: row.achievement as AchievementKey, unlockedAt: row.unlockedAt.toISOString() })),
    achievements: achievementProgress(standing.stats).map(({ key, target, progress }) => ({
      key,
      target,
      progress,
      unlockedAt: unlockedAt.get(key) ?? null,
    })),
    newBadges: unlocked.filter((row) => row.seenAt === null).map((row) => row.achievement as AchievementKey),
    ledger: ledger.map((row) => ({
      id: row.id,
      event: row.event as PointsEvent,
      sourceId: row.sourceId,
      points: row.points,
      createdAt: row.createdAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    })),
  };
}

/** The founder has seen these unlock toasts. */
export async function markBadgesSeen(db: Database, userId: string, keys: AchievementKey[]) {
  if (keys.length === 0) return;
  await db
    .update(userAchievements)
    .set({ seenAt: sql`now()` })
    .where(and(eq(userAchievements.userId, userId), inArray(userAchievements.achievement, keys), isNull(userAchievements.seenAt)));
}
