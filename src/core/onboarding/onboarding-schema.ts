import { z } from 'zod';
import { FounderProfileFields } from '../profile/founder-profile.ts';
import { DEFAULT_FRIDAY_HOUR, DEFAULT_MONDAY_HOUR } from '../profile/profile-fields.ts';

export { FOUNDER_TYPES, STARTUP_PHASES, TEAM_SIZES } from '../profile/profile-fields.ts';

/**
 * The onboarding answers (docs/product.md#onboarding; rules in docs/product.md#forms, keys
 * in docs/product.md#values), shared by the 4-step form and POST /api/onboarding: the
 * profile's fields (founder-profile.ts) but the core problem, which the strategy asks.
 * Industry, team size and phase are required; every other answer is optional and stored as
 * null when empty. The last name is not asked (the full name holds it, decision 145) but is
 * still accepted, so a client that sends it is not refused.
 */
export const OnboardingInput = FounderProfileFields.omit({ coreProblemStatement: true })
  .extend({
    // Asked with the country, which pre-selects it; absent keeps the profile's (USD by default).
    currency: FounderProfileFields.shape.currency.optional(),
    emailRemindersEnabled: FounderProfileFields.shape.emailRemindersEnabled.default(true),
    emailMondayHour: FounderProfileFields.shape.emailMondayHour.default(DEFAULT_MONDAY_HOUR),
    emailFridayHour: FounderProfileFields.shape.emailFridayHour.default(DEFAULT_FRIDAY_HOUR),
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
