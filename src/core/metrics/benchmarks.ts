import type { MetricKey } from './formulas.ts';

/**
 * Peer benchmarks (tier 2; SPEC §10 "Metrics"): where a founder's latest metrics
 * rank among anonymous peers of the same phase. k-anonymity: nothing is shown
 * unless at least MIN_PEERS peers contribute a value.
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
export type MetricBenchmark = {
  /** Share of peers with a lower value (ties count half), 0–100. */
  percentile: number;
  /** Share of peers this founder does better than, direction-aware, 0–100. */
  betterThan: number;
};

/** Mid-rank percentile: (peers below + half the ties) / peers. */
export function midRankPercentile(below: number, equal: number, peers: number): number | null {
  if (peers < MIN_PEERS) return null;
  return Math.round((100 * (below + equal / 2)) / peers);
}

export function benchmarkFor(metric: BenchmarkMetric, below: number, equal: number, peers: number): MetricBenchmark | null {
  const percentile = midRankPercentile(below, equal, peers);
  if (percentile === null) return null;
  return { percentile, betterThan: BENCHMARK_METRICS[metric] === 'higher' ? percentile : 100 - percentile };
}
