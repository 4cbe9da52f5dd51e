import { eq } from 'drizzle-orm';
import { confirmsEmail } from '../../../core/account/account-status.ts';
import type { Database } from '../../db/client.ts';
import { authUsers, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { RequestContext } from '../../platform/audit.ts';
import { eraseAccount, type ErasureDeps } from '../account/index.ts';

export type AdminDeletion = {
  adminId: string;
  userId: string;
  /** The address the admin typed to confirm; when sent, it must be the account's. */
  typedEmail?: string;
  reason?: string;
  context: RequestContext;
};

/**
 * An admin deletes an account (decisions 270 and 307): the same erasure as the founder's own
 * deletion (`eraseAccount`: billing stopped first, every session ended on every instance,
 * every row and file gone). The audit row names the admin, the account's address and the
 * reason, and is all that stays. Never oneself nor the last admin (409), an unknown id 404.
 */
export async function deleteUserAsAdmin(deps: ErasureDeps, deletion: AdminDeletion): Promise<void> {
  const { userId } = deletion;
  if (userId === deletion.adminId) throw new AppError('ACCOUNT_NOT_DELETABLE', { message: 'You cannot delete your own account here.' });
  await eraseAccount(deps, {
    userId,
    actorId: deletion.adminId,
    action: 'user_deleted_by_admin',
    context: deletion.context,
    confirm: async (executor) => {
      const account = await accountToDelete(executor, userId, deletion.typedEmail);
      return { email: account.email, status: account.status, reason: deletion.reason ?? null, confirmedWith: deletion.typedEmail ? 'typed-email' : 'api' };
    },
  });
}

async function accountToDelete(db: Database, userId: string, typedEmail: string | undefined) {
  const [account] = await db
    .select({ email: users.email, status: users.status })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw new AppError('NOT_FOUND');
  if (typedEmail !== undefined && !confirmsEmail(typedEmail, account.email)) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'email', message: 'validation:admin.deleteEmailMismatch' }] });
  }
  return account;
}
