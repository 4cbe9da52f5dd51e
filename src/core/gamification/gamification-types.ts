import type { AchievementKey } from './achievements.ts';
import type { PointsEvent } from './points.ts';

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
