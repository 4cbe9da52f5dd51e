import { z } from 'zod';
import { TITLE_MAX, TEXT_MAX, optionalHttpUrl, optionalSafeText, safeText } from '../security/validate.ts';

/**
 * The onboarding answers (spec §2 "Onboarding", §5 "Onboarding"; API-CONTRACT "Values"),
 * shared by the 4-step form and POST /api/onboarding. Every text is sanitised (spec §5)
 * before it is validated. Industry, team size and phase are
 * required; every other answer is optional and stored as null when empty.
 */
export const TEAM_SIZES = ['1', '2-5', '5-10', '11+'] as const;
export const STARTUP_PHASES = ['mvp', 'early-growth', 'scaling'] as const;
export const FOUNDER_TYPES = ['technical', 'business', 'vibe-coder', 'others'] as const;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const OnboardingInput = z
  .object({
    // Step 1: about you
    fullName: optionalSafeText(TITLE_MAX),
    lastName: optionalSafeText(TITLE_MAX),
    nickname: optionalSafeText(TITLE_MAX),
    country: z.preprocess(emptyToNull, z.string().regex(/^[A-Z]{2}$/, 'Invalid country').nullable().optional()),
    // Step 2: the startup
    startupName: optionalSafeText(TITLE_MAX),
    industry: safeText(TITLE_MAX),
    teamSize: z.enum(TEAM_SIZES),
    startupPhase: z.enum(STARTUP_PHASES),
    startupWebpageUrl: optionalHttpUrl(),
    linkedinLink: optionalHttpUrl(),
    // Step 3: customers and founder type
    customerInformation: optionalSafeText(TEXT_MAX),
    founderCharacteristics: z.preprocess(emptyToNull, z.enum(FOUNDER_TYPES).nullable().optional()),
    // Step 4: habits
    emailRemindersEnabled: z.boolean().default(true),
    emailMondayHour: z.string().regex(HOUR, 'Invalid hour').default('09:00'),
    emailFridayHour: z.string().regex(HOUR, 'Invalid hour').default('17:00'),
    timeZone: z.preprocess(emptyToNull, z.string().max(64).nullable().optional()),
  })
  .strict();
export type OnboardingInput = z.infer<typeof OnboardingInput>;
