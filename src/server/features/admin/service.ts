import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLogs, authUsers, users } from '../../db/schema/index.ts';

/** The admin dashboard's first figures (the rest is planned: docs/product.md#planned). */
export async function adminOverview(db: Database) {
  const [users] = await db.select({ total: count() }).from(authUsers);
  return { users: users?.total ?? 0 };
}

/** The newest audit rows first. */
export async function listAuditLogs(db: Database, options: { limit: number; targetUserId?: string }) {
  const query = db.select().from(auditLogs).$dynamic();
  if (options.targetUserId) query.where(eq(auditLogs.targetUserId, options.targetUserId));
  return query.orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(options.limit);
}

export async function userExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}
