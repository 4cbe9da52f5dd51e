import { Hono } from 'hono';
import { InviteInput } from '../../../core/admin/admin-operations.ts';
import { requestLanguage } from '../../auth/account-emails.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';
import { requestContext } from '../../platform/audit.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { createInvite, listInvites, resendInvite, revokeInvite } from './invites.ts';

/** /api/admin/invites: invite an address, list, resend and revoke pending invitations (mounted behind the admin check; decision 272). */
export const adminInviteRoutes = new Hono<AppBindings>()
  .get('/', documented({ summary: 'Admin: pending invitations, newest first → { invites: [{ id, email, role, language, sentAt, expiresAt }] }', tag: 'admin' }), async (c) =>
    c.json(await listInvites(c.get('deps').db)),
  )
  .post(
    '/',
    documented({
      summary:
        'Admin: invite an address ({ email, role?: "user" | "admin", language? }) → 201; the e-mail opens sign-up with the address filled in; an admin invitation grants the role once the address is confirmed; audited',
      tag: 'admin',
    }),
    rateLimit('adminStatusChange'),
    jsonBody(InviteInput),
    async (c) => {
      const invite = await createInvite(c.get('deps'), {
        adminId: c.get('user').id,
        input: c.req.valid('json'),
        fallbackLanguage: requestLanguage(c.req.raw),
        context: requestContext(c.req.raw, clientAddress(c)),
      });
      return c.json(invite, 201);
    },
  )
  .post('/:id/resend', documented({ summary: 'Admin: send a pending invitation again (14 more days); audited', tag: 'admin' }), rateLimit('adminStatusChange'), async (c) =>
    c.json(await resendInvite(c.get('deps'), { adminId: c.get('user').id, id: c.req.param('id'), context: requestContext(c.req.raw, clientAddress(c)) })),
  )
  .delete('/:id', documented({ summary: 'Admin: revoke a pending invitation (no role comes with it any more) → 204; audited', tag: 'admin' }), async (c) => {
    await revokeInvite(c.get('deps').db, { adminId: c.get('user').id, id: c.req.param('id'), context: requestContext(c.req.raw, clientAddress(c)) });
    return c.body(null, 204);
  });
