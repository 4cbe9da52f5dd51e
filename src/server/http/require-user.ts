import { createMiddleware } from 'hono/factory';
import { AppError } from '../platform/app-error.ts';
import type { AppBindings } from './context.ts';
import { sessionOf } from './session.ts';

/** What the browser is told about a session a rule ended. */
const ENDED_CODES = {
  'fingerprint-mismatch': 'SESSION_TERMINATED',
  expired: 'SESSION_EXPIRED',
  idle: 'SESSION_EXPIRED',
  'impersonation-ended': 'IMPERSONATION_ENDED',
  'admin-check-failed': 'SESSION_TERMINATED',
} as const;

/**
 * Lets the request through only with a valid session (auth/session-guard.ts). A
 * session that broke a rule has just been ended: 401 SESSION_TERMINATED for a
 * fingerprint mismatch (audited by sessionOf), SESSION_EXPIRED for age or idleness,
 * IMPERSONATION_ENDED for an admin's "view as" that ran out (the browser goes back).
 */
export const requireUser = createMiddleware<AppBindings>(async (c, next) => {
  // Usually checked already (the general rate limit keys on it): no further async hop then.
  const check = c.get('sessionCheck') ?? (await sessionOf(c));
  if (check.status === 'ended') throw new AppError(ENDED_CODES[check.reason]);
  if (check.status !== 'valid') throw new AppError('UNAUTHENTICATED');
  c.set('user', check.user);
  c.set('role', check.role);
  c.set('sessionId', check.sessionId);
  await next();
});

/** After requireUser: admins only (403 FORBIDDEN for everyone else; docs/product.md#roles). */
export const requireAdmin = createMiddleware<AppBindings>(async (c, next) => {
  if (c.get('role') !== 'admin') throw new AppError('FORBIDDEN');
  await next();
});
