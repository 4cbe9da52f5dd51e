import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireAdmin, requireUser } from '../../http/require-user.ts';
import { fieldErrors, parseJsonBody } from '../../http/validate.ts';
import { rateLimit } from '../../rate-limit/middleware.ts';
import { requestContext } from '../audit/service.ts';
import { assignRole } from '../roles/service.ts';
import { adminOverview, listAuditLogs, userExists } from './service.ts';

const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  targetUserId: z.string().min(1).max(100).optional(),
});

export const RoleInput = z.object({ role: z.enum(['user', 'admin']) }).strict();

/** /api/admin/*: admins only (403 FORBIDDEN for everyone else; SPEC §10). */
export const adminRoutes = new Hono<AppBindings>()
  .use(requireUser, requireAdmin)
  .get('/overview', async (c) => c.json(await adminOverview(c.get('deps').db)))
  .get('/audit-logs', async (c) => {
    const query = AuditQuery.safeParse(c.req.query());
    if (!query.success) throw new AppError('VALIDATION_FAILED', { details: fieldErrors(query.error) });
    return c.json({ entries: await listAuditLogs(c.get('deps').db, query.data) });
  })
  .put('/users/:userId/role', rateLimit('adminRoleAssignment'), async (c) => {
    const { db, bus } = c.get('deps');
    const { role } = await parseJsonBody(c, RoleInput);
    const userId = c.req.param('userId');
    const admin = c.get('user');
    // An admin cannot demote themself by accident and lock everyone out.
    if (userId === admin.id) throw new AppError('FORBIDDEN');
    if (!(await userExists(db, userId))) throw new AppError('NOT_FOUND');
    const changed = await assignRole(db, bus, {
      userId,
      role,
      assignedBy: admin.id,
      via: 'admin',
      context: requestContext(c.req.raw, clientAddress(c)),
    });
    return c.json({ userId, role, changed });
  });
