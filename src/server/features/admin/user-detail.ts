import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  activityDays,
  aiContextEntries,
  auditLogs,
  authSessions,
  authUsers,
  metricWeeks,
  mentorConversations,
  mentorMessages,
  strategyVersions,
  tasks,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { currentRole } from '../../platform/roles.ts';
import { referralLinks } from '../referrals/index.ts';

/** How many audit rows about the account the user page shows (the audit log viewer has the rest). */
const AUDIT_TRAIL_ROWS = 50;
const RECENT_SIGN_INS = 5;

type Counted = { total: number }[];
const total = async (rows: Promise<Counted>) => (await rows)[0]?.total ?? 0;

/**
 * The admin user page (decision 200): the profile, how much of the product the founder uses
 * (counts only: never a metric, task, strategy or message), their last sign-ins and the
 * audit trail about them. 404 for an id with no account.
 */
export async function userDetail(db: Database, userId: string) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      nickname: users.nickname,
      startupName: users.startupName,
      industry: users.industry,
      startupPhase: users.startupPhase,
      teamSize: users.teamSize,
      country: users.country,
      preferredLanguage: users.preferredLanguage,
      timeZone: users.timeZone,
      userTier: users.userTier,
      onboardingCompleted: users.onboardingCompleted,
      status: users.status,
      emailVerified: authUsers.emailVerified,
      twoFactorEnabled: authUsers.twoFactorEnabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!profile) throw new AppError('NOT_FOUND');

  const [referrals, role, weeks, tasksCreated, tasksDone, strategySaves, conversations, questions, contextEntries, activeDays, signIns, audit] = await Promise.all([
    referralLinks(db, userId),
    currentRole(db, userId),
    total(db.select({ total: count() }).from(metricWeeks).where(eq(metricWeeks.userId, userId))),
    total(db.select({ total: count() }).from(tasks).where(eq(tasks.userId, userId))),
    total(db.select({ total: count() }).from(tasks).where(and(eq(tasks.userId, userId), eq(tasks.status, 'done')))),
    total(db.select({ total: count() }).from(strategyVersions).where(eq(strategyVersions.userId, userId))),
    total(db.select({ total: count() }).from(mentorConversations).where(eq(mentorConversations.userId, userId))),
    total(db.select({ total: count() }).from(mentorMessages).where(and(eq(mentorMessages.userId, userId), eq(mentorMessages.role, 'user')))),
    total(db.select({ total: count() }).from(aiContextEntries).where(eq(aiContextEntries.userId, userId))),
    total(db.select({ total: count() }).from(activityDays).where(eq(activityDays.userId, userId))),
    // The founder's own sessions, not an admin's "view as".
    db
      .select({ at: authSessions.createdAt, lastSeenAt: authSessions.updatedAt, userAgent: authSessions.userAgent })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.impersonatedBy)))
      .orderBy(desc(authSessions.createdAt))
      .limit(RECENT_SIGN_INS),
    db
      .select({ id: auditLogs.id, actionType: auditLogs.actionType, adminId: auditLogs.adminId, details: auditLogs.details, createdAt: auditLogs.createdAt })
      .from(auditLogs)
      .where(eq(auditLogs.targetUserId, userId))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(AUDIT_TRAIL_ROWS),
  ]);
  const [lastActivity] = await db.select({ day: sql<string | null>`max(${activityDays.day})` }).from(activityDays).where(eq(activityDays.userId, userId));
  return {
    profile: { ...profile, role },
    referrals,
    activity: { metricWeeks: weeks, tasksCreated, tasksDone, strategySaves, mentorConversations: conversations, mentorQuestions: questions, contextEntries, activeDays, lastActiveDay: lastActivity?.day ?? null },
    signIns,
    audit,
  };
}
/** GET /api/admin/users/:userId. */
export type UserDetail = Awaited<ReturnType<typeof userDetail>>;
