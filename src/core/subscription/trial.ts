/**
 * The pricing promise (docs/product.md#tiers-and-trial): a new account has tier-2 features
 * for its first TRIAL_DAYS days, then its own tier. 0 trial days turns the trial off.
 */
export const FREE_TIER = 1;
export const PREMIUM_TIER = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

export type TierStatus = { isInTrial: boolean; effectiveUserTier: number; trialEndsAt: Date | null };

/**
 * `trialEligible` is false for an account whose address had one before: the trial is given
 * once per address, so deleting the account and signing up again does not restart it.
 */
export function tierStatus(
  account: { userTier: number; createdAt: Date; trialEligible: boolean },
  trialDays: number,
  now: Date = new Date(),
): TierStatus {
  const trialEndsAt = trialDays > 0 && account.trialEligible ? new Date(account.createdAt.getTime() + trialDays * DAY_MS) : null;
  const isInTrial = account.userTier < PREMIUM_TIER && trialEndsAt !== null && now < trialEndsAt;
  return {
    isInTrial,
    effectiveUserTier: isInTrial ? PREMIUM_TIER : account.userTier,
    trialEndsAt,
  };
}
