import { Hono } from 'hono';
import { DeleteAccountInput } from '../../../core/account/account-status.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { requestContext } from '../audit/service.ts';
import { deleteAccount } from './deletion.ts';

/** /api/account: what a founder does to their account as a whole (deletion now). */
export const accountRoutes = new Hono<AppBindings>().use(requireUser).post('/delete', async (c) => {
  const { db, bus } = c.get('deps');
  const { email } = await parseJsonBody(c, DeleteAccountInput);
  await deleteAccount(db, bus, { userId: c.get('user').id, typedEmail: email, context: requestContext(c.req.raw, clientAddress(c)) });
  return c.json({ status: 'deleted' });
});
