import { desc, eq, ilike, sql } from 'drizzle-orm';
import type { AccountStatus } from '../../../core/account/account-status.ts';
import { endUserSessions } from '../../auth/session-rules.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { currentRole } from '../../platform/roles.ts';

/**
 * The newest role assignment of the row's user, `user` without one (docs/product.md#roles). Written out:
 * Drizzle leaves columns unqualified inside a select list, which this correlated query cannot have.
 */
const latestRole = sql<'user' | 'admin'>`coalesce((select r.role from ${userRoles} r where r.user_id = "users"."id" order by r.assigned_at desc, r.id desc limit 1), 'user')`;

/** `%` and `_` typed into the search are letters, not wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The admin Users list: newest accounts first, optionally those whose e-mail contains `search`. */
export async function listUsers(db: Database, options: { search?: string; limit: number }) {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName, role: latestRole, status: users.status, createdAt: users.createdAt })
    .from(users)
    .where(options.search ? ilike(users.email, `%${likeEscaped(options.search)}%`) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(options.limit);
}

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
