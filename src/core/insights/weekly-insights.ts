import { cashOutDate } from '../metrics/cash-out.ts';
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
/** A cash-out date this many months away or nearer is said with the runway. */
export const CASH_OUT_WARNING_MONTHS = 6;
/** How far off target a metric can read: past 10 times (or at 0 and below, for a metric that must be above) it is simply as bad as it gets. */
export const MAX_SEVERITY = 10;

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
  | { kind: 'runwayBelowTarget'; metric: 'runwayWeeks'; from: number | null; to: number; threshold: number; cashOut?: string }
  /** Runway is under its target this week, as it was the week before (a state, not a change). `cashOut` (YYYY-MM-DD) only within six months. */
  | { kind: 'runwayUnderTarget'; metric: 'runwayWeeks'; to: number; threshold: number; cashOut?: string }
  /** A targeted metric is off target this week after being on or near it the recorded week before. */
  | { kind: 'offTarget'; metric: TargetedMetric; from: number; to: number; threshold: number }
  /** A targeted metric still off target this week; `times` is how far off, as its ratio to the target (4 = four times the churn allowed). */
  | { kind: 'stillOffTarget'; metric: TargetedMetric; to: number; threshold: number; times: number }
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

/** Rates of growth can be 0 or below, where a ratio means nothing: they are weighed by their shortfall. */
const GROWTH_METRICS: ReadonlySet<TargetedMetric> = new Set(['revenueGrowth', 'userGrowth']);

/**
 * How far off its target a value is, as a ratio (1 = at the threshold, decision 255): value ÷
 * threshold for a metric that must stay below it (churn at 2.8 % against 0.7 % is 4), threshold
 * ÷ value for one that must stay above it (runway at 18.6 of 40 weeks is 2.2). A growth rate
 * weighs 1 + its shortfall in thresholds (flat growth is 2, shrinking by the target's pace 3).
 * Capped, so no single number drowns every other finding.
 */
export function offTargetRatio(metric: TargetedMetric, value: number): number {
  const { direction, threshold } = TARGETS[metric];
  const ratio = GROWTH_METRICS.has(metric)
    ? 1 + (threshold - value) / threshold
    : direction === 'below'
      ? value / threshold
      : value > 0
        ? threshold / value
        : MAX_SEVERITY;
  return Math.min(MAX_SEVERITY, Math.max(0, ratio));
}

/** The cash-out day (YYYY-MM-DD) when it falls within six months of now, from the dashboard's own cash-out date. */
function cashOutWithinWarning(latest: WeekKey, runwayWeeks: number, now: Date): string | undefined {
  const cashOut = cashOutDate(latest, runwayWeeks);
  if (!cashOut) return undefined;
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() + CASH_OUT_WARNING_MONTHS);
  return cashOut.date.getTime() <= limit.getTime() ? cashOut.date.toISOString().slice(0, 10) : undefined;
}

/**
 * Runway under its 40-week target: "fell under" the week it crosses (above it, or not
 * burning, the calendar week before), "is under" every week after, with the cash-out day
 * when it falls within six months.
 */
export function runwayBelowTarget(series: readonly SeriesPoint[], notBurning: boolean, now: Date = new Date()): Insight | null {
  const latest = series.at(-1);
  if (!latest || notBurning) return null;
  const before = latestPair(series)?.before ?? null;
  const { threshold } = TARGETS.runwayWeeks;
  const to = latest.runwayWeeks;
  if (!isNumber(to) || to > threshold) return null;
  const cashOut = cashOutWithinWarning(latest, to, now);
  const when = cashOut ? { cashOut } : {};
  const from = before?.runwayWeeks ?? null;
  // The week before was above the target, or had no runway at all because revenue covered costs.
  const wasAbove = before !== null && (from === null ? isNumber(before.weeklyBurnRate) && before.weeklyBurnRate <= 0 : from > threshold);
  if (wasAbove) return { kind: 'runwayBelowTarget', metric: 'runwayWeeks', from, to, threshold, ...when };
  return { kind: 'runwayUnderTarget', metric: 'runwayWeeks', to, threshold, ...when };
}

/**
 * Every targeted metric off target this week (runway aside, said by runwayBelowTarget): "went
 * off" when the recorded week before was on or near it, "still off" otherwise, with its ratio
 * to the target.
 */
export function offTargets(series: readonly SeriesPoint[]): Insight[] {
  const latest = series.at(-1);
  if (!latest) return [];
  const before = latestPair(series)?.before ?? null;
  const insights: Insight[] = [];
  for (const metric of Object.keys(TARGETS) as TargetedMetric[]) {
    if (metric === 'runwayWeeks') continue;
    const to = latest[metric];
    const from = before?.[metric];
    const target = TARGETS[metric];
    if (!isNumber(to) || classify(to, target) !== 'off') continue;
    insights.push(
      isNumber(from) && classify(from, target) !== 'off'
        ? { kind: 'offTarget', metric, from, to, threshold: target.threshold }
        : { kind: 'stillOffTarget', metric, to, threshold: target.threshold, times: offTargetRatio(metric, to) },
    );
  }
  return insights;
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
 * How much an insight matters, to rank them (decision 255): a metric off target weighs its
 * ratio to the target (churn at four times its limit weighs 4, runway at 18.6 of 40 weeks
 * 2.2); a change against a trend weighs less than any metric well off target; a reminder and
 * a task's move weigh least.
 */
export function severity(insight: Insight): number {
  switch (insight.kind) {
    case 'runwayBelowTarget':
    case 'runwayUnderTarget':
      return offTargetRatio('runwayWeeks', insight.to);
    case 'offTarget':
      return offTargetRatio(insight.metric, insight.to);
    case 'stillOffTarget':
      return insight.times;
    case 'cacJumped':
      return insight.values.at(-1)! / Math.max(...insight.values.slice(0, -1));
    case 'churnRising':
      return 1.5;
    case 'growthStalled':
      return 1.25;
    case 'taskMetricMoved':
      return insight.tone === 'bad' ? 1.1 : 1;
    case 'weekNotRecorded':
      return 1.05;
  }
}

/** The metric an insight is about, so one metric is said once (its most severe insight). */
const metricOf = (insight: Insight): string | null => (insight.kind === 'weekNotRecorded' || insight.kind === 'taskMetricMoved' ? null : insight.metric);

/**
 * This week's insights, most severe first (decision 255), at most three: states (runway under
 * its target, with the cash-out day within six months; every metric off target, by its ratio
 * to the target) as well as changes (churn rising, CAC jumping against its trend, growth
 * stalling, completed tasks whose metric moved, last week not recorded). One insight per
 * metric. The metric insights speak only about a fresh week (last week's or this week's
 * record); a stale series gets the reminder and the tasks instead. Empty only when nothing is
 * off target and nothing moved.
 */
export function weeklyInsights(input: InsightInput): Insight[] {
  const { series, notBurning, doneTasks, now, thisWeek } = input;
  const upToNow = series.filter((point) => compareWeeks(point, thisWeek) <= 0);
  const latest = upToNow.at(-1);
  const found: Insight[] = [];
  if (latest && isFresh(latest, thisWeek)) {
    const runway = runwayBelowTarget(upToNow, notBurning, now);
    if (runway) found.push(runway);
    found.push(...offTargets(upToNow));
    for (const change of [churnRising(upToNow), cacJumped(upToNow), growthStalled(upToNow)]) if (change) found.push(change);
  }
  found.push(...taskMetricsMoved(doneTasks, latest, now));
  const missing = weekNotRecorded(upToNow, thisWeek);
  if (missing) found.push(missing);
  // A stable sort keeps the order above (states, then changes, then tasks) between equals.
  const ranked = found.map((insight) => ({ insight, weight: severity(insight) })).sort((a, b) => b.weight - a.weight);
  const said = new Set<string>();
  const kept: Insight[] = [];
  for (const { insight } of ranked) {
    const metric = metricOf(insight);
    if (metric !== null && said.has(metric)) continue;
    if (metric !== null) said.add(metric);
    kept.push(insight);
  }
  return kept.slice(0, MAX_INSIGHTS);
}
