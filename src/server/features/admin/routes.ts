import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseQuery } from '../../http/validate.ts';
import { recordSecurityEvent, requestContext } from '../../platform/audit.ts';
import { adminOverview, listAuditLogs } from './service.ts';
import { adminUserRoutes } from './users-routes.ts';

const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  targetUserId: z.string().min(1).max(100).optional(),
});

/**
 * Admins only: anyone else gets 403 FORBIDDEN, and the attempt is audited as
 * `security_admin_access_denied` (at most 10 rows per account in 5 minutes, like every
 * event a stranger can repeat at will; decision 200).
 */
const adminsOnly = createMiddleware<AppBindings>(async (c, next) => {
  if (c.get('role') !== 'admin') {
    const user = c.get('user');
    await recordSecurityEvent(c.get('deps'), `admin-denied:${user.id}`, {
      action: 'admin_access_denied',
      adminId: user.id,
      context: requestContext(c.req.raw, clientAddress(c)),
      details: { method: c.req.method, path: new URL(c.req.url).pathname },
    });
    throw new AppError('FORBIDDEN');
  }
  await next();
});

/**
 * /api/admin/*: admins only (docs/product.md#roles). Each area of the admin dashboard is a
 * router of its own here.
 */
export const adminRoutes = new Hono<AppBindings>()
  .use(requireUser, adminsOnly)
  .get('/overview', async (c) => c.json(await adminOverview(c.get('deps').db)))
  .get('/audit-logs', async (c) => {
    return c.json({ entries: await listAuditLogs(c.get('deps').db, parseQuery(c, AuditQuery)) });
  })
  .route('/users', adminUserRoutes);
