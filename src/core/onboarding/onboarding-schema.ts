import { z } from 'zod';

/**
 * The onboarding answers (spec §2 "Onboarding", §5 "Onboarding"; API-CONTRACT "Values"),
 * shared by the 4-step form and POST /api/onboarding. Industry, team size and phase are
 * required; every other answer is optional and stored as null when empty.
 */
export const TEAM_SIZES = ['1', '2-5', '5-10', '11+'] as const;
export const STARTUP_PHASES = ['mvp', 'early-growth', 'scaling'] as const;
export const FOUNDER_TYPES = ['technical', 'business', 'vibe-coder', 'others'] as const;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalText = (max: number) =>
  z.preprocess(emptyToNull, z.string().trim().max(max, `Text is too long (max ${max} characters)`).nullable().optional());

const optionalUrl = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .max(2000)
    .refine((value) => URL.canParse(value), 'Invalid URL format')
    .refine((value) => /^https?:$/.test(new URL(value).protocol), 'Only http/https URLs are allowed')
    .nullable()
    .optional(),
);

export const OnboardingInput = z
  .object({
    // Step 1: about you
    fullName: optionalText(200),
    lastName: optionalText(200),
    nickname: optionalText(200),
    country: z.preprocess(emptyToNull, z.string().regex(/^[A-Z]{2}$/, 'Invalid country').nullable().optional()),
    // Step 2: the startup
    startupName: optionalText(200),
    industry: z.string().trim().min(1, 'Input cannot be empty').max(200),
    teamSize: z.enum(TEAM_SIZES),
    startupPhase: z.enum(STARTUP_PHASES),
    startupWebpageUrl: optionalUrl,
    linkedinLink: optionalUrl,
    // Step 3: customers and founder type
    customerInformation: optionalText(5000),
    founderCharacteristics: z.preprocess(emptyToNull, z.enum(FOUNDER_TYPES).nullable().optional()),
    // Step 4: habits
    emailRemindersEnabled: z.boolean().default(true),
    emailMondayHour: z.string().regex(HOUR, 'Invalid hour').default('09:00'),
    emailFridayHour: z.string().regex(HOUR, 'Invalid hour').default('17:00'),
    timeZone: z.preprocess(emptyToNull, z.string().max(64).nullable().optional()),
  })
  .strict();
export type OnboardingInput = z.infer<typeof OnboardingInput>;
