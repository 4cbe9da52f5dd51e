import { type Telemetry, timedJob } from '../../platform/telemetry.ts';
import { Cron } from 'croner';
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { receivesEmail } from '../../../core/account/account-status.ts';
import { isLanguage } from '../../../core/i18n/language.ts';
import { isPremium, renews } from '../../../core/subscription/state-machine.ts';
import { FREE_TIER, tierStatus } from '../../../core/subscription/trial.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { subscriptionNotices, subscriptions, users } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { SettingsStore } from '../../platform/runtime-settings.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type NoticeKind, subscriptionEmail } from './emails.ts';
import { applyEventIn, lockSubscription, stateOf } from './ledger.ts';

/**
 * The subscription schedule (docs/billing.md#the-schedule): ends or renews the periods that
 * have passed, owes the "trial ends soon" e-mail, and sends the e-mails owed. Every instance
 * runs it; each step is safe to run on several at once: a period is ended under its row's
 * lock and only if still due, a notice is owed once by its unique key, and one instance
 * claims each notice before sending it.
 */

/** `settings`: the trial's length in force (Admin › Settings), read on every run. */
export type ScheduleDeps = { db: Database; bus: SessionEventBus; mailer: Mailer; logger: Logger; env: { appUrl: string }; settings: Pick<SettingsStore, 'current'> };

/** The trial-ending e-mail goes out this many days before the trial ends. */
export const TRIAL_NOTICE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Notices sent per run at most: a backlog drains over a few minutes instead of one long run. */
const NOTICES_PER_RUN = 200;

/**
 * Periods whose end has passed. Local subscriptions renew (nothing to charge) unless an end
 * was scheduled; granted months and scheduled ends become Free. Stripe reports its own
 * renewals, so a renewing Stripe subscription is left to its webhooks.
 */
export async function endPassedPeriods(deps: Pick<ScheduleDeps, 'db' | 'bus'>, now: Date = new Date()) {
  const due = await deps.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        ne(subscriptions.status, 'free'),
        lte(subscriptions.periodEnd, now),
        or(eq(subscriptions.provider, 'local'), eq(subscriptions.cancelAtPeriodEnd, true), isNull(subscriptions.plan)),
      ),
    );
  const outcome = { renewed: 0, ended: 0 };
  for (const { userId } of due) {
    const result = await deps.db.transaction(async (tx) => {
      const row = await lockSubscription(tx, userId);
      const state = stateOf(row);
      // Another instance got here first, or the provider keeps it.
      if (!isPremium(state) || now < state.periodEnd || (row.provider === 'stripe' && renews(state))) return null;
      const applied = await applyEventIn(tx, userId, { type: 'period-ended', renews: row.provider === 'local', at: now }, { source: 'schedule', actorId: null });
      return isPremium(applied.state) ? 'renewed' : 'ended';
    });
    if (!result) continue;
    outcome[result] += 1;
    await deps.bus.publish({ type: 'user-invalidated', userId });
  }
  return outcome;
}

/** Owes the trial-ending e-mail to every active founder on Free whose trial ends within the next 3 days (once ever: key `trial`). */
export async function oweTrialNotices(db: Database, trialDays: number, now: Date = new Date()): Promise<number> {
  if (trialDays <= 0) return 0;
  const trialStillRunning = new Date(now.getTime() - trialDays * DAY_MS);
  const withinNotice = new Date(now.getTime() - (trialDays - TRIAL_NOTICE_DAYS) * DAY_MS);
  const result = await db.execute(sql`
    insert into ${subscriptionNotices} (user_id, kind, key, created_at)
    select ${users.id}, 'trial-ending', 'trial', ${now.toISOString()}::timestamptz from ${users}
    where ${users.status} = 'active' and ${users.userTier} = ${FREE_TIER} and ${users.trialEligible}
      and ${users.createdAt} > ${trialStillRunning.toISOString()}::timestamptz
      and ${users.createdAt} <= ${withinNotice.toISOString()}::timestamptz
    on conflict (user_id, kind, key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

type ClaimedNotice = { id: number; user_id: string; kind: NoticeKind; created_at: string | Date };

/** Marks the oldest unsent notice as sent and hands it to this instance alone (another skips the locked row). */
async function claimNotice(db: Database, now: Date): Promise<ClaimedNotice | undefined> {
  const result = await db.execute(sql`
    update ${subscriptionNotices} set sent_at = ${now.toISOString()}::timestamptz
    where id = (select id from ${subscriptionNotices} where sent_at is null order by id limit 1 for update skip locked)
    returning id, user_id, kind, created_at`);
  return (result as unknown as { rows: ClaimedNotice[] }).rows[0];
}

/** Whether the founder's Premium ended again after this notice was owed (the newer ending is the one to tell). */
async function endedAgainLater(db: Database, notice: ClaimedNotice): Promise<boolean> {
  const [later] = await db
    .select({ id: subscriptionNotices.id })
    .from(subscriptionNotices)
    .where(and(eq(subscriptionNotices.userId, notice.user_id), eq(subscriptionNotices.kind, 'premium-ended'), gt(subscriptionNotices.id, notice.id)))
    .limit(1);
  return later !== undefined;
}

/**
 * Sends the e-mails owed, each by the one instance that claims it (at most once: a crash
 * between claiming and sending loses that e-mail rather than sending it twice). An e-mail
 * that no longer applies is dropped: the account was suspended or deleted, the founder
 * upgraded before the trial ended, or does not actually have Free now (a trial still
 * running, Premium again, months that follow). "Premium has ended" goes for the latest
 * ending only: a newer one owed for the same founder supersedes it, so two upgrade and
 * cancel cycles before a run give one e-mail (docs/decisions/288-founder-dates-and-premium-ended.md).
 */
export async function sendOwedNotices(deps: Omit<ScheduleDeps, 'bus'>, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (let count = 0; count < NOTICES_PER_RUN; count++) {
    const notice = await claimNotice(deps.db, now);
    if (!notice) break;
    const [founder] = await deps.db.select().from(users).where(eq(users.id, notice.user_id)).limit(1);
    if (!founder || !receivesEmail(founder.status)) continue;
    const trial = tierStatus(founder, deps.settings.current().trialDays, now);
    const date = notice.kind === 'trial-ending' ? trial.trialEndsAt : new Date(notice.created_at);
    const stillTrue = notice.kind === 'trial-ending' ? trial.isInTrial : trial.effectiveUserTier === FREE_TIER && !(await endedAgainLater(deps.db, notice));
    if (!date || !stillTrue) continue;
    const message = await subscriptionEmail(notice.kind, {
      to: founder.email,
      name: founder.nickname ?? founder.fullName,
      language: isLanguage(founder.preferredLanguage) ? founder.preferredLanguage : 'en',
      timeZone: founder.timeZone,
      date,
      appUrl: deps.env.appUrl,
    });
    if (await deps.mailer.send(message)) sent += 1;
  }
  return sent;
}

/** One pass of the whole schedule, in the order that lets a period ended now be e-mailed now. */
export async function runSubscriptionSchedule(deps: ScheduleDeps, now: Date = new Date()) {
  const periods = await endPassedPeriods(deps, now);
  const owed = await oweTrialNotices(deps.db, deps.settings.current().trialDays, now);
  const sent = await sendOwedNotices(deps, now);
  return { ...periods, owed, sent };
}

/** Every minute on every instance (croner skips a run while the last is still going). */
export function startSubscriptionJob(deps: ScheduleDeps, options: { pattern?: string; onRun?: Telemetry['observeJob'] } = {}): { stop: () => void } {
  const job = new Cron(options.pattern ?? '* * * * *', { protect: true, catch: (error) => deps.logger.error({ err: error }, 'subscription schedule failed') }, async () => {
    const outcome = await timedJob(options.onRun, 'subscription-schedule', () => runSubscriptionSchedule(deps));
    if (outcome.renewed + outcome.ended + outcome.sent > 0) deps.logger.info(outcome, 'subscription schedule');
  });
  return { stop: () => job.stop() };
}
