import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userRoles } from '../db/schema/index.ts';
import { accountStatus } from '../platform/account-status.ts';
import { currentRole } from '../platform/roles.ts';

/**
 * Why an admin's session failed the admin validity check (docs/decisions/186-admin-session-check.md):
 * no longer an admin, or the account is no longer active. Idleness is judged by the
 * session guard itself, on this same request.
 */
export type AdminSessionFailure = 'not-admin' | 'suspended';

/** Whether the user held the admin role at some moment since `since` (the session's start). */
async function wasAdminSince(db: Database, userId: string, since: Date): Promise<boolean> {
  const [before] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), lt(userRoles.assignedAt, since)))
    .orderBy(desc(userRoles.assignedAt), desc(userRoles.id))
    .limit(1);
  if (before?.role === 'admin') return true;
  const [granted] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin'), gte(userRoles.assignedAt, since)))
    .limit(1);
  return granted !== undefined;
}

/**
 * The `validate_admin_session` rule, read fresh from the database (never from a cache):
 * `valid` while the user is an admin with an active account; a failure names why; and
 * `not-an-admin-session` for a session that never was an admin's (a founder's), which the
 * check leaves alone.
 */
export async function validateAdminSession(
  db: Database,
  session: { userId: string; createdAt: Date },
): Promise<'valid' | 'not-an-admin-session' | AdminSessionFailure> {
  const [role, status] = await Promise.all([currentRole(db, session.userId), accountStatus(db, session.userId)]);
  if (role !== 'admin') return (await wasAdminSince(db, session.userId, session.createdAt)) ? 'not-admin' : 'not-an-admin-session';
  return status === 'suspended' || status === 'deleted' ? 'suspended' : 'valid';
}
