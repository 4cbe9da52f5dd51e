import { changeBetween } from '../metrics/metric-change.ts';
import type { MetricKey } from '../metrics/formulas.ts';
import { compareWeeks, previousWeek, type WeekKey, weekIndex } from '../metrics/iso-week.ts';
import { classify, TARGETS, type TargetedMetric } from '../metrics/targets.ts';
import type { TaskMetricKey } from '../tasks/task-metrics.ts';

/**
 * What changed this week and why it matters (docs/decisions/212-weekly-insights.md): pure
 * detection over the founder's recorded weeks and completed tasks, shared by the Overview,
 * the Monday e-mail and the mentor's chat starters. Every number an insight carries is one
 * the founder recorded or the dashboard computed from it, so the mentor's number check can
 * trace it.
 */

/** At most this many insights a week: a short list gets read. */
export const MAX_INSIGHTS = 3;
/** A completed task counts while it is this recent: long enough to record the week after it. */
export const TASK_RECENT_DAYS = 14;
/** Churn counts as rising after this many weekly rises in a row (four recorded weeks). */
export const CHURN_RISES = 3;
/** Growth counts as stalled after this many weeks in a row without more active users. */
export const STALLED_WEEKS = 3;
/** CAC counts as jumping when it reaches this multiple of the highest of the three weeks before. */
export const CAC_JUMP = 1.5;

type SeriesPoint = WeekKey & Partial<Record<MetricKey, number | null>>;

export type DoneTask = {
  id: string;
  hypothesis: string;
  metric: TaskMetricKey;
  metricValueAtCreation: number | null;
  completedAt: string | null;
};

export type Insight =
  /** Runway fell under its target this week (it was above it, or not burning, the week before). */
  | { kind: 'runwayBelowTarget'; metric: 'runwayWeeks'; from: number | null; to: number; threshold: number }
  /** A targeted metric is off target this week after being on or near it the recorded week before. */
  | { kind: 'offTarget'; metric: TargetedMetric; from: number; to: number; threshold: number }
  /** Weekly churn rose three weeks in a row: `values` are the four weeks, oldest first. */
  | { kind: 'churnRising'; metric: 'churnRate'; values: number[] }
  /** CAC jumped this week against the three weeks before, which did not rise: `values` are the four weeks, oldest first. */
  | { kind: 'cacJumped'; metric: 'cac'; values: number[] }
  /** Active users grew, then stopped for three weeks in a row: `values` are the five weeks, oldest first. */
  | { kind: 'growthStalled'; metric: 'activeUsers'; values: number[] }
  /** A task completed lately whose metric moved since it was created. */
  | { kind: 'taskMetricMoved'; metric: TaskMetricKey; taskId: string; hypothesis: string; from: number; to: number; tone: 'good' | 'bad' }
  /** Last week has no record while earlier weeks do. */
  | { kind: 'weekNotRecorded'; week: WeekKey; latest: WeekKey };

export type InsightKind = Insight['kind'];

export type InsightInput = {
  /** Recorded weeks oldest first, as GET /api/metrics/summary's series. */
  series: readonly SeriesPoint[];
  /** The latest week's runway status: a founder who is not burning has no runway to fall. */
  notBurning: boolean;
  doneTasks: readonly DoneTask[];
  now: Date;
  /** The ISO week `now` falls in. */
  thisWeek: WeekKey;
};

const DAY_MS = 86_400_000;
const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** The latest point and the point for the calendar week right before it (null when that week is a gap). */
function latestPair(series: readonly SeriesPoint[]) {
  const latest = series.at(-1);
  if (!latest) return null;
  const before = series.findLast((point) => weekIndex(point) === weekIndex(latest) - 1) ?? null;
  return { latest, before };
}

/** News is about a fresh week: this one (recorded early) or last week. */
function isFresh(latest: WeekKey, thisWeek: WeekKey): boolean {
  return compareWeeks(latest, previousWeek(thisWeek)) >= 0;
}

export function runwayBelowTarget(series: readonly SeriesPoint[], notBurning: boolean): Insight | null {
  const pair = latestPair(series);
  if (!pair?.before || notBurning) return null;
  const { threshold } = TARGETS.runwayWeeks;
  const to = pair.latest.runwayWeeks;
  const from = pair.before.runwayWeeks ?? null;
  // The week before was above the target, or had no runway at all because revenue covered costs.
  const wasAbove = from === null ? isNumber(pair.before.weeklyBurnRate) && pair.before.weeklyBurnRate <= 0 : from > threshold;
  if (!isNumber(to) || to > threshold || !wasAbove) return null;
  return { kind: 'runwayBelowTarget', metric: 'runwayWeeks', from, to, threshold };
}

export function offTargets(series: readonly SeriesPoint[]): Insight[] {
  const pair = latestPair(series);
  if (!pair?.before) return [];
  const insights: { insight: Insight; distance: number }[] = [];
  for (const metric of Object.keys(TARGETS) as TargetedMetric[]) {
    const to = pair.latest[metric];
    const from = pair.before[metric];
    if (!isNumber(to) || !isNumber(from)) continue;
    const target = TARGETS[metric];
    if (classify(to, target) !== 'off' || classify(from, target) === 'off') continue;
    insights.push({
      insight: { kind: 'offTarget', metric, from, to, threshold: target.threshold },
      distance: Math.abs(to - target.threshold) / Math.abs(target.threshold),
    });
  }
  // The furthest off first: it is the one the founder most needs to hear about.
  return insights.sort((a, b) => b.distance - a.distance).map(({ insight }) => insight);
}

/** The metric over the `count` consecutive calendar weeks ending at the latest point, or null at a gap or a missing value. */
function consecutiveValues(series: readonly SeriesPoint[], key: MetricKey, count: number): number[] | null {
  const latest = series.at(-1);
  if (!latest) return null;
  const values: number[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const value = series.findLast((p) => weekIndex(p) === weekIndex(latest) - back)?.[key];
    if (!isNumber(value)) return null;
    values.push(value);
  }
  return values;
}

export function churnRising(series: readonly SeriesPoint[]): Insight | null {
  // A gap or a missing rate breaks the run: three rises means three consecutive weeks.
  const values = consecutiveValues(series, 'churnRate', CHURN_RISES + 1);
  const rising = values?.every((value, index) => index === 0 || value > values[index - 1]!);
  return values && rising ? { kind: 'churnRising', metric: 'churnRate', values } : null;
}

/**
 * CAC jumping against its trend: this week's CAC is at least 1.5 times the highest of the
 * three consecutive weeks before, and those weeks were flat or falling (a CAC already
 * climbing is the trend, not a break from it). The four weeks are the insight's numbers.
 */
export function cacJumped(series: readonly SeriesPoint[]): Insight | null {
  const values = consecutiveValues(series, 'cac', 4);
  if (!values) return null;
  const [first, second, third, latest] = values as [number, number, number, number];
  const highest = Math.max(first, second, third);
  const notRising = third <= first;
  return highest > 0 && notRising && latest >= CAC_JUMP * highest ? { kind: 'cacJumped', metric: 'cac', values } : null;
}

/**
 * Growth stalling: active users rose, then did not rise for three weeks in a row. Said the
 * week the third flat week is recorded, so a long plateau is news once, not every Monday.
 */
export function growthStalled(series: readonly SeriesPoint[]): Insight | null {
  const values = consecutiveValues(series, 'activeUsers', STALLED_WEEKS + 2);
  if (!values) return null;
  const [before, start, ...rest] = values as [number, number, ...number[]];
  const grewBefore = start > before;
  const flatSince = rest.every((value, index) => value <= (index === 0 ? start : rest[index - 1]!));
  return grewBefore && flatSince ? { kind: 'growthStalled', metric: 'activeUsers', values } : null;
}

export function taskMetricsMoved(doneTasks: readonly DoneTask[], latest: SeriesPoint | undefined, now: Date): Insight[] {
  if (!latest) return [];
  const insights: { insight: Insight; at: number }[] = [];
  for (const task of doneTasks) {
    if (!task.completedAt) continue;
    const at = Date.parse(task.completedAt);
    if (!(now.getTime() - at <= TASK_RECENT_DAYS * DAY_MS)) continue;
    const from = task.metricValueAtCreation;
    const to = latest[task.metric];
    if (!isNumber(from) || !isNumber(to)) continue;
    const change = changeBetween(task.metric, from, to);
    if (change.tone === 'flat') continue;
    insights.push({ insight: { kind: 'taskMetricMoved', metric: task.metric, taskId: task.id, hypothesis: task.hypothesis, from, to, tone: change.tone }, at });
  }
  return insights.sort((a, b) => b.at - a.at).map(({ insight }) => insight);
}

export function weekNotRecorded(series: readonly SeriesPoint[], thisWeek: WeekKey): Insight | null {
  const latest = series.at(-1);
  if (!latest) return null;
  const lastWeek = previousWeek(thisWeek);
  if (compareWeeks(latest, lastWeek) >= 0 || series.some((point) => compareWeeks(point, lastWeek) === 0)) return null;
  return { kind: 'weekNotRecorded', week: lastWeek, latest: { year: latest.year, week: latest.week } };
}

/**
 * This week's insights, most urgent first, at most three: runway crossing its target, metrics
 * newly off target, churn rising, CAC jumping against its trend, growth stalling, completed tasks whose metric moved, last
 * week not recorded.
 * The metric insights speak only about a fresh week (last week's or this week's record); a
 * stale series gets the reminder and the tasks instead.
 */
export function weeklyInsights(input: InsightInput): Insight[] {
  const { series, notBurning, doneTasks, now, thisWeek } = input;
  const upToNow = series.filter((point) => compareWeeks(point, thisWeek) <= 0);
  const latest = upToNow.at(-1);
  const found: Insight[] = [];
  if (latest && isFresh(latest, thisWeek)) {
    const runway = runwayBelowTarget(upToNow, notBurning);
    if (runway) found.push(runway);
    // Runway under its target is already said above; the other metrics follow.
    found.push(...offTargets(upToNow).filter((insight) => !(runway && insight.kind === 'offTarget' && insight.metric === 'runwayWeeks')));
    const churn = churnRising(upToNow);
    if (churn) found.push(churn);
    const cac = cacJumped(upToNow);
    if (cac) found.push(cac);
    const stalled = growthStalled(upToNow);
    if (stalled) found.push(stalled);
  }
  found.push(...taskMetricsMoved(doneTasks, latest, now));
  const missing = weekNotRecorded(upToNow, thisWeek);
  if (missing) found.push(missing);
  return found.slice(0, MAX_INSIGHTS);
}
