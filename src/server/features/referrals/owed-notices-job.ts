import { Cron } from 'croner';
import { type Telemetry, timedJob } from '../../platform/telemetry.ts';
import { emailOwedNotices, type NoticeMailDeps } from './notices.ts';

/**
 * Every 30 seconds, sends the referral reward e-mails owed (decisions 195 and 244): the reward
 * only writes the notices, so no request waits on the mail server. On several instances each
 * runs it: a notice is claimed before it is sent, so it goes out once.
 */
export function startOwedNoticesJob(deps: NoticeMailDeps, options: { pattern?: string; onRun?: Telemetry['observeJob'] } = {}): { stop: () => void } {
  const job = new Cron(options.pattern ?? '*/30 * * * * *', { protect: true, catch: (error) => deps.logger?.error({ err: error }, 'referral reward e-mails failed') }, async () => {
    const sent = await timedJob(options.onRun, 'referral-owed-emails', () => emailOwedNotices(deps));
    if (sent > 0) deps.logger?.info({ sent }, 'referral reward e-mails sent');
  });
  return { stop: () => job.stop() };
}
