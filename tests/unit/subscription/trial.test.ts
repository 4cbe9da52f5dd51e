import { describe, expect, it } from 'vitest';
import { tierStatus } from '../../../src/core/subscription/trial.ts';

const created = new Date('2026-01-01T00:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('tierStatus', () => {
  it('gives a free account premium features during its first 14 days', () => {
    const status = tierStatus({ userTier: 1, createdAt: created, trialEligible: true }, 14, new Date(created.getTime() + 13 * day));
    expect(status).toMatchObject({ isInTrial: true, effectiveUserTier: 2 });
  });
  it('ends the trial on day 14', () => {
    const status = tierStatus({ userTier: 1, createdAt: created, trialEligible: true }, 14, new Date(created.getTime() + 14 * day));
    expect(status).toMatchObject({ isInTrial: false, effectiveUserTier: 1 });
  });
  it('is off with 0 trial days', () => {
    expect(tierStatus({ userTier: 1, createdAt: created, trialEligible: true }, 0, created)).toMatchObject({ isInTrial: false, effectiveUserTier: 1, trialEndsAt: null });
  });
  it('gives no trial to an account whose address had one before', () => {
    expect(tierStatus({ userTier: 1, createdAt: created, trialEligible: false }, 14, created)).toMatchObject({ isInTrial: false, effectiveUserTier: 1, trialEndsAt: null });
  });
  it('does not mark a premium account as trialling', () => {
    expect(tierStatus({ userTier: 2, createdAt: created, trialEligible: true }, 14, created)).toMatchObject({ isInTrial: false, effectiveUserTier: 2 });
  });
});
