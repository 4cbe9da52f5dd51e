import type { MetricKey } from './formulas.ts';

/**
 * Peer benchmarks (tier 2; docs/product.md#peer-benchmarks): where a founder's latest metrics
 * rank among anonymous peers of the same phase, as a coarse band (bottom quarter,
 * middle half, top quarter) read from a daily snapshot (decision 046). k-anonymity:
 * nothing is shown for a metric unless at least MIN_PEERS peers contribute a value.
 */
export const MIN_PEERS = 5;

/** The benchmarked metrics and which way is better (the percentile itself is direction-free). */
export const BENCHMARK_METRICS = {
  mrr: 'higher',
  cac: 'lower',
  ndr: 'higher',
  churnRate: 'lower',
  ltv: 'higher',
  arpc: 'higher',
  ltvToCac: 'higher',
  paybackWeeks: 'lower',
  runwayWeeks: 'higher',
  weeklyBurnRate: 'lower',
  activeUsers: 'higher',
  revenueGrowth: 'higher',
  userGrowth: 'higher',
} as const satisfies Partial<Record<MetricKey, 'higher' | 'lower'>>;
export type BenchmarkMetric = keyof typeof BENCHMARK_METRICS;
export const BENCHMARK_METRIC_KEYS = Object.keys(BENCHMARK_METRICS) as BenchmarkMetric[];

export type BenchmarkScope = 'industry' | 'phase';
/** Direction-aware: `top` is the better quarter whichever way the metric is better. */
export const BENCHMARK_BANDS = ['bottom', 'middle', 'top'] as const;
export type BenchmarkBand = (typeof BENCHMARK_BANDS)[number];
export type MetricBenchmark = { band: BenchmarkBand };

/** Mid-rank percentile: (peers below + half the ties) / peers, 0–100. */
export function midRankPercentile(below: number, equal: number, peers: number): number | null {
  if (peers < MIN_PEERS) return null;
  return (100 * (below + equal / 2)) / peers;
}

/** Share of peers the founder does better than, flipped for metrics where lower is better. */
export function betterThanShare(metric: BenchmarkMetric, below: number, equal: number, peers: number): number | null {
  const percentile = midRankPercentile(below, equal, peers);
  if (percentile === null) return null;
  return BENCHMARK_METRICS[metric] === 'higher' ? percentile : 100 - percentile;
}

/**
 * The band a founder falls in: better than at least 75 % of peers is the top quarter,
 * at most 25 % the bottom quarter, the rest the middle half. Only the band leaves the
 * server: an exact rank would say how many peers sit below each value a founder tries.
 */
export function benchmarkFor(metric: BenchmarkMetric, below: number, equal: number, peers: number): MetricBenchmark | null {
  const betterThan = betterThanShare(metric, below, equal, peers);
  if (betterThan === null) return null;
  return { band: betterThan >= 75 ? 'top' : betterThan <= 25 ? 'bottom' : 'middle' };
}
