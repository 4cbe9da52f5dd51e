import { Hono } from 'hono';
import { ReferralCodeParam, ReferralNoticeParam } from '../../../core/referrals/referral-schema.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { dismissNotice, listNotices, type ReferralNoticeView } from './notices.ts';
import { createCode, getCode, inviterOf, listCodes, type ReferralCodeView } from './service.ts';
import { documented, paramsOf } from '../../http/route-doc.ts';

/** GET /api/referrals: the founder's codes, newest first. */
export type ReferralCodes = { codes: ReferralCodeView[] };
/** GET /api/referrals/notices: the founder's notices not yet dismissed, newest first. */
export type ReferralNotices = { notices: ReferralNoticeView[] };

/**
 * GET /api/referrals/invites/:code (public): who invites, for the auth page; 404 for any code
 * that cannot be used, whatever the reason. GET /api/referrals, POST /api/referrals and
 * GET /api/referrals/:code: the founder's own codes (another's is 404). GET /api/referrals/notices
 * and POST /api/referrals/notices/:id/dismiss: the founder's notices of rewarded referrals.
 */
export const referralRoutes = new Hono<AppBindings>()
  .get('/invites/:code', documented({ summary: 'Who invites (first name) for a code that can still be used; 404 for any other', tag: 'referrals', public: true }), paramsOf(ReferralCodeParam), async (c) => {
    const { code } = c.req.valid('param');
    const inviter = await inviterOf(c.get('deps').db, code);
    if (!inviter) throw new AppError('NOT_FOUND');
    return c.json(inviter);
  })
  .use(requireUser)
  .get(
    '/',
    documented({
      summary: 'The founder’s referral codes, newest first, with status (available, pending, rewarded), dates and who used each as their community visibility allows',
      tag: 'referrals',
    }),
    async (c) => c.json({ codes: await listCodes(c.get('deps').db, c.get('user').id, { trialDays: c.get('deps').settings.current().trialDays }) } satisfies ReferralCodes),
  )
  .post('/', documented({ summary: 'Create a referral code (+5 points); 409 REFERRAL_CODE_LIMIT with 10 unused codes', tag: 'referrals' }), async (c) =>
    c.json(await createCode(c.get('deps').db, c.get('user').id), 201),
  )
  .get('/notices', documented({ summary: 'The founder’s notices of rewarded referrals not yet dismissed, newest first', tag: 'referrals' }), async (c) =>
    c.json({ notices: await listNotices(c.get('deps').db, c.get('user').id) } satisfies ReferralNotices),
  )
  .post('/notices/:id/dismiss', documented({ summary: 'Dismiss one of the founder’s referral notices (204); another founder’s is 404', tag: 'referrals' }), paramsOf(ReferralNoticeParam), async (c) => {
    await dismissNotice(c.get('deps').db, c.get('user').id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .get('/:code', documented({ summary: 'One of the founder’s referral codes; another founder’s is 404', tag: 'referrals' }), paramsOf(ReferralCodeParam), async (c) =>
    c.json(await getCode(c.get('deps').db, c.get('user').id, c.req.valid('param').code, { trialDays: c.get('deps').settings.current().trialDays })),
  );
