import { desc, eq, sql } from 'drizzle-orm';
import type { SessionEventBus } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { authUsers, userRoles } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import { recordAuditEvent, type RequestContext } from './audit.ts';

export type Role = 'user' | 'admin';

/** The newest assignment wins; no assignment means `user` (docs/product.md#roles). */
export async function currentRole(db: Database, userId: string): Promise<Role> {
  const [latest] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(desc(userRoles.assignedAt), desc(userRoles.id))
    .limit(1);
  return latest?.role ?? 'user';
}

/** The advisory lock every role change holds until it commits (an arbitrary, fixed key). */
const ROLE_CHANGE_LOCK = 720_022;

/** Queues this transaction behind every other role change (and admin deletion) until it commits. */
export async function lockRoleChanges(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
}

/** Accounts (not deleted) whose newest role is admin. */
export async function adminCount(db: Database): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as admins from users u where u.status <> 'deleted' and (select r.role from user_roles r where r.user_id = u.id order by r.assigned_at desc, r.id desc limit 1) = 'admin'`,
  );
  return Number((result as unknown as { rows: { admins: number }[] }).rows[0]?.admins ?? 0);
}

export type RoleChange = {
  userId: string;
  role: Role;
  /** The admin who assigned it; null for the command line and RUMBO_ADMIN_EMAILS. */
  assignedBy: string | null;
  /** Why, for the audit row: 'admin', 'cli' or 'RUMBO_ADMIN_EMAILS'. */
  via: string;
  context?: RequestContext;
};

/**
 * Assigns a role: a new `user_roles` row (the latest wins), a `security_role_change`
 * audit row, and every instance drops its cached sessions of the user at once.
 * Returns false when the user already had that role (nothing written). The last admin
 * is never demoted (403 'The last admin cannot be removed.'; decision 201).
 */
export async function assignRole(db: Database, bus: SessionEventBus | undefined, change: RoleChange): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    // Role changes queue one behind another, so two racing demotions cannot both pass the check below.
    await lockRoleChanges(tx as unknown as Database);
    const before = await currentRole(tx as unknown as Database, change.userId);
    if (before === change.role) return false;
    if (before === 'admin' && (await adminCount(tx as unknown as Database)) <= 1) {
      throw new AppError('FORBIDDEN', { message: 'The last admin cannot be removed.' });
    }
    await tx.insert(userRoles).values({ userId: change.userId, role: change.role, assignedBy: change.assignedBy });
    await recordAuditEvent(tx as unknown as Database, {
      action: 'role_change',
      adminId: change.assignedBy,
      targetUserId: change.userId,
      context: change.context,
      details: { from: before, to: change.role, via: change.via },
    });
    return true;
  });
  if (changed) await bus?.publish({ type: 'user-invalidated', userId: change.userId });
  return changed;
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email.toLowerCase())).limit(1);
  return row?.id;
}

export type GrantResult = { status: 'granted' | 'already-admin'; userId: string } | { status: 'no-such-user' };

/** `npm run admin:grant -- email` and RUMBO_ADMIN_EMAILS: make the account with this e-mail an admin. */
export async function grantAdminByEmail(db: Database, bus: SessionEventBus | undefined, email: string, via: string): Promise<GrantResult> {
  const userId = await findUserIdByEmail(db, email);
  if (!userId) return { status: 'no-such-user' };
  const changed = await assignRole(db, bus, { userId, role: 'admin', assignedBy: null, via });
  return { status: changed ? 'granted' : 'already-admin', userId };
}
