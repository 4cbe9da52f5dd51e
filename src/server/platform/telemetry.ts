import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { TelemetryRange } from '../../core/admin/telemetry.ts';

/**
 * The server's telemetry (docs/decisions/189-telemetry.md): what Prometheus reads at
 * GET /metrics, and the samples of the last day the admin area charts. One registry per
 * app (tests run several apps in one process; prom-client's global registry would refuse
 * the second). Route labels are route patterns (`/api/tasks/:id`), never raw paths, so
 * the number of series stays bounded whatever the traffic.
 */
export type Telemetry = {
  registry: Registry;
  /** One answered request: its route pattern, method, status and how long it took. */
  observeRequest: (request: { route: string; method: string; status: number; durationMs: number }) => void;
  /** One run of a background job and how it ended. */
  observeJob: (job: string, outcome: 'success' | 'failure', durationMs: number) => void;
  /** The charts' samples, oldest first: one a minute, the last 24 hours. */
  samples: () => TelemetrySample[];
  /** The minute under way, not yet a sample (the charts end with it). */
  current: () => TelemetrySample;
  /** Takes a sample now (the timer does it every minute; tests call it). */
  sample: (at?: number) => TelemetrySample;
  stop: () => void;
};

/** One minute of the server as the admin's charts show it. */
export type TelemetrySample = {
  at: string;
  requests: number;
  errors: number;
  /** Latency percentiles of the minute's requests, in milliseconds (null without requests). */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  jobRuns: number;
  jobFailures: number;
  rssBytes: number;
  heapUsedBytes: number;
  poolTotal: number | null;
  poolIdle: number | null;
  poolWaiting: number | null;
};

/** What a node-postgres pool says of itself; PGlite has none. */
type PoolLike = { totalCount: number; idleCount: number; waitingCount: number };

const SAMPLE_EVERY_MS = 60_000;
const SAMPLES_KEPT = 24 * 60;
/** Request latency buckets, in seconds: from a cached read to a slow model call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export function createTelemetry(options: { pool?: PoolLike; sampleEveryMs?: number; now?: () => number } = {}): Telemetry {
  const now = options.now ?? Date.now;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'rumbo_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status class', labelNames: ['route', 'method', 'status'] as const, registers: [registry] });
  const errors = new Counter({ name: 'rumbo_http_errors_total', help: 'HTTP requests answered with a 5xx status, by route pattern and method', labelNames: ['route', 'method'] as const, registers: [registry] });
  const latency = new Histogram({ name: 'rumbo_http_request_duration_seconds', help: 'HTTP request latency, by route pattern and method', labelNames: ['route', 'method'] as const, buckets: LATENCY_BUCKETS, registers: [registry] });
  const jobRuns = new Counter({ name: 'rumbo_job_runs_total', help: 'Background job runs, by job and outcome', labelNames: ['job', 'outcome'] as const, registers: [registry] });
  const jobDuration = new Histogram({ name: 'rumbo_job_duration_seconds', help: 'Background job run time, by job', labelNames: ['job'] as const, buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300], registers: [registry] });
  if (options.pool) {
    const pool = options.pool;
    new Gauge({ name: 'rumbo_db_pool_connections', help: 'Database pool connections, by state', labelNames: ['state'] as const, registers: [registry], collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    } });
  }

  // What happened since the last sample, for the charts.
  let minute = { requests: 0, errors: 0, latencies: [] as number[], jobRuns: 0, jobFailures: 0 };
  const kept: TelemetrySample[] = [];

  /** The minute so far as a sample, without closing it. */
  function current(at = now()): TelemetrySample {
    const latencies = [...minute.latencies].sort((a, b) => a - b);
    const memory = process.memoryUsage();
    return {
      at: new Date(at).toISOString(),
      requests: minute.requests,
      errors: minute.errors,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      p99Ms: percentile(latencies, 0.99),
      jobRuns: minute.jobRuns,
      jobFailures: minute.jobFailures,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      poolTotal: options.pool?.totalCount ?? null,
      poolIdle: options.pool?.idleCount ?? null,
      poolWaiting: options.pool?.waitingCount ?? null,
    };
  }

  function sample(at = now()): TelemetrySample {
    const taken = current(at);
    minute = { requests: 0, errors: 0, latencies: [], jobRuns: 0, jobFailures: 0 };
    kept.push(taken);
    if (kept.length > SAMPLES_KEPT) kept.splice(0, kept.length - SAMPLES_KEPT);
    return taken;
  }

  const timer = setInterval(() => sample(), options.sampleEveryMs ?? SAMPLE_EVERY_MS);
  timer.unref();

  return {
    registry,
    observeRequest({ route, method, status, durationMs }) {
      requests.inc({ route, method, status: `${Math.floor(status / 100)}xx` });
      if (status >= 500) errors.inc({ route, method });
      latency.observe({ route, method }, durationMs / 1000);
      minute.requests += 1;
      if (status >= 500) minute.errors += 1;
      // Bounded: a minute of a very busy server keeps its latest 10,000 latencies.
      if (minute.latencies.length < 10_000) minute.latencies.push(durationMs);
    },
    observeJob(job, outcome, durationMs) {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, durationMs / 1000);
      minute.jobRuns += 1;
      if (outcome === 'failure') minute.jobFailures += 1;
    },
    samples: () => [...kept],
    current: () => current(),
    sample,
    stop: () => clearInterval(timer),
  };
}

/** Runs one job's work and reports how it ended and how long it took; a failure is rethrown for the job's own handling. */
/** Job runs under way in this process: a stopping server lets them finish (decision 267). */
const runningJobs = new Set<Promise<unknown>>();

/** Settles once every job run under way has finished (those started later too). */
export async function jobsSettled(): Promise<void> {
  while (runningJobs.size > 0) await Promise.allSettled([...runningJobs]);
}

export async function timedJob<T>(report: Telemetry['observeJob'] | undefined, job: string, work: () => Promise<T>): Promise<T> {
  const run = runTimed(report, job, work);
  runningJobs.add(run);
  try {
    return await run;
  } finally {
    runningJobs.delete(run);
  }
}

async function runTimed<T>(report: Telemetry['observeJob'] | undefined, job: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await work();
    report?.(job, 'success', performance.now() - started);
    return result;
  } catch (error) {
    report?.(job, 'failure', performance.now() - started);
    throw error;
  }
}

/** One point of the admin's telemetry charts. */
export type TelemetryPoint = {
  at: string;
  requests: number;
  errors: number;
  /** The slowest 5 % of the period's requests took at least this long (ms); null without requests. */
  p95Ms: number | null;
  jobRuns: number;
  jobFailures: number;
  memoryMb: number;
  poolTotal: number | null;
};

/** GET /api/admin/telemetry: the points of the chosen range, oldest first. */
export type TelemetryChart = { range: TelemetryRange; points: TelemetryPoint[] };

/**
 * The admin's charts from the kept samples: the last hour a point a minute, the last day a
 * point every 10 minutes (sums of counts, the worst p95 and the last memory of each 10).
 */
export function telemetryChart(samples: TelemetrySample[], range: TelemetryRange): TelemetryChart {
  const toPoint = (group: TelemetrySample[]): TelemetryPoint => {
    const last = group.at(-1)!;
    const p95s = group.map((sample) => sample.p95Ms).filter((value): value is number => value !== null);
    return {
      at: last.at,
      requests: group.reduce((sum, sample) => sum + sample.requests, 0),
      errors: group.reduce((sum, sample) => sum + sample.errors, 0),
      p95Ms: p95s.length > 0 ? Math.round(Math.max(...p95s)) : null,
      jobRuns: group.reduce((sum, sample) => sum + sample.jobRuns, 0),
      jobFailures: group.reduce((sum, sample) => sum + sample.jobFailures, 0),
      memoryMb: Math.round(last.rssBytes / (1024 * 1024)),
      poolTotal: last.poolTotal,
    };
  };
  if (range === 'hour') return { range, points: samples.slice(-60).map((sample) => toPoint([sample])) };
  const points: TelemetryPoint[] = [];
  // Groups end at the newest sample, so the last point is always current.
  for (let end = samples.length; end > 0; end -= 10) points.unshift(toPoint(samples.slice(Math.max(0, end - 10), end)));
  return { range, points };
}
