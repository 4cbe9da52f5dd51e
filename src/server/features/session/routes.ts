import { Hono } from 'hono';
import { SESSION_RULES } from '../../auth/session-rules.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';

/**
 * GET /api/session: the client's periodic validity check (every 5 minutes, 2 for
 * admins and for an admin viewing as a founder). 200 while the session is good; 401
 * SESSION_EXPIRED / SESSION_TERMINATED / IMPERSONATION_ENDED / UNAUTHENTICATED when it
 * is not, and the client signs out (or, for IMPERSONATION_ENDED, goes back to the admin).
 */
export const sessionRoutes = new Hono<AppBindings>().use(requireUser).get('/', (c) => {
  const check = c.get('sessionCheck');
  const role = c.get('role');
  const impersonation = check.status === 'valid' ? check.impersonation : null;
  return c.json({
    valid: true,
    role,
    expiresAt: check.status === 'valid' ? check.expiresAt.toISOString() : null,
    pollIntervalMs: SESSION_RULES.pollIntervalMs[impersonation ? 'admin' : role],
    impersonation:
      impersonation && check.status === 'valid'
        ? { adminUserId: impersonation.adminUserId, targetUserId: check.user.id, targetUserRole: role, startedAt: impersonation.startedAt.toISOString(), expiresAt: check.expiresAt.toISOString() }
        : null,
  });
});
