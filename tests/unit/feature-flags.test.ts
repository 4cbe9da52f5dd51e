import { describe, expect, it } from 'vitest';
import { FeatureFlagInput, flagCohort, flagEnabled } from '../../src/core/flags/feature-flags.ts';

describe('a founder’s flag cohort', () => {
  it('is the same on every call, 0–99, and spread evenly over many founders', () => {
    expect(flagCohort('onboarding_revamp_v1_rollout', 'user-1')).toBe(flagCohort('onboarding_revamp_v1_rollout', 'user-1'));
    const cohorts = Array.from({ length: 2000 }, (_, index) => flagCohort('onboarding_revamp_v1_rollout', `user-${index}`));
    expect(cohorts.every((cohort) => Number.isInteger(cohort) && cohort >= 0 && cohort < 100)).toBe(true);
    // A 30 % rollout reaches about 30 % of founders.
    const under30 = cohorts.filter((cohort) => cohort < 30).length / cohorts.length;
    expect(under30).toBeGreaterThan(0.25);
    expect(under30).toBeLessThan(0.35);
  });

  it('differs between flags, so the same founders are not first in every rollout', () => {
    const ids = Array.from({ length: 200 }, (_, index) => `user-${index}`);
    const same = ids.filter((id) => flagCohort('onboarding_revamp_v1_rollout', id) === flagCohort('onboarding_admin_override_v1_rollout', id));
    expect(same.length).toBeLessThan(20);
  });

  it('turns on under the rollout or on the override list', () => {
    const id = 'user-7';
    const cohort = flagCohort('x', id);
    expect(flagEnabled('x', id, { rolloutPercent: cohort, overrideUserIds: [] })).toBe(false);
    expect(flagEnabled('x', id, { rolloutPercent: cohort + 1, overrideUserIds: [] })).toBe(true);
    expect(flagEnabled('x', id, { rolloutPercent: 0, overrideUserIds: [id] })).toBe(true);
  });

  it('accepts a rollout of 0–100 only', () => {
    expect(FeatureFlagInput.safeParse({ rolloutPercent: 100, overrideEmails: [] }).success).toBe(true);
    expect(FeatureFlagInput.safeParse({ rolloutPercent: 0, overrideEmails: ['a@b.co'] }).success).toBe(true);
    for (const rolloutPercent of [101, -1, 5.5]) expect(FeatureFlagInput.safeParse({ rolloutPercent, overrideEmails: [] }).success).toBe(false);
  });
});
