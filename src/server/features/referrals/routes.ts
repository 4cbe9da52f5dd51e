import { Hono } from 'hono';
import { ReferralCodeParam, ReferralNoticeParam } from '../../../core/referrals/referral-schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseParams } from '../../http/validate.ts';
import { dismissNotice, listNotices } from './notices.ts';
import { createCode, getCode, inviterOf, listCodes } from './service.ts';

/**
 * GET /api/referrals/invites/:code (public): who invites, for the auth page; 404 for any code
 * that cannot be used, whatever the reason. GET /api/referrals, POST /api/referrals and
 * GET /api/referrals/:code: the founder's own codes (another's is 404). GET /api/referrals/notices
 * and POST /api/referrals/notices/:id/dismiss: the founder's notices of rewarded referrals.
 */
export const referralRoutes = new Hono<AppBindings>()
  .get('/invites/:code', async (c) => {
    const { code } = parseParams(c, ReferralCodeParam);
    const inviter = await inviterOf(c.get('deps').db, code);
    if (!inviter) throw new AppError('NOT_FOUND');
    return c.json(inviter);
  })
  .use(requireUser)
  .get('/', async (c) => c.json({ codes: await listCodes(c.get('deps').db, c.get('user').id, { trialDays: c.get('deps').env.trialDays }) }))
  .post('/', async (c) => c.json(await createCode(c.get('deps').db, c.get('user').id), 201))
  .get('/notices', async (c) => c.json({ notices: await listNotices(c.get('deps').db, c.get('user').id) }))
  .post('/notices/:id/dismiss', async (c) => {
    await dismissNotice(c.get('deps').db, c.get('user').id, parseParams(c, ReferralNoticeParam).id);
    return c.body(null, 204);
  })
  .get('/:code', async (c) =>
    c.json(await getCode(c.get('deps').db, c.get('user').id, parseParams(c, ReferralCodeParam).code, { trialDays: c.get('deps').env.trialDays })),
  );
