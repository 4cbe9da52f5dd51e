import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.ts';
import { TEXT_MAX, TITLE_MAX, optionalHttpUrl, optionalSafeText, safeText } from '../security/validate.ts';
import {
  STARTUP_PHASES,
  TEAM_SIZES,
  currency,
  hour,
  optionalCountry,
  optionalFounderType,
  optionalTimeZone,
} from './profile-fields.ts';

/**
 * Everything a founder may change in PATCH /api/me (API-CONTRACT "Profile and onboarding"):
 * the profile fields with onboarding's validation, and the settings. Every field is
 * optional; absent means unchanged. Industry, team size and phase stay required once
 * answered: they can change but not be emptied.
 */
export const ProfileUpdateInput = z
  .object({
    fullName: optionalSafeText(TITLE_MAX),
    lastName: optionalSafeText(TITLE_MAX),
    nickname: optionalSafeText(TITLE_MAX),
    country: optionalCountry(),
    startupName: optionalSafeText(TITLE_MAX),
    industry: safeText(TITLE_MAX).optional(),
    teamSize: z.enum(TEAM_SIZES).optional(),
    startupPhase: z.enum(STARTUP_PHASES).optional(),
    startupWebpageUrl: optionalHttpUrl(),
    linkedinLink: optionalHttpUrl(),
    customerInformation: optionalSafeText(TEXT_MAX),
    founderCharacteristics: optionalFounderType(),
    coreProblemStatement: optionalSafeText(TEXT_MAX),
    emailRemindersEnabled: z.boolean().optional(),
    emailMondayHour: hour().optional(),
    emailFridayHour: hour().optional(),
    timeZone: optionalTimeZone(),
    preferredLanguage: z.enum(LANGUAGES).optional(),
    currency: currency().optional(),
    aiAssistanceEnabled: z.boolean().optional(),
    benchmarkSharing: z.boolean().optional(),
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;
