import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userRoles } from '../../db/schema/index.ts';

export type Role = 'user' | 'admin';

/** The newest assignment wins; no assignment means `user` (spec §3 "User role"). */
export async function currentRole(db: Database, userId: string): Promise<Role> {
  const [latest] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(desc(userRoles.assignedAt), desc(userRoles.id))
    .limit(1);
  return latest?.role ?? 'user';
}
