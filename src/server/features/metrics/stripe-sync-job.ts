import { Cron } from 'croner';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import type { StripeImportConfig } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import { syncStripeAccounts } from './stripe-import.ts';

/**
 * Reads every connected Stripe account again on STRIPE_SYNC_CRON (Mondays 06:00 UTC by
 * default) and records the weeks that have ended since the last sync (decision 118). On
 * several instances each runs it: every account is claimed before it is read, so one of
 * them reads it.
 */
export function startStripeSyncJob(deps: { db: Database; stripe: StripeImportConfig; bus: SessionEventBus; logger: Logger; trialDays: () => number }): { stop: () => void } {
  const job = new Cron(deps.stripe.syncCron, { timezone: 'UTC', protect: true, catch: (error) => deps.logger.error({ err: error }, 'Stripe sync failed') }, async () => {
    const started = performance.now();
    const { synced, weeks } = await syncStripeAccounts({ ...deps, trialDays: deps.trialDays() });
    if (synced > 0) deps.logger.info({ accounts: synced, weeks, ms: Math.round(performance.now() - started) }, 'Stripe accounts synced');
  });
  return { stop: () => job.stop() };
}
