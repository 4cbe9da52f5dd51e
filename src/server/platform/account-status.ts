import { eq } from 'drizzle-orm';
import type { AccountStatus } from '../../core/account/account-status.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** The account's standing; null when it has no profile row (yet). */
export async function accountStatus(db: Database, userId: string): Promise<AccountStatus | null> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  return (row?.status as AccountStatus | undefined) ?? null;
}
