import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authUsers, users } from '../../db/schema/index.ts';

/** GET /api/admin/overview: the admin dashboard's first figures (the rest is planned: docs/product.md#planned). */
export type AdminOverview = { users: number };

export async function adminOverview(db: Database): Promise<AdminOverview> {
  const [users] = await db.select({ total: count() }).from(authUsers);
  return { users: users?.total ?? 0 };
}

export async function userExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}
