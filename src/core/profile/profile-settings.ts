import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.ts';
import { FounderProfileFields } from './founder-profile.ts';

const SEPARATOR_ANSWER = z.enum(['group', 'decimal']);

/**
 * Everything a founder may change in PATCH /api/me
 * (docs/onboarding-and-profile.md#profile-profile-and-patch-apime):
 * the profile's fields with onboarding's validation (founder-profile.ts), and the settings.
 * Every field is optional; absent means unchanged. Industry, team size and phase stay
 * required once answered: they can change but not be emptied.
 */
export const ProfileUpdateInput = FounderProfileFields.partial()
  .extend({
    preferredLanguage: z.enum(LANGUAGES).optional(),
    aiAssistanceEnabled: z.boolean().optional(),
    benchmarkSharing: z.boolean().optional(),
    /** The founder's answers to the number question, per mark (decision 250); the whole set is sent. */
    separatorAnswers: z.object({ '.': SEPARATOR_ANSWER.optional(), ',': SEPARATOR_ANSWER.optional() }).strict().optional(),
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;
