import { createRequire } from 'node:module';

/** The part of autocannon's result the benchmarks print (the package ships no types). */
export type LoadResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
}) => Promise<LoadResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Loads one URL on loopback for `seconds` with `connections` keep-alive connections. */
export function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string>; method?: string; body?: string }) {
  // Only the options given: autocannon takes a key set to undefined as the value (no method, no request).
  const { seconds, ...given } = options;
  const defined = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  return autocannon({ url, duration: seconds, ...defined } as Parameters<Autocannon>[0]);
}

/** A number from the command line (`--seconds 10`), or the fallback. */
export function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/** One load run as a line: throughput, p50, p99, and any failed request said loudly. */
export function loadLine(label: string, result: LoadResult, labelWidth = 26): string {
  const bad = result.non2xx + result.errors + result.timeouts;
  return `${label.padEnd(labelWidth)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${bad ? `   (${bad} failed!)` : ''}`;
}
