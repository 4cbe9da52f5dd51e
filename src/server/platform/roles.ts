import { desc, eq } from 'drizzle-orm';
import type { SessionEventBus } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { authUsers, userRoles } from '../db/schema/index.ts';
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
 * Returns false when the user already had that role (nothing written).
 */
export async function assignRole(db: Database, bus: SessionEventBus | undefined, change: RoleChange): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const before = await currentRole(tx as unknown as Database, change.userId);
    if (before === change.role) return false;
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
