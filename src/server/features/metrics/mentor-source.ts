import { METRIC_TARGETS, type MetricFacts, type MetricTarget, type MetricTrend } from '../../../core/mentor/metric-targets.ts';
import type { MetricsSnapshot } from '../../../core/metrics/formulas.ts';
import type { TargetStatus } from '../../../core/metrics/targets.ts';
import { summaryOf } from './summary-cache.ts';
import type { ContextSource } from '../../ai/context/types.ts';

/** How many recorded weeks the trend looks back over (about two months). */
export const TREND_WEEKS = 8;
/** A move smaller than this share of the starting value is steady, not a trend. */
const STEADY_SHARE = 0.05;

type Summary = {
  latest: MetricsSnapshot | null;
  statuses: Record<string, TargetStatus | null> | null;
  series: Record<string, number | null>[];
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

/** The founder's metrics text for the model and facts for the offline mentor; null before any week. */
export function metricsContext(summary: Summary): { text: string; facts: MetricFacts } | null {
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
    .map((point) => `${point.year}-W${String(point.week).padStart(2, '0')}: MRR ${round(point.mrr ?? 0, 0)}, active users ${round(point.activeUsers ?? 0, 0)}, cash ${round(point.cashBalance ?? 0, 0)}, runway ${point.runwayWeeks === null || point.runwayWeeks === undefined ? 'n/a' : `${round(point.runwayWeeks, 1)} weeks`}`)
    .join('\n');
  const text = [
    `Latest recorded week ${latest.year}-W${String(latest.week).padStart(2, '0')}, against the targets:`,
    ...lines,
    `Other numbers: MRR ${round(latest.mrr, 0)}, CAC ${latest.cac === null ? 'n/a' : round(latest.cac, 0)}, weekly burn ${round(latest.weeklyBurnRate, 0)}, cash ${round(latest.cashBalance, 0)}, active users ${round(latest.activeUsers, 0)}.`,
    `Recent weeks (oldest first):\n${series}`,
  ].join('\n');
  const values: MetricFacts['values'] = {
    mrr: latest.mrr,
    cac: latest.cac,
    weeklyBurnRate: latest.weeklyBurnRate,
    cashBalance: latest.cashBalance,
    activeUsers: latest.activeUsers,
  };
  for (const target of METRIC_TARGETS) values[target.key] = latest[target.key];
  return { text, facts: { year: latest.year, week: latest.week, values, trends, trendWeeks: recent.length } };
}

/**
 * The founder's latest week against the spec's targets and the trend over recent weeks,
 * from the metrics feature's (cached) summary. Pinned like the profile: every answer
 * about the startup should stand on its numbers.
 */
export const metricsSource: ContextSource = {
  name: 'metrics',
  async load({ db, userId }) {
    const summary = await summaryOf(db, userId);
    const context = metricsContext(summary);
    if (!context) return { chunks: [] };
    return {
      chunks: [{ id: 'metrics', source: 'metrics', title: 'Weekly metrics', text: context.text, pinned: true }],
      facts: { metrics: context.facts },
    };
  },
};
