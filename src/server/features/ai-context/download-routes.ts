import { Hono } from 'hono';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { verifyTicket } from '../../storage/local-storage.ts';
import { signingSecret, storageFor } from '../../storage/storage-for.ts';
import { documented } from '../../http/route-doc.ts';

/**
 * GET /api/files/<ticket>: the local driver's signed download. The ticket must be ours,
 * unexpired, and issued to the signed-in founder: a leaked link is useless to anyone else.
 */
export const downloadRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/:ticket', documented({ summary: 'A signed download of a stored file (local storage)', tag: 'ai' }), async (c) => {
    const deps = c.get('deps');
    const ticket = verifyTicket(signingSecret(deps), c.req.param('ticket'));
    if (!ticket || ticket.ownerId !== c.get('user').id) throw new AppError('NOT_FOUND');
    const object = await storageFor(deps).get(ticket.key);
    if (!object) throw new AppError('NOT_FOUND');
    return c.body(object.bytes.buffer.slice(object.bytes.byteOffset, object.bytes.byteOffset + object.bytes.byteLength) as ArrayBuffer, 200, {
      'content-type': ticket.mediaType,
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(ticket.fileName)}`,
      'cache-control': 'private, no-store',
    });
  });
