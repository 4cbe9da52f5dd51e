import { Cron } from 'croner';
import { type Telemetry, timedJob } from '../../platform/telemetry.ts';
import { emailOwedNotices, type NoticeMailDeps } from './notices.ts';

/**
 * Every five minutes, sends the referral reward e-mails no request got to send (decision 195).
 * On several instances each runs it: a notice is claimed before it is sent, so it goes out once.
 */
export function startOwedNoticesJob(deps: NoticeMailDeps, options: { pattern?: string; onRun?: Telemetry['observeJob'] } = {}): { stop: () => void } {
  const job = new Cron(options.pattern ?? '*/5 * * * *', { protect: true, catch: (error) => deps.logger?.error({ err: error }, 'owed referral e-mails failed') }, async () => {
    const sent = await timedJob(options.onRun, 'referral-owed-emails', () => emailOwedNotices(deps));
    if (sent > 0) deps.logger?.info({ sent }, 'owed referral reward e-mails sent');
  });
  return { stop: () => job.stop() };
}
