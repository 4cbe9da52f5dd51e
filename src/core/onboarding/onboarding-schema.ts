import { z } from 'zod';
import { TITLE_MAX, TEXT_MAX, optionalHttpUrl, optionalSafeText, safeText } from '../security/validate.ts';
import {
  DEFAULT_FRIDAY_HOUR,
  DEFAULT_MONDAY_HOUR,
  STARTUP_PHASES,
  TEAM_SIZES,
  hour,
  optionalCountry,
  optionalFounderType,
  optionalTimeZone,
} from '../profile/profile-fields.ts';

export { FOUNDER_TYPES, STARTUP_PHASES, TEAM_SIZES } from '../profile/profile-fields.ts';

/**
 * The onboarding answers (spec §2 "Onboarding", §5 "Onboarding"; API-CONTRACT "Values"),
 * shared by the 4-step form and POST /api/onboarding. Every text is sanitised (spec §5)
 * before it is validated. Industry, team size and phase are
 * required; every other answer is optional and stored as null when empty.
 */
export const OnboardingInput = z
  .object({
    // Step 1: about you
    fullName: optionalSafeText(TITLE_MAX),
    lastName: optionalSafeText(TITLE_MAX),
    nickname: optionalSafeText(TITLE_MAX),
    country: optionalCountry(),
    // Step 2: the startup
    startupName: optionalSafeText(TITLE_MAX),
    industry: safeText(TITLE_MAX),
    teamSize: z.enum(TEAM_SIZES),
    startupPhase: z.enum(STARTUP_PHASES),
    startupWebpageUrl: optionalHttpUrl(),
    linkedinLink: optionalHttpUrl(),
    // Step 3: customers and founder type
    customerInformation: optionalSafeText(TEXT_MAX),
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
  ['fullName', 'lastName', 'nickname', 'country'],
  ['startupName', 'industry', 'teamSize', 'startupPhase', 'startupWebpageUrl', 'linkedinLink'],
  ['customerInformation', 'founderCharacteristics'],
  ['emailRemindersEnabled', 'emailMondayHour', 'emailFridayHour', 'timeZone'],
] as const satisfies readonly (readonly (keyof OnboardingInput)[])[];
