import { z } from 'zod';

/** GET /api/admin/telemetry: the last hour (a point a minute) or the last day (a point every 10 minutes). */
export const TelemetryQuery = z.object({ range: z.enum(['hour', 'day']).default('hour') }).strict();
export type TelemetryRange = z.infer<typeof TelemetryQuery>['range'];

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

export type TelemetryChart = { range: TelemetryRange; points: TelemetryPoint[] };
