import { z } from 'zod';
import { sanitize } from '../security/sanitize.ts';
import { PROFILE_TEXT_LIMITS } from '../profile/profile-fields.ts';
import { ONBOARDING_STEPS } from './onboarding-schema.ts';

/**
 * A half-filled onboarding, saved as the founder types (PUT /api/onboarding/draft) so a reload
 * or another device continues where they were (docs/decisions/144-onboarding-draft-on-the-server.md).
 * A draft is not validated like a submission: answers may still be empty or too long while the
 * founder types (the form says so on Next), so each is only bounded, typed and sanitised.
 */

/** Room for an answer typed past its limit: the form shows the overflow instead of cutting it. */
const OVERFLOW = 2;
/** Choices and short codes (country, currency, team size, hours, time zone…). */
const CHOICE_MAX = 100;

const draftText = (max: number) => z.string().max(max).transform(sanitize);
const textLimit = (field: string) => (PROFILE_TEXT_LIMITS as Record<string, number>)[field];

const DraftAnswerFields = Object.fromEntries(
  ONBOARDING_STEPS.flat().map((field) => {
    if (field === 'emailRemindersEnabled') return [field, z.boolean().optional()];
    const limit = textLimit(field);
    return [field, draftText(limit ? limit * OVERFLOW : CHOICE_MAX).optional()];
  }),
) as Record<(typeof ONBOARDING_STEPS)[number][number], z.ZodOptional<z.ZodType<string | boolean>>>;

export const OnboardingDraftInput = z
  .object({
    step: z.number().int().min(0).max(ONBOARDING_STEPS.length - 1),
    answers: z.object(DraftAnswerFields).strict(),
  })
  .strict();
export type OnboardingDraftInput = z.infer<typeof OnboardingDraftInput>;

