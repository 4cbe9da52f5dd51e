import { type AnyColumn, and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AdminUsersQuery, UserSort } from '../../../core/admin/admin-users.ts';
import type { AccountStatus } from '../../../core/account/account-status.ts';
import { endUserSessions } from '../../auth/session-rules.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { authUsers, userRoles, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../http/context.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { currentRole } from '../../platform/roles.ts';

/**
 * The newest role assignment of the row's user, `user` without one (docs/product.md#roles). Written out:
 * Drizzle leaves columns unqualified inside a select list, which this correlated query cannot have.
 */
const latestRole = sql<'user' | 'admin'>`coalesce((select r.role from ${userRoles} r where r.user_id = "users"."id" order by r.assigned_at desc, r.id desc limit 1), 'user')`;

/**
 * When the account was last seen: its newest session touch or its newest activity day,
 * whichever is later (null: never). Written out for the same reason as latestRole.
 */
const lastActiveAt = sql<string | null>`greatest((select max(s.updated_at) from auth_sessions s where s.user_id = "users"."id"), (select max(d.day)::timestamptz from activity_days d where d.user_id = "users"."id"))`;

/** `%` and `_` typed into the search are letters, not wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const DAY_MS = 24 * 60 * 60 * 1000;

function usersWhere(query: AdminUsersQuery, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = `%${likeEscaped(query.search)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.fullName, pattern), ilike(users.lastName, pattern), ilike(users.nickname, pattern)));
  }
  if (query.tier !== undefined) conditions.push(eq(users.userTier, query.tier));
  if (query.role) conditions.push(sql`${latestRole} = ${query.role}`);
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.onboarded !== undefined) conditions.push(eq(users.onboardingCompleted, query.onboarded));
  if (query.signedUpFrom) conditions.push(gte(users.createdAt, new Date(`${query.signedUpFrom}T00:00:00Z`)));
  if (query.signedUpTo) conditions.push(lt(users.createdAt, new Date(new Date(`${query.signedUpTo}T00:00:00Z`).getTime() + DAY_MS)));
  if (query.activeWithinDays) conditions.push(sql`${lastActiveAt} >= ${new Date(now.getTime() - query.activeWithinDays * DAY_MS).toISOString()}::timestamptz`);
  if (query.inactiveForDays) {
    conditions.push(sql`coalesce(${lastActiveAt} < ${new Date(now.getTime() - query.inactiveForDays * DAY_MS).toISOString()}::timestamptz, true)`);
  }
  return and(...conditions);
}

const SORT_COLUMNS: Record<UserSort, SQL | AnyColumn> = {
  createdAt: users.createdAt,
  lastActiveAt,
  email: users.email,
  name: sql`lower(coalesce(${users.fullName}, ''))`,
};

/**
 * The admin Users list (decision 200): one page of accounts matching every filter, in the
 * chosen order (ties by id, so pages never overlap), and how many match in all.
 */
export async function listUsers(db: Database, query: AdminUsersQuery, now = new Date()) {
  const where = usersWhere(query, now);
  const direction = query.order === 'asc' ? asc : desc;
  const sortColumn = SORT_COLUMNS[query.sort];
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: latestRole,
      status: users.status,
      userTier: users.userTier,
      onboardingCompleted: users.onboardingCompleted,
      lastActiveAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    // Never-active accounts sort last either way.
    .orderBy(query.sort === 'lastActiveAt' ? sql`${sortColumn} ${sql.raw(query.order)} nulls last` : direction(sortColumn), direction(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ total: count() }).from(users).where(where);
  return { users: rows.map((row) => ({ ...row, lastActiveAt: row.lastActiveAt ? new Date(row.lastActiveAt).toISOString() : null })), total: total?.total ?? 0, page: query.page, limit: query.limit };
}
/** GET /api/admin/users. */
export type UsersPage = Awaited<ReturnType<typeof listUsers>>;

export type StatusChange = { adminId: string; userId: string; status: 'active' | 'suspended'; context: RequestContext };

/**
 * Suspends or reactivates a founder's account (decision 024), audited. Never oneself,
 * another admin, or a deleted account (deletion is the founder's, and final). Suspension
 * ends every session of the account at once, on every instance; sign-in is refused until
 * reactivation. Returns false when the account already had that status (nothing written).
 */
export async function changeAccountStatus(db: Database, bus: SessionEventBus, change: StatusChange): Promise<boolean> {
  if (change.userId === change.adminId) throw new AppError('FORBIDDEN', { message: 'You cannot change the status of your own account.' });
  const changed = await db.transaction(async (tx) => {
    const [account] = await tx.select({ status: users.status }).from(users).where(eq(users.id, change.userId)).for('update');
    if (!account) throw new AppError('NOT_FOUND');
    if ((await currentRole(tx as unknown as Database, change.userId)) === 'admin') {
      throw new AppError('FORBIDDEN', { message: 'An admin account cannot be suspended.' });
    }
    const from = account.status as AccountStatus;
    if (from === 'deleted') throw new AppError('FORBIDDEN', { message: 'A deleted account cannot be changed.' });
    if (from === change.status) return false;
    await tx.update(users).set({ status: change.status, updatedAt: new Date() }).where(eq(users.id, change.userId));
    await recordAuditEvent(tx as unknown as Database, {
      action: change.status === 'suspended' ? 'user_suspended' : 'user_reactivated',
      adminId: change.adminId,
      targetUserId: change.userId,
      context: change.context,
      details: { from, to: change.status },
    });
    return true;
  });
  if (!changed) return false;
  if (change.status === 'suspended') await endUserSessions(db, bus, change.userId, 'account-suspended', change.context);
  await bus.publish({ type: 'user-invalidated', userId: change.userId });
  return true;
}

/**
 * Sends the sign-up confirmation e-mail again (Better Auth's own link and template). Only
 * for an active account whose address is not confirmed yet: 404 unknown, 403 suspended or
 * deleted, 400 already confirmed.
 */
export async function resendConfirmation(deps: Pick<AppDeps, 'db' | 'auth'>, userId: string): Promise<void> {
  const [account] = await deps.db
    .select({ email: authUsers.email, verified: authUsers.emailVerified, status: users.status })
    .from(authUsers)
    .innerJoin(users, eq(users.id, authUsers.id))
    .where(eq(authUsers.id, userId))
    .limit(1);
  if (!account) throw new AppError('NOT_FOUND');
  if (account.status !== 'active') throw new AppError('FORBIDDEN', { message: 'Only an active account receives e-mail.' });
  if (account.verified) throw new AppError('VALIDATION_FAILED', { message: 'This e-mail address is already confirmed.' });
  await deps.auth.api.sendVerificationEmail({ body: { email: account.email } });
}
