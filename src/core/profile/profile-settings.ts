import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.ts';
import { FounderProfileFields } from './founder-profile.ts';

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
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;
