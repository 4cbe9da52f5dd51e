import { eq } from 'drizzle-orm';
import { PREMIUM_TIER, tierStatus } from '../../core/subscription/trial.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

/**
 * The one tier check (docs/billing.md#tiers). `users.user_tier` is 2 while a Premium period
 * is in force: the billing feature writes it with every subscription change, and its
 * schedule ends periods that have passed. The trial counts as tier 2 (core/subscription/trial.ts).
 * GET /api/me reads the same column through the same rule, so the page and the server agree.
 */
export async function effectiveTier(db: Executor, userId: string, trialDays: number, now: Date = new Date()): Promise<number> {
  const [row] = await db.select({ userTier: users.userTier, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return tierStatus(row, trialDays, now).effectiveUserTier;
}

/** For a service whose tier-2 part depends on its input (an old week): 403 PREMIUM_REQUIRED below tier 2. */
export async function requirePremium(db: Executor, userId: string, trialDays: number, now: Date = new Date()): Promise<void> {
  if ((await effectiveTier(db, userId, trialDays, now)) < PREMIUM_TIER) throw new AppError('PREMIUM_REQUIRED');
}
