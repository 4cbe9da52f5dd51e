import { Hono } from 'hono';
import { SESSION_RULES } from '../../auth/session-rules.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';

/**
 * GET /api/session: the client's periodic validity check (every 5 minutes, 2 for
 * admins). 200 while the session is good; 401 SESSION_EXPIRED / SESSION_TERMINATED /
 * UNAUTHENTICATED when it is not, and the client signs out.
 */
export const sessionRoutes = new Hono<AppBindings>().use(requireUser).get('/', (c) => {
  const check = c.get('sessionCheck');
  const role = c.get('role');
  return c.json({
    valid: true,
    role,
    expiresAt: check.status === 'valid' ? check.expiresAt.toISOString() : null,
    pollIntervalMs: SESSION_RULES.pollIntervalMs[role],
  });
});
