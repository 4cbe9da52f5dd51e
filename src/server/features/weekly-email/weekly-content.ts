import { compareWeeks, previousWeek, type WeekKey } from '../../../core/metrics/iso-week.ts';
import { classify, TARGETS, type TargetedMetric, type TargetStatus } from '../../../core/metrics/targets.ts';
import type { Database } from '../../db/client.ts';
import { summaryOf } from '../metrics/index.ts';
import { listTasks } from '../tasks/index.ts';
import { founderInsights } from '../insights/index.ts';
import { PREMIUM_TIER } from '../../../core/subscription/trial.ts';
import { effectiveTier } from '../../platform/premium.ts';
import type { Insight } from '../../../core/insights/weekly-insights.ts';

/**
 * What the weekly e-mails say, read from the founder's own rows only: the Monday numbers
 * (the latest recorded week against the targets, beside the week recorded before it) and
 * the Friday list of active tasks by ICE.
 */
export const KEY_METRICS = ['mrr', 'activeUsers', 'cashBalance', 'runwayWeeks', 'churnRate', 'ndr', 'ltvToCac', 'paybackWeeks', 'userGrowth', 'revenueGrowth'] as const;
export type KeyMetric = (typeof KEY_METRICS)[number];

/** Stocks whose rise or fall is news in itself; the targeted metrics speak through their status. */
const MOVERS: readonly KeyMetric[] = ['mrr', 'activeUsers', 'cashBalance'];

const isTargeted = (key: KeyMetric): key is TargetedMetric => key in TARGETS;

export type MetricRow = {
  key: KeyMetric;
  value: number | null;
  before: number | null;
  status: TargetStatus | null;
  /** Runway when revenue covers costs: there is no number, and that is good news. */
  notBurning: boolean;
};

export type MetricChange =
  | { kind: 'rose' | 'fell'; key: KeyMetric; from: number; to: number }
  | { kind: 'status'; key: KeyMetric; from: TargetStatus; to: TargetStatus };

export type MondayContent = {
  /** The ISO week before the one the e-mail goes out in. */
  lastWeek: WeekKey;
  latest: WeekKey | null;
  previous: WeekKey | null;
  rows: MetricRow[];
  changes: MetricChange[];
  /** What stands out this week, as the Overview lists it (docs/decisions/212-weekly-insights.md). */
  insights: Insight[];
};

export async function mondayContent(db: Database, userId: string, thisWeek: WeekKey, { at = new Date(), trialDays }: { at?: Date; trialDays: number }): Promise<MondayContent> {
  const summary = await summaryOf(db, userId);
  // The insights are Premium (docs/product.md#tiers-and-trial); the numbers are everyone's.
  const premium = (await effectiveTier(db, userId, trialDays, at)) >= PREMIUM_TIER;
  const insights = premium ? await founderInsights(db, userId, { now: at, thisWeek }) : [];
  const lastWeek = previousWeek(thisWeek);
  // A week recorded ahead (the editing window's grace) is not "last week's" number yet.
  const series = summary.series.filter((point) => compareWeeks(point, thisWeek) <= 0);
  const now = series.at(-1);
  const before = series.at(-2);
  if (!now || !summary.latest) return { lastWeek, latest: null, previous: null, rows: [], changes: [], insights };
  const atLatest = compareWeeks(now, summary.latest) === 0;
  const rows = KEY_METRICS.map((key): MetricRow => {
    const value = now[key] ?? null;
    const status = isTargeted(key) ? (atLatest ? (summary.statuses?.[key] ?? null) : classify(value, TARGETS[key])) : null;
    return { key, value, before: before?.[key] ?? null, status, notBurning: key === 'runwayWeeks' && atLatest && summary.latest?.runwayStatus === 'not-burning' };
  });
  const changes: MetricChange[] = [];
  for (const row of rows) {
    if (row.value === null || row.before === null) continue;
    if (MOVERS.includes(row.key) && row.value !== row.before) {
      changes.push({ kind: row.value > row.before ? 'rose' : 'fell', key: row.key, from: row.before, to: row.value });
    }
    if (isTargeted(row.key) && row.status) {
      const was = classify(row.before, TARGETS[row.key]);
      if (was && was !== row.status) changes.push({ kind: 'status', key: row.key, from: was, to: row.status });
    }
  }
  return { lastWeek, latest: { year: now.year, week: now.week }, previous: before ? { year: before.year, week: before.week } : null, rows, changes, insights };
}

/** The founder's best bets: what the Tasks page lists first. */
export const FRIDAY_TASKS = 5;

/** `dueDate` is the task's calendar day (`YYYY-MM-DD`), or null without one. */
export type FridayContent = { tasks: { hypothesis: string; iceTotal: number; dueDate: string | null }[] };

export async function fridayContent(db: Database, userId: string): Promise<FridayContent> {
  const active = await listTasks(db, userId, 'active');
  return { tasks: active.slice(0, FRIDAY_TASKS).map((task) => ({ hypothesis: task.hypothesis, iceTotal: task.iceTotal, dueDate: task.dueDate ?? null })) };
}
