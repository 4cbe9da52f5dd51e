import { z } from 'zod';

/**
 * Referral codes (docs/referrals.md): eight characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L), so a code read aloud or copied by hand still works.
 */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
/** At most this many codes nobody has used yet. */
export const MAX_OPEN_REFERRAL_CODES = 10;
/** A founder is rewarded for at most this many referrals in any 365 days (decision 211). */
export const MAX_REFERRAL_REWARDS_PER_YEAR = 12;
/** What both founders get when the invited one completes onboarding (docs/product.md#points). */
export const REFERRAL_REWARD_MONTHS = 1;

export const REFERRAL_STATUSES = ['available', 'pending', 'rewarded'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A `ref` value as typed or pasted: trimmed and upper-cased; anything else is no code at all. */
export function normaliseReferralCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const code = value.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** Any string: one that is not a usable code answers 404 like every other (no hint about which exist). */
export const ReferralCodeParam = z.object({ code: z.string() });

/** Which side of a rewarded referral a notice tells: the founder who invited, or the one invited. */
export const REFERRAL_NOTICE_ROLES = ['inviter', 'invited'] as const;
export type ReferralNoticeRole = (typeof REFERRAL_NOTICE_ROLES)[number];

/** The id of a notice in the URL: a positive whole number, anything else is 400. */
export const ReferralNoticeParam = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/).transform(Number) });
