import { and, eq, like, ne, sql } from 'drizzle-orm';
import { confirmsEmail } from '../../../core/account/account-status.ts';
import { endUserSessions } from '../../auth/session-rules.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database, Executor } from '../../db/client.ts';
import { authAccounts, authUsers, authVerifications, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { type BillingProvider, endForDeletion } from '../subscription/index.ts';

/**
 * Account deletion (docs/product.md#account-states, decisions 025 and 197): the founder confirms with their e-mail; the
 * account is marked deleted (every row kept), every session ends on every instance, no
 * e-mail goes to it again (receivesEmail), and it can no longer sign in or get links.
 * Its address is released (releaseAddress): the same person may sign up again as a new account.
 * Audited as security_account_deleted. The subscription ends too: the payment provider
 * stops charging first (a failure there deletes nothing, so nobody is billed for an
 * account they deleted), then Premium ends in the deletion's own transaction.
 */
export async function deleteAccount(
  db: Database,
  bus: SessionEventBus,
  billing: BillingProvider,
  request: { userId: string; typedEmail: string; context: RequestContext },
) {
  const { userId, context } = request;
  await confirmedAccount(db, userId, request.typedEmail);
  await billing.stopBilling(userId);
  await db.transaction(async (tx) => {
    const account = await confirmedAccount(tx, userId, request.typedEmail, { lock: true });
    const now = new Date();
    await tx.update(users).set({ status: 'deleted', deletedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await releaseAddress(tx, userId, account.email, now);
    await endForDeletion(tx, userId, now);
    await recordAuditEvent(tx as unknown as Database, { action: 'account_deleted', adminId: userId, targetUserId: userId, context, details: { from: account.status, confirmedWith: 'typed-email', releasedAddress: account.email } }, now);
  });
  await endUserSessions(db, bus, userId, 'account-deleted', context);
  await bus.publish({ type: 'user-invalidated', userId });
}

/** The account, when it exists, is not deleted yet, and the founder typed its own e-mail (locked inside the deletion). */
async function confirmedAccount(db: Executor, userId: string, typedEmail: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ email: authUsers.email, status: users.status })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(users.id, userId));
  const [account] = await (options.lock ? query.for('update') : query);
  if (!account || account.status === 'deleted') throw new AppError('NOT_FOUND');
  if (!confirmsEmail(typedEmail, account.email)) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'email', message: 'validation:account.emailMismatch' }] });
  }
  return account;
}

/** The placeholder a deleted account's sign-in address becomes: unique, and never deliverable (`.invalid` is reserved). */
export function deletedAccountAddress(userId: string): string {
  return `deleted+${userId}@deleted.invalid`;
}

/**
 * Frees the address for a new account (decision 197). Better Auth finds accounts by
 * `auth_users.email` and by the provider's account id, so both stop pointing here: the
 * sign-in address becomes a placeholder (`users.email` keeps the former one, for admins),
 * Google/OIDC links are renamed out of reach with their tokens cleared, and links already
 * e-mailed (magic link, password reset) are voided, so none opens or creates an account.
 * The password hash stays with the old account: it can no longer be reached by any address.
 */
async function releaseAddress(tx: Executor, userId: string, email: string, now: Date) {
  await tx.update(authUsers).set({ email: deletedAccountAddress(userId), updatedAt: now }).where(eq(authUsers.id, userId));
  await tx
    .update(authAccounts)
    .set({
      accountId: sql`'deleted:' || ${userId} || ':' || ${authAccounts.accountId}`,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      updatedAt: now,
    })
    .where(and(eq(authAccounts.userId, userId), ne(authAccounts.providerId, 'credential')));
  await tx.delete(authVerifications).where(and(like(authVerifications.identifier, 'reset-password:%'), eq(authVerifications.value, userId)));
  await tx
    .delete(authVerifications)
    .where(and(like(authVerifications.identifier, 'magic-link:%'), sql`strpos(lower(${authVerifications.value}), ${JSON.stringify(email.toLowerCase())}) > 0`));
}
