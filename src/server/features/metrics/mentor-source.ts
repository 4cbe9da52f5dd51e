import { inputNumbers, metricNumbers, targetNumbers, weekLabel } from '../../../core/mentor/context-numbers.ts';
import { METRIC_TARGETS, type MetricFacts, type MetricTarget, type MetricTrend } from '../../../core/mentor/metric-targets.ts';
import type { KnownNumber } from '../../../core/mentor/number-check.ts';
import type { MetricKey, MetricsSnapshot } from '../../../core/metrics/formulas.ts';
import type { WeekKey } from '../../../core/metrics/iso-week.ts';
import type { TargetStatus } from '../../../core/metrics/targets.ts';
import type { WeekRecord } from '../../../core/metrics/week-record.ts';
import { listWeeks } from './service.ts';
import { summaryOf } from './summary-cache.ts';
import type { ContextSource } from '../../ai/context/types.ts';

/** How many recorded weeks the trend looks back over (about two months). */
export const TREND_WEEKS = 8;
/** A move smaller than this share of the starting value is steady, not a trend. */
const STEADY_SHARE = 0.05;

type Summary = {
  latest: MetricsSnapshot | null;
  statuses: Record<string, TargetStatus | null> | null;
  series: (WeekKey & Record<string, number | null>)[];
};

const STATUS_WORDS: Record<TargetStatus, string> = { on: 'on target', near: 'near the target', off: 'off target' };
const DIRECTION_WORDS = { above: 'above', atLeast: 'at least', below: 'below' } as const;
const NAMES: Record<MetricTarget['key'], string> = {
  runwayWeeks: 'Runway',
  churnRate: 'Weekly customer churn',
  ndr: 'Net dollar retention (NDR)',
  ltvToCac: 'LTV:CAC',
  paybackWeeks: 'CAC payback',
  userGrowth: 'Weekly user growth',
  revenueGrowth: 'Monthly revenue growth',
};

const round = (value: number, digits: number) => Number(value.toFixed(digits)).toLocaleString('en-US', { maximumFractionDigits: digits });
function formatValue(target: MetricTarget, value: number) {
  if (target.unit === 'weeks') return `${round(value, 1)} weeks`;
  if (target.unit === 'percent') return `${round(value * 100, 2)}%`;
  return `${round(value, 1)}:1`;
}

/** Better or worse over the window, by the target's direction; steady when it barely moved. */
export function trendOf(target: MetricTarget, values: (number | null)[]): MetricTrend | null {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length < 2) return null;
  const first = known[0]!;
  const last = known.at(-1)!;
  const scale = Math.max(Math.abs(first), Math.abs(target.threshold));
  if (Math.abs(last - first) < STEADY_SHARE * scale) return 'steady';
  const rose = last > first;
  return rose === (target.direction !== 'below') ? 'improving' : 'worsening';
}

/** The headline numbers besides the targeted metrics, as the text gives them. */
const OTHER_NUMBERS: readonly MetricKey[] = ['mrr', 'cac', 'weeklyBurnRate', 'cashBalance', 'activeUsers', 'arpc', 'monthlyChurnRate', 'ltv'];
/** What each recent week's line gives. */
const SERIES_NUMBERS: readonly MetricKey[] = ['mrr', 'activeUsers', 'cashBalance', 'runwayWeeks', 'churnRate'];

const money = (value: number | null) => (value === null ? 'n/a' : round(value, 0));
const percent = (value: number | null | undefined) => (value === null || value === undefined ? 'n/a' : `${round(value * 100, 2)}%`);

/** The latest week as the founder typed it: what the mentor's arithmetic (payroll, burn) starts from. */
function inputsLine(record: WeekRecord): string {
  return [
    `weekly revenue ${round(record.weeklyRevenue, 2)}`,
    `weekly costs ${round(record.weeklyCosts, 2)}`,
    `marketing costs ${round(record.marketingCosts, 2)}`,
    `cash ${round(record.cashBalance, 2)}`,
    `starting customers ${record.startingCustomers}`,
    `new customers ${record.newCustomers}`,
    `lost customers ${record.lostCustomers}`,
    `weekly active users ${record.weeklyActiveUsers}`,
    record.grossMarginPct === null ? null : `gross margin ${round(record.grossMarginPct, 2)}%`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The founder's metrics text for the model, facts for the offline mentor, and every number
 * the text states with its source (for the number check); null before any week.
 */
export function metricsContext(summary: Summary, latestInputs: WeekRecord | null = null): { text: string; facts: MetricFacts; numbers: KnownNumber[] } | null {
  const latest = summary.latest;
  if (!latest) return null;
  const recent = summary.series.slice(-TREND_WEEKS);
  const trends: NonNullable<MetricFacts['trends']> = {};
  const lines: string[] = [];
  for (const target of METRIC_TARGETS) {
    const value = latest[target.key];
    const status = summary.statuses?.[target.key] ?? null;
    const trend = trendOf(target, recent.map((point) => point[target.key] ?? null));
    if (trend) trends[target.key] = trend;
    const goal = `target ${DIRECTION_WORDS[target.direction]} ${formatValue(target, target.threshold)}`;
    const shown = value !== null ? formatValue(target, value) : target.key === 'runwayWeeks' && latest.runwayStatus === 'not-burning' ? 'not burning cash' : 'not enough data';
    const judged = [status ? STATUS_WORDS[status] : null, trend ? `${trend} over ${recent.length} weeks` : null].filter(Boolean).join(', ');
    lines.push(`- ${NAMES[target.key]}: ${shown} (${goal})${judged ? ` — ${judged}` : ''}`);
  }
  const series = recent
    .map((point) => `${weekLabel(point)}: MRR ${round(point.mrr ?? 0, 0)}, active users ${round(point.activeUsers ?? 0, 0)}, cash ${round(point.cashBalance ?? 0, 0)}, runway ${point.runwayWeeks === null || point.runwayWeeks === undefined ? 'n/a' : `${round(point.runwayWeeks, 1)} weeks`}, weekly churn ${percent(point.churnRate)}`)
    .join('\n');
  const inputs = latestInputs && latestInputs.year === latest.year && latestInputs.week === latest.week ? latestInputs : null;
  const text = [
    `Latest recorded week ${weekLabel(latest)}, against the targets:`,
    ...lines,
    `Other numbers: MRR ${round(latest.mrr, 0)}, CAC ${money(latest.cac)}, weekly burn ${round(latest.weeklyBurnRate, 0)}, cash ${round(latest.cashBalance, 0)}, active users ${round(latest.activeUsers, 0)}, revenue per customer (ARPC) ${money(latest.arpc)} a month, LTV ${money(latest.ltv)}, monthly churn ${percent(latest.monthlyChurnRate)}.`,
    inputs ? `What the founder recorded for ${weekLabel(inputs)}: ${inputsLine(inputs)}.` : null,
    `Recent weeks (oldest first):\n${series}`,
  ]
    .filter(Boolean)
    .join('\n');
  const numbers = [
    ...metricNumbers(latest, [...METRIC_TARGETS.map((target) => target.key), ...OTHER_NUMBERS]),
    ...targetNumbers(),
    ...(inputs ? inputNumbers(inputs) : []),
    ...recent.flatMap((point) => metricNumbers(point, SERIES_NUMBERS)),
  ];
  const values: MetricFacts['values'] = {};
  for (const key of [...METRIC_TARGETS.map((target) => target.key), ...OTHER_NUMBERS]) values[key] = latest[key];
  const recentWeeks = recent.map((point) => ({ year: point.year, week: point.week, ...Object.fromEntries(SERIES_NUMBERS.map((key) => [key, point[key] ?? null])) }));
  return {
    text,
    numbers,
    facts: { year: latest.year, week: latest.week, values, trends, trendWeeks: recent.length, recent: recentWeeks, ...(inputs ? { inputs } : {}) },
  };
}

/**
 * The founder's latest week against the product's targets and the trend over recent weeks,
 * from the metrics feature's (cached) summary. Pinned like the profile: every answer
 * about the startup should stand on its numbers.
 */
export const metricsSource: ContextSource = {
  name: 'metrics',
  async load({ db, userId }) {
    const [summary, [latestInputs]] = await Promise.all([summaryOf(db, userId), listWeeks(db, userId, 'newest', 1)]);
    const context = metricsContext(summary, latestInputs ?? null);
    if (!context) return { chunks: [] };
    return {
      chunks: [{ id: 'metrics', source: 'metrics', title: 'Weekly metrics', text: context.text, pinned: true, numbers: context.numbers }],
      facts: { metrics: context.facts },
    };
  },
};
