import { Hono } from 'hono';
import { OnboardingDraftInput, type OnboardingDraftResponse } from '../../../core/onboarding/onboarding-draft.ts';
import { OnboardingInput } from '../../../core/onboarding/onboarding-schema.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { getMe, resetOwnOnboarding } from '../profile/index.ts';
import { rewardReferral } from '../referrals/index.ts';
import { completeOnboarding, readOnboardingDraft, saveOnboardingDraft } from './service.ts';

/**
 * POST /api/onboarding: the four steps' answers, for the signed-in founder.
 * POST /api/onboarding/reset: an admin marks their own onboarding not completed (docs/product.md#roles).
 * GET / PUT /api/onboarding/draft: the signed-in founder's own half-filled answers (decision 144).
 */
export const onboardingRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .post('/', async (c) => {
    const deps = c.get('deps');
    const { db, env } = deps;
    const answers = await parseJsonBody(c, OnboardingInput);
    await completeOnboarding(db, c.get('user').id, answers);
    // A founder who signed up with a referral code: both founders get their month now, once.
    await rewardReferral(deps, c.get('user').id);
    return c.json(await getMe(db, c.get('user').id, env.trialDays));
  })
  .get('/draft', async (c) => {
    const draft = await readOnboardingDraft(c.get('deps').db, c.get('user').id);
    return c.json({ draft } satisfies OnboardingDraftResponse);
  })
  .put('/draft', async (c) => {
    const input = await parseJsonBody(c, OnboardingDraftInput);
    const draft = await saveOnboardingDraft(c.get('deps').db, c.get('user').id, input);
    return c.json({ draft } satisfies OnboardingDraftResponse);
  })
  .post('/reset', async (c) => {
    const { db, env } = c.get('deps');
    return c.json(await resetOwnOnboarding(db, c.get('user').id, env.trialDays));
  });
