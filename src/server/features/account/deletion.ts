import { eq } from 'drizzle-orm';
import { confirmsEmail } from '../../../core/account/account-status.ts';
import { endUserSessions } from '../../auth/session-rules.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database, Executor } from '../../db/client.ts';
import { authUsers, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { type BillingProvider, endForDeletion } from '../billing/index.ts';

/**
 * Account deletion (docs/product.md#account-states, decision 025): the founder confirms with their e-mail; the
 * account is marked deleted (every row kept), every session ends on every instance, no
 * e-mail goes to it again (receivesEmail), and it can no longer sign in or get links.
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
    await endForDeletion(tx, userId, now);
    await recordAuditEvent(tx as unknown as Database, { action: 'account_deleted', adminId: userId, targetUserId: userId, context, details: { from: account.status, confirmedWith: 'typed-email' } }, now);
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
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'email', message: 'subscription:dangerZone.mismatch' }] });
  }
  return account;
}
