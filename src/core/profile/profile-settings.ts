import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.ts';

/**
 * Settings a founder changes from anywhere in the app (PATCH /api/me). The profile
 * fields proper (names, startup, habits) join this schema with onboarding.
 */
export const ProfileSettingsInput = z
  .object({
    preferredLanguage: z.enum(LANGUAGES),
  })
  .partial()
  .strict();
export type ProfileSettingsInput = z.infer<typeof ProfileSettingsInput>;
