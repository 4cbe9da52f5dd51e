import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { receivesEmail } from '../../../core/account/account-status.ts';
import { isLanguage } from '../../../core/i18n/language.ts';
import { REFERRAL_REWARD_MONTHS, type ReferralNoticeRole } from '../../../core/referrals/referral-schema.ts';
import type { Database, Executor } from '../../db/client.ts';
import { referralNotices, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { referralRewardEmail } from './emails.ts';

/**
 * The notices of a rewarded referral (docs/decisions/195-referral-reward-notices.md): written
 * with the reward, shown in the app until dismissed, e-mailed once by whichever sender
 * claims each row: the request that rewarded it, or the owed-notices job.
 */

/** A notice this old with no e-mail claimed was left by a process that stopped before sending it. */
export const OWED_NOTICE_AGE_MS = 60_000;

export type NoticeMailDeps = { db: Database; mailer: Mailer; env: { appUrl: string }; logger?: Logger };

/** Inside the reward's transaction: one notice per founder rewarded. The unique index makes a repeat a no-op. */
export async function oweNotices(tx: Executor, codeId: string, founders: { userId: string; role: ReferralNoticeRole }[], at: Date): Promise<number[]> {
  if (founders.length === 0) return [];
  const rows = await tx
    .insert(referralNotices)
    .values(founders.map((founder) => ({ ...founder, codeId, createdAt: at })))
    .onConflictDoNothing()
    .returning({ id: referralNotices.id });
  return rows.map((row) => row.id);
}

/**
 * Sends each notice's e-mail in its founder's language, after the reward committed. A row is
 * claimed (`emailed_at` set where it was empty) before sending, so it goes out once; a
 * suspended or deleted founder gets none.
 */
export async function emailNotices(deps: NoticeMailDeps, ids: readonly number[], at = new Date()): Promise<number> {
  let sent = 0;
  for (const id of ids) {
    const [claimed] = await deps.db
      .update(referralNotices)
      .set({ emailedAt: at })
      .where(and(eq(referralNotices.id, id), isNull(referralNotices.emailedAt)))
      .returning({ userId: referralNotices.userId, role: referralNotices.role });
    if (!claimed) continue;
    const [founder] = await deps.db
      .select({ email: users.email, name: users.nickname, fullName: users.fullName, language: users.preferredLanguage, status: users.status })
      .from(users)
      .where(eq(users.id, claimed.userId))
      .limit(1);
    if (!founder || !receivesEmail(founder.status)) continue;
    const message = await referralRewardEmail(claimed.role as ReferralNoticeRole, {
      to: founder.email,
      name: founder.name ?? founder.fullName,
      language: isLanguage(founder.language) ? founder.language : 'en',
      appUrl: deps.env.appUrl,
    });
    if (await deps.mailer.send(message)) sent += 1;
    else deps.logger?.warn({ noticeId: id }, 'referral reward e-mail not sent');
  }
  return sent;
}

/**
 * Sends the e-mails of notices older than a minute that nobody claimed (the process that
 * rewarded them stopped first), at most 100 a run, oldest first.
 */
export async function emailOwedNotices(deps: NoticeMailDeps, at = new Date()): Promise<number> {
  const owed = await deps.db
    .select({ id: referralNotices.id })
    .from(referralNotices)
    .where(and(isNull(referralNotices.emailedAt), lt(referralNotices.createdAt, new Date(at.getTime() - OWED_NOTICE_AGE_MS))))
    .orderBy(asc(referralNotices.id))
    .limit(100);
  return emailNotices(deps, owed.map((row) => row.id), at);
}

/** An in-app notice of a rewarded referral, shown until the founder dismisses it. */
export type ReferralNoticeView = { id: number; role: ReferralNoticeRole; months: number; createdAt: string };

/** The founder's notices not yet dismissed, newest first. */
export async function listNotices(db: Executor, userId: string): Promise<ReferralNoticeView[]> {
  const rows = await db
    .select()
    .from(referralNotices)
    .where(and(eq(referralNotices.userId, userId), isNull(referralNotices.dismissedAt)))
    .orderBy(desc(referralNotices.createdAt), desc(referralNotices.id));
  return rows.map((row) => ({ id: row.id, role: row.role as ReferralNoticeRole, months: REFERRAL_REWARD_MONTHS, createdAt: row.createdAt.toISOString() }));
}

/** Dismisses one of the founder's notices (again is fine); another founder's, or none, is 404. */
export async function dismissNotice(db: Executor, userId: string, id: number, at = new Date()): Promise<void> {
  const rows = await db
    .update(referralNotices)
    .set({ dismissedAt: sql`coalesce(${referralNotices.dismissedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(referralNotices.id, id), eq(referralNotices.userId, userId)))
    .returning({ id: referralNotices.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND');
}
