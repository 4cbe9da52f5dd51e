import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../http/context.ts';
import { requireAdmin, requireUser } from '../../http/require-user.ts';
import { parseQuery } from '../../http/validate.ts';
import { adminOverview, listAuditLogs } from './service.ts';
import { adminUserRoutes } from './users-routes.ts';

const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  targetUserId: z.string().min(1).max(100).optional(),
});

/**
 * /api/admin/*: admins only (403 FORBIDDEN for everyone else; docs/product.md#roles). Each area of the
 * admin dashboard is a router of its own here (users now; analytics, feedback, settings later).
 */
export const adminRoutes = new Hono<AppBindings>()
  .use(requireUser, requireAdmin)
  .get('/overview', async (c) => c.json(await adminOverview(c.get('deps').db)))
  .get('/audit-logs', async (c) => {
    return c.json({ entries: await listAuditLogs(c.get('deps').db, parseQuery(c, AuditQuery)) });
  })
  .route('/users', adminUserRoutes);
