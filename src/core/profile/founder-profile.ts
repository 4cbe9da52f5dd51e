import { z } from 'zod';
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
 * The founder profile's fields, each with its validation, declared once: onboarding
 * (onboarding-schema.ts) asks most of them and requires the startup's basics; the profile
 * (profile-settings.ts) lets every one change (docs/onboarding-and-profile.md). Texts are
 * sanitised before they are validated; optional answers left empty are stored as null.
 */
export const FounderProfileFields = z.object({
  fullName: optionalSafeText(PROFILE_TEXT_LIMITS.fullName),
  lastName: optionalSafeText(PROFILE_TEXT_LIMITS.lastName),
  nickname: optionalSafeText(PROFILE_TEXT_LIMITS.nickname),
  country: optionalCountry(),
  currency: currency(),
  startupName: optionalSafeText(PROFILE_TEXT_LIMITS.startupName),
  industry: safeText(PROFILE_TEXT_LIMITS.industry),
  teamSize: z.enum(TEAM_SIZES),
  startupPhase: z.enum(STARTUP_PHASES),
  startupWebpageUrl: optionalHttpUrl(),
  linkedinLink: optionalHttpUrl(),
  customerInformation: optionalSafeText(PROFILE_TEXT_LIMITS.customerInformation),
  founderCharacteristics: optionalFounderType(),
  coreProblemStatement: optionalSafeText(PROFILE_TEXT_LIMITS.coreProblemStatement),
  emailRemindersEnabled: z.boolean(),
  emailMondayHour: hour(),
  emailFridayHour: hour(),
  timeZone: optionalTimeZone(),
});
