import { type Telemetry, timedJob } from '../../platform/telemetry.ts';
import { Cron } from 'croner';
import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { isLanguage } from '../../../core/i18n/language.ts';
import { isoWeekOf } from '../../../core/metrics/iso-week.ts';
import {
  dueReminders,
  localMoment,
  MAX_SEND_ATTEMPTS,
  type ReminderKind,
  reminderTimeZone,
  retryDelayMs,
} from '../../../core/weekly-email/weekly-schedule.ts';
import type { Database } from '../../db/client.ts';
import { authUsers, users, weeklyEmails } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { Links, Recipient } from './templates.ts';
import { unsubscribeUrl } from './unsubscribe-link.ts';
import { fridayContent, mondayContent } from './weekly-content.ts';

/**
 * Sends the weekly e-mails (docs/weekly-rhythm.md#weekly-e-mails). Every instance runs the
 * tick each minute; what keeps it to one e-mail per founder, kind and ISO week is the
 * database: the send record is inserted under a unique key before anything is sent, and
 * only the instance whose insert (or, for a retry, whose conditional update) wins sends.
 */
export type WeeklyEmailOptions = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  /** Signs the unsubscribe links (the app's auth secret). */
  secret: string;
  /** The trial's length in force (Admin › Settings, TRIAL_DAYS by default): the Monday insights are Premium, and the trial counts. */
  trialDays: () => number;
  /** The scheduler's clock; tests move it. */
  now?: () => Date;
};

export type TickReport = { sent: number; failed: number; abandoned: number };

/** Longer than the mailer's own time-outs: a claim older than this belongs to an instance that died mid-send. */
const LEASE_MS = 15 * 60_000;
/** Send records older than a week can no longer collide with a due reminder. */
const RECENT_MS = 8 * 24 * 60 * 60_000;
const RETRIES_PER_TICK = 100;

type Founder = {
  id: string;
  email: string;
  name: string;
  language: Recipient['language'];
  country: string | null;
  currency: string;
  timeZone: string | null;
  mondayHour: string;
  fridayHour: string;
  createdAt: Date;
};

/** Who may get a weekly e-mail: reminders on, the account active and its address confirmed. */
async function eligibleFounders(db: Database, userId?: string): Promise<Founder[]> {
  const rows = await db
    .select({
      id: users.id,
      email: authUsers.email,
      nickname: users.nickname,
      fullName: users.fullName,
      accountName: authUsers.name,
      preferredLanguage: users.preferredLanguage,
      country: users.country,
      currency: users.currency,
      timeZone: users.timeZone,
      mondayHour: users.emailMondayHour,
      fridayHour: users.emailFridayHour,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(and(eq(users.emailRemindersEnabled, true), eq(users.status, 'active'), eq(authUsers.emailVerified, true), userId ? eq(users.id, userId) : undefined));
  return rows.map((row) => ({
    ...row,
    name: row.nickname?.trim() || row.fullName?.trim() || row.accountName.trim() || row.email,
    language: isLanguage(row.preferredLanguage) ? row.preferredLanguage : 'en',
  }));
}

export function createWeeklyEmailScheduler({ db, mailer, logger, appUrl, secret, trialDays, now = () => new Date() }: WeeklyEmailOptions) {
  /** Founders whose stored zone is unknown, already logged (once each). */
  const warnedZones = new Set<string>();

  function zoneOf(founder: Founder): string {
    const { zone, valid } = reminderTimeZone(founder.timeZone);
    if (!valid && !warnedZones.has(`${founder.id}:${founder.timeZone}`)) {
      warnedZones.add(`${founder.id}:${founder.timeZone}`);
      logger.warn({ userId: founder.id, timeZone: founder.timeZone }, 'unknown time zone on a profile: weekly e-mails use UTC');
    }
    return zone;
  }

  async function message(founder: Founder, kind: ReminderKind, at: Date): Promise<MailMessage> {
    const recipient: Recipient = { name: founder.name, language: founder.language, country: founder.country, currency: founder.currency };
    const unsubscribe = unsubscribeUrl(appUrl, secret, founder.id);
    const common = { settings: `${appUrl}/profile#reminders-title`, unsubscribe };
    const thisWeek = isoWeekOf(new Date(`${localMoment(at, zoneOf(founder)).date}T00:00:00Z`));
    const links: Links =
      kind === 'monday-metrics' ? { ...common, action: `${appUrl}/metrics#week-form`, mentor: `${appUrl}/talk-rumbo` } : { ...common, action: `${appUrl}/high-performance-tasks?tab=active` };
    // React Email loads when the first e-mail is written, not at start (decision 304).
    const { fridayEmail, mondayEmail, renderEmail } = await import('./templates.ts');
    const { subject, element } =
      kind === 'monday-metrics'
        ? mondayEmail(recipient, await mondayContent(db, founder.id, thisWeek, { at, trialDays: trialDays() }), links)
        : fridayEmail(recipient, await fridayContent(db, founder.id), links);
    const { html, text } = await renderEmail(element);
    return {
      to: founder.email,
      subject,
      html,
      text,
      kind,
      link: links.action,
      // One-click unsubscribe (RFC 8058): the mail client POSTs to the link itself.
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /** Builds and sends the claimed record's e-mail, then records the outcome on it. */
  async function send(record: { id: string; attempts: number }, founder: Founder, kind: ReminderKind, at: Date): Promise<keyof TickReport> {
    let error: string;
    try {
      const delivery = await mailer.deliver(await message(founder, kind, at));
      if (delivery.ok) {
        await db.update(weeklyEmails).set({ status: 'sent', sentAt: at, leaseUntil: null, lastError: null, updatedAt: at }).where(eq(weeklyEmails.id, record.id));
        logger.info({ userId: founder.id, kind, attempts: record.attempts }, 'weekly e-mail sent');
        return 'sent';
      }
      error = delivery.error;
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    const giveUp = record.attempts >= MAX_SEND_ATTEMPTS;
    await db
      .update(weeklyEmails)
      .set({
        status: giveUp ? 'abandoned' : 'failed',
        leaseUntil: null,
        nextAttemptAt: giveUp ? null : new Date(at.getTime() + retryDelayMs(record.attempts)),
        lastError: error.slice(0, 1000),
        updatedAt: at,
      })
      .where(eq(weeklyEmails.id, record.id));
    logger.warn({ userId: founder.id, kind, attempts: record.attempts, error, giveUp }, 'weekly e-mail failed');
    return giveUp ? 'abandoned' : 'failed';
  }

  /** Sends what is newly due: one insert per founder, kind and week wins, across instances. */
  async function sendDue(at: Date, report: TickReport) {
    const founders = await eligibleFounders(db);
    const due = founders.flatMap((founder) =>
      dueReminders(at, { timeZone: zoneOf(founder), mondayHour: founder.mondayHour, fridayHour: founder.fridayHour, accountCreatedAt: founder.createdAt }).map((reminder) => ({ founder, reminder })),
    );
    if (due.length === 0) return;
    // Most due reminders went out earlier today: skip them without an insert each.
    const recent = await db
      .select({ userId: weeklyEmails.userId, kind: weeklyEmails.kind, isoYear: weeklyEmails.isoYear, isoWeek: weeklyEmails.isoWeek })
      .from(weeklyEmails)
      .where(and(inArray(weeklyEmails.userId, [...new Set(due.map(({ founder }) => founder.id))]), gte(weeklyEmails.createdAt, new Date(at.getTime() - RECENT_MS))));
    const known = new Set(recent.map((row) => `${row.userId}:${row.kind}:${row.isoYear}:${row.isoWeek}`));
    for (const { founder, reminder } of due) {
      if (known.has(`${founder.id}:${reminder.kind}:${reminder.week.year}:${reminder.week.week}`)) continue;
      const [claimed] = await db
        .insert(weeklyEmails)
        .values({
          userId: founder.id,
          kind: reminder.kind,
          isoYear: reminder.week.year,
          isoWeek: reminder.week.week,
          localDate: reminder.localDate,
          status: 'sending',
          attempts: 1,
          leaseUntil: new Date(at.getTime() + LEASE_MS),
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: weeklyEmails.id, attempts: weeklyEmails.attempts });
      if (claimed) report[await send(claimed, founder, reminder.kind, at)] += 1;
    }
  }

  /** Tries again what failed (after its backoff) or was left mid-send, on its own day only. */
  async function retry(at: Date, report: TickReport) {
    const waiting = await db
      .select()
      .from(weeklyEmails)
      .where(or(and(eq(weeklyEmails.status, 'failed'), lte(weeklyEmails.nextAttemptAt, at)), and(eq(weeklyEmails.status, 'sending'), lte(weeklyEmails.leaseUntil, at))))
      .limit(RETRIES_PER_TICK);
    for (const row of waiting) {
      const [claimed] = await db
        .update(weeklyEmails)
        .set({ status: 'sending', attempts: sql`${weeklyEmails.attempts} + 1`, leaseUntil: new Date(at.getTime() + LEASE_MS), updatedAt: at })
        .where(and(eq(weeklyEmails.id, row.id), eq(weeklyEmails.status, row.status), eq(weeklyEmails.attempts, row.attempts)))
        .returning({ id: weeklyEmails.id, attempts: weeklyEmails.attempts });
      if (!claimed) continue; // another instance took it
      const [founder] = await eligibleFounders(db, row.userId);
      // Never a stale reminder: not on another day, not to someone who turned them off since.
      const reason = !founder ? 'no longer eligible' : localMoment(at, zoneOf(founder)).date !== row.localDate ? 'its day is over' : null;
      if (reason || !founder) {
        await db.update(weeklyEmails).set({ status: 'abandoned', leaseUntil: null, lastError: reason, updatedAt: at }).where(eq(weeklyEmails.id, row.id));
        report.abandoned += 1;
        continue;
      }
      report[await send(claimed, founder, row.kind as ReminderKind, at)] += 1;
    }
  }

  return {
    /** One pass: what is due now, then what waits for a retry. */
    async tick(): Promise<TickReport> {
      const at = now();
      const report: TickReport = { sent: 0, failed: 0, abandoned: 0 };
      await sendDue(at, report);
      await retry(at, report);
      return report;
    },
  };
}

/** The tick every minute on every instance (croner's `protect` skips a minute while one still runs). */
export function startWeeklyEmailJob(options: WeeklyEmailOptions & { onRun?: Telemetry['observeJob'] }, pattern = '* * * * *'): { stop: () => void } {
  const scheduler = createWeeklyEmailScheduler(options);
  const job = new Cron(pattern, { protect: true, catch: (error) => options.logger.error({ err: error }, 'weekly e-mail tick failed') }, async () => {
    await timedJob(options.onRun, 'weekly-email', () => scheduler.tick());
  });
  return { stop: () => job.stop() };
}
