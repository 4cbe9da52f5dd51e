import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../auth/credentials.ts';
import { ACCOUNT_STATUSES } from '../account/account-status.ts';

/** The columns the admin Users list sorts by (GET /api/admin/users?sort=…&order=…). */
export const USER_SORTS = ['createdAt', 'lastActiveAt', 'email', 'name'] as const;
export type UserSort = (typeof USER_SORTS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:date');
const yesNo = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * GET /api/admin/users: a page of accounts, filtered and sorted. Dates are whole UTC days,
 * `to` included. `activeWithinDays` keeps accounts active in the last N days,
 * `inactiveForDays` those not active for at least N days (never active counts as inactive).
 */
export const AdminUsersQuery = z
  .object({
    search: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
    tier: z.enum(['1', '2']).transform(Number).optional(),
    role: z.enum(['user', 'admin']).optional(),
    status: z.enum(ACCOUNT_STATUSES).optional(),
    onboarded: yesNo.optional(),
    signedUpFrom: isoDate.optional(),
    signedUpTo: isoDate.optional(),
    activeWithinDays: z.coerce.number().int().min(1).max(3650).optional(),
    inactiveForDays: z.coerce.number().int().min(1).max(3650).optional(),
    sort: z.enum(USER_SORTS).default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;
