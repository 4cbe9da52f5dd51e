import { Hono } from 'hono';
import { z } from 'zod';
import { RoleInput, StatusInput } from '../../../core/account/account-status.ts';
import { EMAIL_MAX_LENGTH } from '../../../core/auth/credentials.ts';
import { AppError } from '../../http/app-error.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { parseJsonBody, parseQuery } from '../../http/validate.ts';
import { rateLimit } from '../../rate-limit/middleware.ts';
import { requestContext } from '../../platform/audit.ts';
import { assignRole } from '../../platform/roles.ts';
import { userExists } from './service.ts';
import { changeAccountStatus, listUsers } from './users.ts';
import { subscriptionForAdmin } from '../billing/index.ts';

const UsersQuery = z.object({
  search: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});


/** /api/admin/users: find founders, change their role or status (mounted behind requireAdmin). */
export const adminUserRoutes = new Hono<AppBindings>()
  .get('/', async (c) => {
    const query = parseQuery(c, UsersQuery);
    return c.json({ users: await listUsers(c.get('deps').db, { search: query.search || undefined, limit: query.limit }) });
  })
  .get('/:userId/subscription', async (c) => {
    const { db, env, billing } = c.get('deps');
    return c.json(await subscriptionForAdmin(db, c.req.param('userId'), { trialDays: env.trialDays, provider: billing.kind }));
  })
  .put('/:userId/role', rateLimit('adminRoleAssignment'), async (c) => {
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
  })
  .put('/:userId/status', rateLimit('adminStatusChange'), async (c) => {
    const { db, bus } = c.get('deps');
    const { status } = await parseJsonBody(c, StatusInput);
    const userId = c.req.param('userId');
    const changed = await changeAccountStatus(db, bus, {
      adminId: c.get('user').id,
      userId,
      status,
      context: requestContext(c.req.raw, clientAddress(c)),
    });
    return c.json({ userId, status, changed });
  });
