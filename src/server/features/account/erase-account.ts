import { and, eq, like, sql } from 'drizzle-orm';
import { endUserSessions } from '../../auth/session-rules.ts';
import type { Database } from '../../db/client.ts';
import { aiContextFiles, authUsers, authVerifications, feedbackImages } from '../../db/schema/index.ts';
import type { AppDeps } from '../../http/context.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { adminCount, currentRole, lockRoleChanges, type Role } from '../../platform/roles.ts';
import { storageFor } from '../../storage/storage-for.ts';

export type ErasureDeps = Pick<AppDeps, 'db' | 'bus' | 'billing' | 'env' | 'auth' | 'logger'>;

export type Erasure = {
  userId: string;
  /** Who asked: the founder themself or an admin (the audit row's admin_id). */
  actorId: string;
  /** The audit action: `account_deleted` (the founder's own) or `user_deleted_by_admin`. */
  action: 'account_deleted' | 'user_deleted_by_admin';
  context: RequestContext;
  /**
   * The caller's checks (the account exists; the typed address is its own): run once before
   * anything happens, so a refusal changes nothing anywhere, then again inside the erasure's
   * transaction. Returns what the audit row adds.
   */
  confirm: (db: Database) => Promise<Record<string, unknown>>;
};

/** The account's role; the last admin is never erased (409), so some admin always remains. */
async function refuseLastAdmin(db: Database, userId: string): Promise<Role> {
  const role = await currentRole(db, userId);
  if (role === 'admin' && (await adminCount(db)) <= 1) throw new AppError('ACCOUNT_NOT_DELETABLE', { message: 'The last admin cannot be deleted.' });
  return role;
}

/**
 * Links already e-mailed (magic link, password reset) live in `auth_verifications`, which has
 * no foreign key to the account: they are deleted with it, so an old link neither opens a
 * session nor creates a new account behind the founder's back.
 */
async function voidEmailedLinks(db: Database, userId: string) {
  const [account] = await db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId));
  await db.delete(authVerifications).where(and(like(authVerifications.identifier, 'reset-password:%'), eq(authVerifications.value, userId)));
  if (!account) return;
  await db
    .delete(authVerifications)
    .where(and(like(authVerifications.identifier, 'magic-link:%'), sql`strpos(lower(${authVerifications.value}), ${JSON.stringify(account.email.toLowerCase())}) > 0`));
}

/** Where the account's uploaded files are: its feedback images and its AI context files. */
async function storedFilesOf(db: Database, userId: string): Promise<string[]> {
  // One after the other: both run inside the erasure's transaction.
  const images = await db.select({ key: feedbackImages.storageKey }).from(feedbackImages).where(eq(feedbackImages.userId, userId));
  const files = await db.select({ key: aiContextFiles.storageKey }).from(aiContextFiles).where(eq(aiContextFiles.userId, userId));
  return [...images, ...files].map((row) => row.key);
}

/**
 * Erases an account (decision 307): the one deletion, whether the founder asks for it
 * (POST /api/account/delete) or an admin does (DELETE /api/admin/users/:id).
 * 0. The caller's checks and the last-admin rule: a refusal changes nothing.
 * 1. The payment provider stops charging first: if it fails, nothing is erased (502), so
 *    nobody is billed for an account that is gone.
 * 2. Every session ends and every instance hears it (before the rows go: the session
 *    digests are read from them).
 * 3. In one transaction, queued behind role changes so the last admin is never erased (409):
 *    the caller's checks again, the files' keys, links already e-mailed voided, the audit row (no foreign key, so it stays) and the `auth_users` row, whose deletion
 *    cascades to every table of the account (profile, subscription, API tokens, OAuth
 *    grants, sign-in links, everything). `known_addresses` is keyed by the address's digest,
 *    not the account, so the address still gets no second trial and no referral reward.
 * 4. The stored files are removed, and every instance drops what it cached of the account.
 */
export async function eraseAccount(deps: ErasureDeps, erasure: Erasure): Promise<void> {
  const { db, bus, billing } = deps;
  const { userId } = erasure;
  await erasure.confirm(db);
  await refuseLastAdmin(db, userId);
  await billing.stopBilling(userId);
  await endUserSessions(db, bus, userId, 'account-deleted', erasure.context);
  const files = await db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    await lockRoleChanges(executor);
    const details = await erasure.confirm(executor);
    // Queued behind role changes (lockRoleChanges), so two admins erased at once cannot leave none.
    const role = await refuseLastAdmin(executor, userId);
    // Read in the transaction that erases their rows, so a file added meanwhile is not left behind.
    const files = await storedFilesOf(executor, userId);
    await recordAuditEvent(executor, {
      action: erasure.action,
      adminId: erasure.actorId,
      targetUserId: userId,
      context: erasure.context,
      details: { ...details, role, files: files.length },
    });
    await voidEmailedLinks(executor, userId);
    await tx.delete(authUsers).where(eq(authUsers.id, userId));
    return files;
  });
  const storage = storageFor(deps);
  // A file that cannot be removed now is logged; nothing links to it any more (its row is gone).
  await Promise.all(files.map((key) => storage.delete(key).catch((error: unknown) => deps.logger.error({ err: error, key }, 'deleted account: file not removed'))));
  await bus.publish({ type: 'user-invalidated', userId });
}
