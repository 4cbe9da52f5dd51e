import { type Telemetry, timedJob } from '../../platform/telemetry.ts';
import { Cron } from 'croner';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { endExpiredImpersonations } from '../../auth/impersonation.ts';

/**
 * Every minute, ends the impersonations past their hour that no request has ended yet (an
 * admin who closed the tab), so their end is audited on time. On several instances each
 * runs it: a row is deleted, and audited, by one of them only.
 */
export function startImpersonationExpiryJob(db: Database, bus: SessionEventBus, logger: Logger, options: { pattern?: string; onRun?: Telemetry['observeJob'] } = {}): { stop: () => void } {
  const job = new Cron(options.pattern ?? '* * * * *', { protect: true, catch: (error) => logger.error({ err: error }, 'impersonation expiry sweep failed') }, async () => {
    const ended = await timedJob(options.onRun, 'impersonation-expiry', () => endExpiredImpersonations(db, bus));
    if (ended > 0) logger.info({ ended }, 'expired impersonations ended');
  });
  return { stop: () => job.stop() };
}
