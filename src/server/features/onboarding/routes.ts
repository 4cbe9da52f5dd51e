import { Hono } from 'hono';
import { OnboardingDraftInput } from '../../../core/onboarding/onboarding-draft.ts';
import { OnboardingInput } from '../../../core/onboarding/onboarding-schema.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { getMe, resetOwnOnboarding } from '../profile/index.ts';
import { rewardReferral } from '../referrals/index.ts';
import { completeOnboarding, readOnboardingDraft, saveOnboardingDraft } from './service.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';

/** GET and PUT /api/onboarding/draft answer `{ draft }`; null when there is none (or onboarding is done). */
export type OnboardingDraftResponse = { draft: OnboardingDraftInput | null };

/**
 * POST /api/onboarding: the four steps' answers, for the signed-in founder.
 * POST /api/onboarding/reset: an admin marks their own onboarding not completed (docs/product.md#roles).
 * GET / PUT /api/onboarding/draft: the signed-in founder's own half-filled answers (decision 144).
 */
export const onboardingRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .post('/', documented({ summary: 'Submit the four onboarding steps', tag: 'profile' }), jsonBody(OnboardingInput), async (c) => {
    const deps = c.get('deps');
    const { db } = deps;
    const answers = c.req.valid('json');
    await completeOnboarding(db, c.get('user').id, answers);
    // A founder who signed up with a referral code: both founders get their month now, once.
    await rewardReferral(deps, c.get('user').id);
    return c.json(await getMe(db, c.get('user').id, c.get('deps').settings.current().trialDays));
  })
  .get(
    '/draft',
    documented({ summary: 'The founder’s half-filled onboarding → { draft: { step, answers } } or { draft: null } (none, or onboarding completed)', tag: 'profile' }),
    async (c) => {
      const draft = await readOnboardingDraft(c.get('deps').db, c.get('user').id);
      return c.json({ draft } satisfies OnboardingDraftResponse);
    },
  )
  .put(
    '/draft',
    documented({
      summary:
        'Save the half-filled onboarding ({ step, answers }: known fields only, strings or booleans, bounded) → { draft }; ignored with { draft: null } once onboarding is completed; cleared on submit',
      tag: 'profile',
    }),
    jsonBody(OnboardingDraftInput),
    async (c) => {
      const input = c.req.valid('json');
      const draft = await saveOnboardingDraft(c.get('deps').db, c.get('user').id, input);
      return c.json({ draft } satisfies OnboardingDraftResponse);
    },
  )
  .post('/reset', documented({ summary: 'Admins: mark their own onboarding not completed, answers kept', tag: 'profile' }), async (c) => {
    const { db } = c.get('deps');
    return c.json(await resetOwnOnboarding(db, c.get('user').id, c.get('deps').settings.current().trialDays));
  });
