import { Hono } from 'hono';
import { DeleteAccountInput } from '../../../core/account/account-status.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { forgetTrustedDeviceById, listTrustedDevices, trustCookieOf, trustSentWith } from '../../auth/trusted-devices.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAuditEvent, requestContext } from '../../platform/audit.ts';
import { deleteAccount } from './deletion.ts';

/** /api/account: what a founder does to their account as a whole (deletion, trusted browsers). */
export const accountRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .post('/delete', async (c) => {
    const { db, bus, billing } = c.get('deps');
    const { email } = await parseJsonBody(c, DeleteAccountInput);
    await deleteAccount(db, bus, billing, { userId: c.get('user').id, typedEmail: email, context: requestContext(c.req.raw, clientAddress(c)) });
    return c.json({ status: 'deleted' });
  })
  .get('/trusted-devices', async (c) => {
    const { db, auth } = c.get('deps');
    const current = trustSentWith(c.req.raw, await trustCookieOf(auth));
    return c.json({ devices: await listTrustedDevices(db, c.get('user').id, current) });
  })
  .delete('/trusted-devices/:id', async (c) => {
    const { db } = c.get('deps');
    if (!(await forgetTrustedDeviceById(db, c.get('user').id, c.req.param('id')))) throw new AppError('NOT_FOUND');
    await recordAuditEvent(db, {
      action: 'trusted_device_forgotten',
      adminId: c.get('user').id,
      targetUserId: c.get('user').id,
      context: requestContext(c.req.raw, clientAddress(c)),
    });
    return c.body(null, 204);
  });
