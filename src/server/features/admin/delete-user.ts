import { eq } from 'drizzle-orm';
import { confirmsEmail } from '../../../core/account/account-status.ts';
import { endUserSessions } from '../../auth/session-rules.ts';
import type { Database } from '../../db/client.ts';
import { aiContextFiles, authUsers, feedbackImages, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../http/context.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { adminCount, currentRole, lockRoleChanges } from '../../platform/roles.ts';
import { storageFor } from '../../storage/storage-for.ts';

export type AdminDeletion = {
  adminId: string;
  userId: string;
  /** The address the admin typed to confirm; when sent, it must be the account's. */
  typedEmail?: string;
  reason?: string;
  context: RequestContext;
};

/** Where the account's uploaded files are: its feedback images and its AI context files. */
async function storedFilesOf(db: Database, userId: string): Promise<string[]> {
  const [images, files] = await Promise.all([
    db.select({ key: feedbackImages.storageKey }).from(feedbackImages).where(eq(feedbackImages.userId, userId)),
    db.select({ key: aiContextFiles.storageKey }).from(aiContextFiles).where(eq(aiContextFiles.userId, userId)),
  ]);
  return [...images, ...files].map((row) => row.key);
}

/**
 * An admin deletes an account (decision 270): what the founder's own deletion does to
 * billing and sessions (the provider stops charging first, every session ends at once on
 * every instance), then the account is erased: every row (the database cascades from
 * `auth_users`) and every uploaded file. The audit row, written in the same transaction,
 * names the admin, the account's address and the reason, and is all that stays.
 * Never oneself nor the last admin (409), an unknown id 404.
 */
export async function deleteUserAsAdmin(deps: Pick<AppDeps, 'db' | 'bus' | 'billing' | 'env' | 'auth' | 'logger'>, deletion: AdminDeletion): Promise<void> {
  const { db, bus, billing } = deps;
  const { userId } = deletion;
  if (userId === deletion.adminId) throw new AppError('ACCOUNT_NOT_DELETABLE', { message: 'You cannot delete your own account here.' });
  const account = await accountToDelete(db, userId, deletion.typedEmail);
  await billing.stopBilling(userId);
  const files = await storedFilesOf(db, userId);
  await endUserSessions(db, bus, userId, 'account-deleted', deletion.context);
  await db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    // Queued behind role changes, so two admins deleting each other cannot leave none.
    await lockRoleChanges(executor);
    const role = await currentRole(executor, userId);
    if (role === 'admin' && (await adminCount(executor)) <= 1) throw new AppError('ACCOUNT_NOT_DELETABLE', { message: 'The last admin cannot be deleted.' });
    await recordAuditEvent(executor, {
      action: 'user_deleted_by_admin',
      adminId: deletion.adminId,
      targetUserId: userId,
      context: deletion.context,
      details: { email: account.email, role, status: account.status, reason: deletion.reason ?? null, confirmedWith: deletion.typedEmail ? 'typed-email' : 'api', files: files.length },
    });
    await tx.delete(authUsers).where(eq(authUsers.id, userId));
  });
  const storage = storageFor(deps);
  // A file that cannot be removed now is logged; nothing links to it any more (its row is gone).
  await Promise.all(files.map((key) => storage.delete(key).catch((error: unknown) => deps.logger.error({ err: error, key }, 'deleted account: file not removed'))));
  await bus.publish({ type: 'user-invalidated', userId });
}

async function accountToDelete(db: Database, userId: string, typedEmail: string | undefined) {
  const [account] = await db
    .select({ email: users.email, signInEmail: authUsers.email, status: users.status })
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
