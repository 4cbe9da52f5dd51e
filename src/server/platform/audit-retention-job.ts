import { Cron } from 'croner';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { purgeExpiredAuditLogs } from './audit.ts';
import { type Telemetry, timedJob } from './telemetry.ts';

/**
 * Purges audit rows past their 90 days once a day at 03:17 (server time). On several
 * instances each runs it: the DELETE is idempotent, so running twice costs nothing.
 */
export function startAuditRetentionJob(db: Database, logger: Logger, pattern = '17 3 * * *', options: { onRun?: Telemetry['observeJob'] } = {}): { stop: () => void } {
  const job = new Cron(pattern, { protect: true, catch: (error) => logger.error({ err: error }, 'audit retention failed') }, async () => {
    const purged = await timedJob(options.onRun, 'audit-retention', () => purgeExpiredAuditLogs(db));
    if (purged > 0) logger.info({ purged }, 'audit logs past retention purged');
  });
  return { stop: () => job.stop() };
}
