import { z } from 'zod';

/**
 * "View as" (docs/product.md#impersonation, decision 023): an admin sees the app as a founder for at
 * most an hour, starting only from a fresh admin session.
 */
export const IMPERSONATION_MAX_MS = 60 * 60 * 1000;

/**
 * Fresh: the admin signed in at most this long ago; otherwise the admin re-enters their
 * password with the request.
 */
export const FRESH_ADMIN_SESSION_MS = 10 * 60 * 1000;

export const StartImpersonationInput = z
  .object({
    targetUserId: z.string().trim().min(1).max(100),
    /** Needed when the admin's session is not fresh. */
    password: z.string().min(1).max(128).optional(),
  })
  .strict();
export type StartImpersonationInput = z.infer<typeof StartImpersonationInput>;

