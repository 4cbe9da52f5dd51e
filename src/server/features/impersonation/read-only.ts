import { createMiddleware } from 'hono/factory';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { sessionOf } from '../../http/session.ts';
import { isWriteMethod } from '../../http/rate-limit.ts';

/** What an admin viewing as a founder may still send: the way back, and sign-out. */
const ALLOWED_WRITES = new Set(['DELETE /api/impersonation', 'POST /api/auth/sign-out']);

/**
 * "View as" only views (decision 023): every other write, Better Auth's included, is
 * refused with 403 IMPERSONATION_READ_ONLY, so an admin never changes a founder's data,
 * settings or unseen achievements by looking.
 */
export const refuseWritesWhileImpersonating = createMiddleware<AppBindings>(async (c, next) => {
  if (isWriteMethod(c.req.method) && !ALLOWED_WRITES.has(`${c.req.method} ${c.req.path.replace(/\/$/, '')}`)) {
    const session = await sessionOf(c);
    if (session.status === 'valid' && session.impersonation) throw new AppError('IMPERSONATION_READ_ONLY');
  }
  await next();
});
