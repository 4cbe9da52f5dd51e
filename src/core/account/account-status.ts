import { z } from 'zod';
import { EmailSchema } from '../auth/credentials.ts';

/**
 * An account's standing (`users.status`): active; suspended by an admin until reactivated;
 * deleted by its founder, for good (data retained; docs/product.md#account-states). Only an active account signs
 * in or receives e-mail.
 */
export const ACCOUNT_STATUSES = ['active', 'suspended', 'deleted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** What an admin may set (PUT /api/admin/users/:userId/status): deletion is the founder's alone. */
export const StatusInput = z.object({ status: z.enum(['active', 'suspended']) }).strict();
export type StatusInput = z.infer<typeof StatusInput>;

/** An admin's change of someone's role (PUT /api/admin/users/:userId/role). */
export const RoleInput = z.object({ role: z.enum(['user', 'admin']) }).strict();
export type RoleInput = z.infer<typeof RoleInput>;

/**
 * The one rule for every e-mail Rumbo sends (auth links now, reminders later): the address
 * has no account yet (`null`: a sign-up, a "no account here" note) or an active one.
 * Suspended and deleted accounts get nothing.
 */
export function receivesEmail(status: string | null): boolean {
  return status === null || status === 'active';
}

/** POST /api/account/delete: the founder types their e-mail to confirm (docs/product.md#account-states). */
export const DeleteAccountInput = z.object({ email: EmailSchema }).strict();
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/** The typed confirmation matches the account's e-mail (case and surrounding spaces aside). */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}
