import { z } from 'zod';
import { optionalHttpUrl, optionalSafeText, safeText } from '../security/validate.ts';
import {
  DEFAULT_FRIDAY_HOUR,
  DEFAULT_MONDAY_HOUR,
  PROFILE_TEXT_LIMITS,
  STARTUP_PHASES,
  TEAM_SIZES,
  currency,
  hour,
  optionalCountry,
  optionalFounderType,
  optionalTimeZone,
} from '../profile/profile-fields.ts';

export { FOUNDER_TYPES, STARTUP_PHASES, TEAM_SIZES } from '../profile/profile-fields.ts';

/**
 * The onboarding answers (docs/product.md#onboarding; rules in docs/product.md#forms, keys
 * in docs/product.md#values), shared by the 4-step form and POST /api/onboarding. Every text is sanitised
 * before it is validated. Industry, team size and phase are
 * required; every other answer is optional and stored as null when empty.
 */
export const OnboardingInput = z
  .object({
    // Step 1: about you
    fullName: optionalSafeText(PROFILE_TEXT_LIMITS.fullName),
    // Not asked in step 1 (the full name holds it, decision 145); still accepted so a client
    // that sends it is not refused.
    lastName: optionalSafeText(PROFILE_TEXT_LIMITS.lastName),
    nickname: optionalSafeText(PROFILE_TEXT_LIMITS.nickname),
    country: optionalCountry(),
    // Asked with the country, which pre-selects it; absent keeps the profile's (USD by default).
    currency: currency().optional(),
    // Step 2: the startup
    startupName: optionalSafeText(PROFILE_TEXT_LIMITS.startupName),
    industry: safeText(PROFILE_TEXT_LIMITS.industry),
    teamSize: z.enum(TEAM_SIZES),
    startupPhase: z.enum(STARTUP_PHASES),
    startupWebpageUrl: optionalHttpUrl(),
    linkedinLink: optionalHttpUrl(),
    // Step 3: customers and founder type
    customerInformation: optionalSafeText(PROFILE_TEXT_LIMITS.customerInformation),
    founderCharacteristics: optionalFounderType(),
    // Step 4: habits
    emailRemindersEnabled: z.boolean().default(true),
    emailMondayHour: hour().default(DEFAULT_MONDAY_HOUR),
    emailFridayHour: hour().default(DEFAULT_FRIDAY_HOUR),
    timeZone: optionalTimeZone(),
  })
  .strict();
export type OnboardingInput = z.infer<typeof OnboardingInput>;

/** The fields of each step, in order: the form validates a step before moving on. */
export const ONBOARDING_STEPS = [
  ['fullName', 'nickname', 'country', 'currency'],
  ['startupName', 'industry', 'teamSize', 'startupPhase', 'startupWebpageUrl', 'linkedinLink'],
  ['customerInformation', 'founderCharacteristics'],
  ['emailRemindersEnabled', 'emailMondayHour', 'emailFridayHour', 'timeZone'],
] as const satisfies readonly (readonly (keyof OnboardingInput)[])[];
