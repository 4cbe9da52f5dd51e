import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.ts';
import { optionalHttpUrl, optionalSafeText, safeText } from '../security/validate.ts';
import {
  PROFILE_TEXT_LIMITS,
  STARTUP_PHASES,
  TEAM_SIZES,
  currency,
  hour,
  optionalCountry,
  optionalFounderType,
  optionalTimeZone,
} from './profile-fields.ts';

/**
 * Everything a founder may change in PATCH /api/me
 * (docs/onboarding-and-profile.md#profile-profile-and-patch-apime):
 * the profile fields with onboarding's validation, and the settings. Every field is
 * optional; absent means unchanged. Industry, team size and phase stay required once
 * answered: they can change but not be emptied.
 */
export const ProfileUpdateInput = z
  .object({
    fullName: optionalSafeText(PROFILE_TEXT_LIMITS.fullName),
    lastName: optionalSafeText(PROFILE_TEXT_LIMITS.lastName),
    nickname: optionalSafeText(PROFILE_TEXT_LIMITS.nickname),
    country: optionalCountry(),
    startupName: optionalSafeText(PROFILE_TEXT_LIMITS.startupName),
    industry: safeText(PROFILE_TEXT_LIMITS.industry).optional(),
    teamSize: z.enum(TEAM_SIZES).optional(),
    startupPhase: z.enum(STARTUP_PHASES).optional(),
    startupWebpageUrl: optionalHttpUrl(),
    linkedinLink: optionalHttpUrl(),
    customerInformation: optionalSafeText(PROFILE_TEXT_LIMITS.customerInformation),
    founderCharacteristics: optionalFounderType(),
    coreProblemStatement: optionalSafeText(PROFILE_TEXT_LIMITS.coreProblemStatement),
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
