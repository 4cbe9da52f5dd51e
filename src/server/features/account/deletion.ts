import { eq } from 'drizzle-orm';
import { confirmsEmail } from '../../../core/account/account-status.ts';
import type { Executor } from '../../db/client.ts';
import { authUsers, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { RequestContext } from '../../platform/audit.ts';
import { eraseAccount, type ErasureDeps } from './erase-account.ts';

/**
 * The founder deletes their own account (docs/product.md#account-states, decisions 025 and
 * 307): they confirm by typing their e-mail (400 otherwise, nothing changed), then the account
 * is erased exactly as an admin's deletion erases it (`eraseAccount`): billing stopped first,
 * every session ended on every instance, every row and file gone, only the audit row
 * `security_account_deleted` (the founder as who) kept. The address may sign up again as a
 * new, empty account, with no second trial and no referral reward.
 */
export async function deleteAccount(deps: ErasureDeps, request: { userId: string; typedEmail: string; context: RequestContext }) {
  const { userId, typedEmail } = request;
  await eraseAccount(deps, {
    userId,
    actorId: userId,
    action: 'account_deleted',
    context: request.context,
    confirm: async (executor) => {
      const account = await confirmedAccount(executor, userId, typedEmail);
      return { email: account.email, status: account.status, confirmedWith: 'typed-email' };
    },
  });
}

/** The account, when it exists and is not deleted, and the founder typed its own e-mail. */
async function confirmedAccount(db: Executor, userId: string, typedEmail: string) {
  const [account] = await db
    .select({ email: authUsers.email, status: users.status })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(users.id, userId));
  if (!account || account.status === 'deleted') throw new AppError('NOT_FOUND');
  if (!confirmsEmail(typedEmail, account.email)) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'email', message: 'validation:account.emailMismatch' }] });
  }
  return account;
}
