import { z } from 'zod';
/**
 * Achievements and their thresholds (docs/product.md#achievements).
 * Each is judged from a founder's numbers; once unlocked it stays unlocked.
 */
export type AchievementStats = {
  tasksCreated: number;
  tasksCompleted: number;
  strategiesSaved: number;
  longestMetricsWeekRun: number;
  longestStreak: number;
  level: number;
};

export const ACHIEVEMENTS = [
  { key: 'goal-setter', stat: 'tasksCreated', target: 5 },
  { key: 'goal-crusher', stat: 'tasksCompleted', target: 5 },
  { key: 'hypothesis-hero', stat: 'tasksCompleted', target: 10 },
  { key: 'metrics-master', stat: 'longestMetricsWeekRun', target: 7 },
  { key: 'streak-master', stat: 'longestStreak', target: 7 },
  { key: 'expert-ceo', stat: 'level', target: 5 },
  { key: 'strategy-master', stat: 'strategiesSaved', target: 1 },
] as const satisfies readonly { key: string; stat: keyof AchievementStats; target: number }[];

export type AchievementKey = (typeof ACHIEVEMENTS)[number]['key'];
export const ACHIEVEMENT_KEYS = ACHIEVEMENTS.map((achievement) => achievement.key) as AchievementKey[];

/** Each achievement with how far the founder is (capped at the target) and whether it is earned. */
export function achievementProgress(stats: AchievementStats) {
  return ACHIEVEMENTS.map(({ key, stat, target }) => ({
    key,
    target,
    progress: Math.min(stats[stat], target),
    earned: stats[stat] >= target,
  }));
}

export function earnedAchievements(stats: AchievementStats): AchievementKey[] {
  return achievementProgress(stats)
    .filter((achievement) => achievement.earned)
    .map((achievement) => achievement.key);
}

/** The achievements whose unlock toast has been shown (POST /api/me/gamification/seen). */
export const SeenInput = z.object({ badges: z.array(z.enum(ACHIEVEMENT_KEYS as [string, ...string[]])).max(ACHIEVEMENT_KEYS.length) }).strict();
