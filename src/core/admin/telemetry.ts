import { z } from 'zod';

/** GET /api/admin/telemetry: the last hour (a point a minute) or the last day (a point every 10 minutes). */
export const TelemetryQuery = z.object({ range: z.enum(['hour', 'day']).default('hour') }).strict();
export type TelemetryRange = z.infer<typeof TelemetryQuery>['range'];
