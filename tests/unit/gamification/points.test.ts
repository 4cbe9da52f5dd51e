import { describe, expect, it } from 'vitest';
import { achievementProgress, earnedAchievements } from '../../../src/core/gamification/achievements.ts';
import { POINTS_BY_EVENT, levelFor, levelProgress } from '../../../src/core/gamification/points.ts';

describe('points', () => {
  it('are the amounts of the points table', () => {
    expect(POINTS_BY_EVENT).toMatchObject({
      'context-added': 10,
      'referral-code-created': 5,
      'task-created': 10,
      'task-completed': 15,
      'strategy-saved': 20,
      'upgrade-bonus': 50,
    });
  });
});

describe('levels', () => {
  it('are 1 + floor(points / 100)', () => {
    expect([0, 1, 99, 100, 199, 200, 399, 400, 1050].map(levelFor)).toEqual([1, 1, 1, 2, 2, 3, 4, 5, 11]);
  });

  it('say how far the next level is', () => {
    expect(levelProgress(0)).toEqual({ level: 1, pointsIntoLevel: 0, pointsToNextLevel: 100 });
    expect(levelProgress(235)).toEqual({ level: 3, pointsIntoLevel: 35, pointsToNextLevel: 65 });
  });
});

describe('achievement thresholds', () => {
  const none = { tasksCreated: 0, tasksCompleted: 0, strategiesSaved: 0, longestMetricsWeekRun: 0, longestStreak: 0, level: 1 };

  it('unlock nothing for a new founder', () => {
    expect(earnedAchievements(none)).toEqual([]);
  });

  it.each([
    ['goal-setter', { tasksCreated: 5 }, { tasksCreated: 4 }],
    ['goal-crusher', { tasksCompleted: 5 }, { tasksCompleted: 4 }],
    ['hypothesis-hero', { tasksCompleted: 10 }, { tasksCompleted: 9 }],
    ['metrics-master', { longestMetricsWeekRun: 7 }, { longestMetricsWeekRun: 6 }],
    ['streak-master', { longestStreak: 7 }, { longestStreak: 6 }],
    ['expert-ceo', { level: 5 }, { level: 4 }],
    ['strategy-master', { strategiesSaved: 1 }, { strategiesSaved: 0 }],
  ])('%s unlocks exactly at its threshold', (key, reached, justShort) => {
    expect(earnedAchievements({ ...none, ...reached })).toContain(key);
    expect(earnedAchievements({ ...none, ...justShort })).not.toContain(key);
  });

  it('reports progress capped at the target', () => {
    const progress = achievementProgress({ ...none, tasksCompleted: 7 });
    expect(progress.find((a) => a.key === 'goal-crusher')).toEqual({ key: 'goal-crusher', target: 5, progress: 5, earned: true });
    expect(progress.find((a) => a.key === 'hypothesis-hero')).toEqual({ key: 'hypothesis-hero', target: 10, progress: 7, earned: false });
  });
});
