/**
 * What earns points (docs/product.md#points). Every award is a ledger row keyed by
 * (user, event, source id), so each event counts once. `metrics-saved` is one row per ISO
 * week (Metrics Master is judged from them); a week earns its points only when recorded
 * while still recent, the weekly habit, never for backfilled history (decision 142).
 */
export const POINTS_BY_EVENT = {
  'context-added': 10,
  'referral-code-created': 5,
  'task-created': 10,
  'task-completed': 15,
  'strategy-saved': 20,
  'upgrade-bonus': 50,
  'metrics-saved': 10,
} as const;

export type PointsEvent = keyof typeof POINTS_BY_EVENT;
export const POINTS_EVENTS = Object.keys(POINTS_BY_EVENT) as PointsEvent[];

export const POINTS_PER_LEVEL = 100;

/** Level = 1 + floor(points / 100) (docs/product.md#levels); negative totals cannot happen but stay at 1. */
export function levelFor(points: number): number {
  return 1 + Math.floor(Math.max(0, points) / POINTS_PER_LEVEL);
}

/** Progress inside the current level, for the progress bar. */
export function levelProgress(points: number) {
  const safe = Math.max(0, points);
  const into = safe % POINTS_PER_LEVEL;
  return { level: levelFor(safe), pointsIntoLevel: into, pointsToNextLevel: POINTS_PER_LEVEL - into };
}
