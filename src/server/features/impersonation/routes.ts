import { Hono } from 'hono';
import { StartImpersonationInput } from '../../../core/impersonation/impersonation.ts';
import { AppError } from '../../platform/app-error.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireAdmin, requireUser } from '../../http/require-user.ts';
import { sessionOf } from '../../http/session.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { requestContext } from '../../platform/audit.ts';
import { beginImpersonation, finishImpersonation, impersonationTarget, isFresh, passwordMatches } from '../../auth/impersonation.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';

/** DELETE /api/impersonation: whose session the browser is back in, whom it was viewing (null once unknown), and when it ended. */
export type ImpersonationEnded = { adminUserId: string; targetUserId: string | null; endedAt: string };

/**
 * /api/impersonation: an admin's "view as" (docs/product.md#impersonation, decision 023).
 * POST starts it (admins only, never of an admin, from a fresh session, 3 an hour);
 * DELETE ends it and returns to the admin's own view, also after it expired by itself.
 */
export const impersonationRoutes = new Hono<AppBindings>()
  .post(
    '/',
    documented({
      summary:
        'Admin: view the app as a founder ({ targetUserId, password? }; fresh session or password; 3 per hour; 60 minutes; read only) → { adminUserId, targetUserId, targetUserRole, startedAt, expiresAt }',
      tag: 'admin',
    }),
    requireUser,
    requireAdmin,
    jsonBody(StartImpersonationInput),
    async (c) => {
      const deps = c.get('deps');
      const input = c.req.valid('json');
      const session = await sessionOf(c);
      if (session.status !== 'valid') throw new AppError('UNAUTHENTICATED');
      const target = await impersonationTarget(deps.db, input.targetUserId);
      const fresh = isFresh(session, deps.sessions.now());
      // Asking for the password costs no attempt; every attempt that could start one counts.
      if (!fresh && input.password === undefined) throw new AppError('REAUTHENTICATION_REQUIRED');
      await enforceRateLimit(c, 'adminImpersonation');
      if (input.password !== undefined && !(await passwordMatches(deps, session.user.id, input.password))) {
        throw new AppError('REAUTHENTICATION_REQUIRED', { message: 'That password is not right.', details: { reason: 'wrong-password' } });
      }
      const context = requestContext(c.req.raw, clientAddress(c));
      const grant = await beginImpersonation(c, session, target, { freshness: fresh ? 'recent-sign-in' : 'password', context });
      return c.json(grant, 201);
    },
  )
  .delete('/', documented({ summary: 'End the impersonation and return to the admin’s own session (also after it expired)', tag: 'admin' }), async (c) => {
    const session = await sessionOf(c);
    if (session.status === 'valid' && !session.impersonation) throw new AppError('NOT_FOUND', { message: 'There is no impersonation to end.' });
    const ended = await finishImpersonation(c, session, 'stopped', requestContext(c.req.raw, clientAddress(c)));
    // Cookies are cleared either way; without an admin session to return to, the browser signs in again.
    if (!ended.restored) throw new AppError('UNAUTHENTICATED');
    return c.json({ adminUserId: ended.restored.userId, targetUserId: ended.targetUserId, endedAt: new Date(c.get('deps').sessions.now()).toISOString() } satisfies ImpersonationEnded);
  });
