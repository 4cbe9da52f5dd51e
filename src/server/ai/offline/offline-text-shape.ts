import type { TargetedMetric, MetricTrend, TargetStatus } from '../../../core/mentor/metric-targets.ts';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import type { AskedMetric } from '../../../core/mentor/question-intent.ts';
import type { TargetDirection } from '../../../core/metrics/targets.ts';

/**
 * The shape of the offline mentor's words, the same in every language (offline-text-en.ts,
 * offline-text-es-la.ts). Sentences take the numbers already written in the founder's style
 * (offline-format.ts); a sentence never holds a figure of its own, so every number of an
 * answer comes from the founder's data.
 */
type Named = { name: string };
export type OfflineText = {
  yourStartup: string;
  /** `2026-W47`, `2026-S47`: a recorded week as the founder's language labels it. */
  week: (year: number, week: number) => string;
  /** Where a number the mentor worked out comes from, as its source says it. */
  derived: Record<DerivedKey, string>;
  weeks: (n: string) => string;
  target: (direction: TargetDirection, threshold: string) => string;
  status: Record<TargetStatus, string>;
  /** Metric names as the dashboard writes them (the metrics texts). */
  metricNames: Record<MetricKey, string>;
  ownDataOnly: string;
  noMetrics: string;
  runway: {
    burning: (v: { burn: string; cash: string; weeks: string; months: string | null; runsOut: string }) => string;
    short: (v: { shortfall: string; target: string; burnNeeded: string; cut: string }) => string;
    onTarget: (target: string) => string;
    notBurning: (v: { revenue: string | null; costs: string | null }) => string;
  };
  hiring: {
    withPay: (v: { burn: string; people: number; payEach: string; per: 'week' | 'month' | 'year'; added: string; now: string; after: string; runsOutNow: string | null; runsOutAfter: string }) => string;
    notBurningNow: (v: { people: number; added: string; newBurn: string; after: string | null; runsOutAfter: string | null }) => string;
    assumedMonthly: (amount: string) => string;
    needed: (v: { target: string; revenueNeeded: string; cashNeeded: string }) => string;
    stillAbove: (target: string) => string;
    askPay: (v: { burn: string; weeks: string | null }) => string;
  };
  fundraising: {
    tooShort: (v: { weeks: string; months: string | null; runsOut: string }) => string;
    window: (v: { weeks: string; months: string | null }) => string;
    strength: (weeks: string | null) => string;
    investorsLook: (lines: string[]) => string;
  };
  pricing: {
    arpc: (v: { arpc: string }) => string;
    ltvToCac: (v: { value: string; target: string; status: string }) => string;
    lever: (v: { mrr: string; raised: string }) => string;
    fine: string;
  };
  churn: {
    rate: (v: { churn: string; target: string; monthly: string | null }) => string;
    customers: (v: { customers: string; lost: string }) => string;
    onTarget: (churn: string) => string;
  };
  growth: {
    metric: (v: Named & { value: string; target: string; status: string }) => string;
    mrrMoved: (v: { from: string; fromWeek: string; to: string; toWeek: string }) => string;
    noGrowthYet: string;
  };
  meaning: Record<AskedMetric, string>;
  yours: (v: { value: string; status: string | null; target: string | null }) => string;
  unknowable: string;
  whatNext: {
    worst: (v: Named & { value: string; target: string; trend: string | null }) => string;
    trend: (trend: MetricTrend, weeks: number) => string;
    strategy: (v: { version: number; statement: string }) => string;
    alsoOff: (list: string) => string;
    allOn: (names: string) => string;
    topTask: (v: { ice: string; metric: string; hypothesis: string }) => string;
  };
  challenge: {
    title: string;
    metric: (v: Named & { value: string; target: string }) => string;
    consequence: Record<TargetedMetric, string>;
    taskElsewhere: (v: { task: string; metric: string }) => string;
    taskOnIt: string;
    noTask: string;
  };
  fromNotes: (v: { type: string; line: string }) => string;
  noteGoal: (v: { goal: string; value: string; share: string | null }) => string;
  contextTypes: Record<string, string>;
  steps: string;
  step: (v: { title: string; hypothesis: string; ice: string }) => string;
  /** The runway play with the cut the founder's own numbers need (never a fixed 25 %). */
  runwayPlan: (v: { cut: string; burn: string; target: string }) => string;
  /** The runway play before any week is recorded: no figure to promise. */
  runwayPlanNoData: string;
  and: string;
};

export type DerivedKey =
  | 'cashOutDate'
  | 'runwayShortfall'
  | 'burnForTarget'
  | 'burnCut'
  | 'payEach'
  | 'hiringCost'
  | 'runwayAfter'
  | 'weeklyBurnAfter'
  | 'cashOutDateAfter'
  | 'revenueNeeded'
  | 'cashNeeded'
  | 'mrrAfterPriceRise'
  | 'customersLostMonthly'
  | 'noteGoalShare'
  | 'trendWeeks'
  | 'burnCutShare';
