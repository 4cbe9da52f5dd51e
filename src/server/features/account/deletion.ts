import { eq } from 'drizzle-orm';
import { confirmsEmail } from '../../../core/account/account-status.ts';
import { endUserSessions } from '../../auth/session-rules.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { authUsers, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';

/**
 * Account deletion (docs/product.md#account-states, decision 025): the founder confirms with their e-mail; the
 * account is marked deleted (every row kept), every session ends on every instance, no
 * e-mail goes to it again (receivesEmail), and it can no longer sign in or get links.
 * Audited as security_account_deleted. Billing, when it arrives, cancels here too.
 */
export async function deleteAccount(db: Database, bus: SessionEventBus, request: { userId: string; typedEmail: string; context: RequestContext }) {
  const { userId, context } = request;
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: authUsers.email, status: users.status })
      .from(users)
      .innerJoin(authUsers, eq(authUsers.id, users.id))
      .where(eq(users.id, userId))
      .for('update');
    if (!account || account.status === 'deleted') throw new AppError('NOT_FOUND');
    if (!confirmsEmail(request.typedEmail, account.email)) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'email', message: 'profile:dangerZone.mismatch' }] });
    }
    const now = new Date();
    await tx.update(users).set({ status: 'deleted', deletedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await recordAuditEvent(tx as unknown as Database, { action: 'account_deleted', adminId: userId, targetUserId: userId, context, details: { from: account.status, confirmedWith: 'typed-email' } }, now);
  });
  await endUserSessions(db, bus, userId, 'account-deleted', context);
  await bus.publish({ type: 'user-invalidated', userId });
}
