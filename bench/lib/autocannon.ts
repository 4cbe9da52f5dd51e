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
  return autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers, method: options.method, body: options.body });
}
