import { z } from 'zod';

/** The feature flags Rumbo knows (decision 205); each starts at 0 % with no overrides. */
export const FEATURE_FLAGS = ['onboarding_revamp_v1_rollout', 'onboarding_admin_override_v1_rollout'] as const;
export type FeatureFlagName = (typeof FEATURE_FLAGS)[number];
export const FeatureFlagName = z.enum(FEATURE_FLAGS);

export const FLAG_OVERRIDES_MAX = 200;

/** PUT /api/admin/feature-flags/:name: the rollout (0–100 %) and the founders who always get the flag, by e-mail. */
export const FeatureFlagInput = z
  .object({
    rolloutPercent: z.number().int().min(0).max(100),
    overrideEmails: z.array(z.string().trim().toLowerCase().email().max(254)).max(FLAG_OVERRIDES_MAX),
  })
  .strict();
export type FeatureFlagInput = z.infer<typeof FeatureFlagInput>;

/**
 * A founder's cohort for one flag, 0–99: FNV-1a (32 bit) of `<flag>:<user id>`, so it never
 * changes for the same founder and flag, and differs from one flag to the next (decision 205).
 */
export function flagCohort(flag: string, userId: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${flag}:${userId}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** On when the founder is on the override list or their cohort falls under the rollout. */
export function flagEnabled(flag: string, userId: string, setting: { rolloutPercent: number; overrideUserIds: readonly string[] }): boolean {
  return setting.overrideUserIds.includes(userId) || flagCohort(flag, userId) < setting.rolloutPercent;
}
