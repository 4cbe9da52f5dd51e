import { Hono } from 'hono';
import { DeleteAccountInput } from '../../../core/account/account-status.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { forgetTrustedDeviceById, listTrustedDevices, type TrustedDevice, trustCookieOf, trustSentWith } from '../../auth/trusted-devices.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAuditEvent, requestContext } from '../../platform/audit.ts';
import { deleteAccount } from './deletion.ts';
import { requestLanguage } from '../../auth/account-emails.ts';
import { sessionOf } from '../../http/session.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { exportAccountData } from './data-export.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';

/** GET /api/account/trusted-devices: the founder's trusted browsers, the one asking marked `current`. */
export type TrustedDevices = { devices: TrustedDevice[] };

/** /api/account: what a founder does to their account as a whole (their data, deletion, trusted browsers). */
export const accountRoutes = new Hono<AppBindings>()
  .use(requireUser)
  // "Download my data" (decision 196): the founder's own data only; an admin viewing as them cannot take it.
  .get(
    '/export',
    documented({
      summary:
        'Download all your data as a zip: profile, metrics CSV, tasks, strategy versions, AI context entries and files, mentor conversations, README (audited; 5 per hour; not while viewing as a founder)',
      tag: 'profile',
      answers: 'application/zip',
    }),
    rateLimit('dataExport'),
    async (c) => {
      const session = await sessionOf(c);
      if (session.status === 'valid' && session.impersonation) throw new AppError('FORBIDDEN');
      const deps = c.get('deps');
      const zip = await exportAccountData(deps.db, storageFor(deps), {
        userId: c.get('user').id,
        requestLanguage: requestLanguage(c.req.raw),
        context: requestContext(c.req.raw, clientAddress(c)),
      });
      if (!zip) throw new AppError('NOT_FOUND');
      return c.body(zip, 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="rumbo-data-${new Date().toISOString().slice(0, 10)}.zip"`,
        'cache-control': 'no-store',
      });
    },
  )
  .post(
    '/delete',
    documented({
      summary:
        'Delete your account ({ email } typed to confirm): billing stopped, every session ended at once, every row and file erased (the audit row stays); the address may sign up again as a new, empty account',
      tag: 'profile',
    }),
    jsonBody(DeleteAccountInput),
    async (c) => {
      const { email } = c.req.valid('json');
      await deleteAccount(c.get('deps'), { userId: c.get('user').id, typedEmail: email, context: requestContext(c.req.raw, clientAddress(c)) });
      return c.json({ status: 'deleted' });
    },
  )
  .get(
    '/trusted-devices',
    documented({ summary: 'The browsers trusted to skip the two-step check ({ devices: [{ id, userAgent, trustedAt, expiresAt, current }] })', tag: 'profile' }),
    async (c) => {
      const { db, auth } = c.get('deps');
      const current = trustSentWith(c.req.raw, await trustCookieOf(auth));
      return c.json({ devices: await listTrustedDevices(db, c.get('user').id, current) } satisfies TrustedDevices);
    },
  )
  .delete('/trusted-devices/:id', documented({ summary: 'Forget a trusted browser: its next sign-in asks for the code again (audited)', tag: 'profile' }), async (c) => {
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
