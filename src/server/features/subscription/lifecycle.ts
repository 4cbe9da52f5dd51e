import type { Executor } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { tierStatus } from '../../../core/subscription/trial.ts';
import { users } from '../../db/schema/index.ts';
import { applyEventIn } from './ledger.ts';

/**
 * Where granted months start for a founder on Free: the end of their trial while it runs
 * (so a month given during the trial is added on top of it), else now.
 */
async function trialEndIn(tx: Executor, userId: string, trialDays: number, at: Date): Promise<Date | undefined> {
  const [founder] = await tx
    .select({ userTier: users.userTier, createdAt: users.createdAt, trialEligible: users.trialEligible })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const trial = founder ? tierStatus(founder, trialDays, at) : null;
  return trial?.isInTrial && trial.trialEndsAt ? trial.trialEndsAt : undefined;
}

/**
 * Months of Premium given, not bought (a referral reward), inside the caller's transaction (both
 * sides of a referral reward commit together; the caller tells every instance afterwards). They
 * extend the current period, or start one that ends by itself, after the trial when the founder
 * is in one.
 */
export async function grantMonthsIn(tx: Executor, userId: string, months: number, options: { trialDays: number }, at: Date = new Date()) {
  const startsAt = await trialEndIn(tx, userId, options.trialDays, at);
  return applyEventIn(tx, userId, { type: 'grant-months', months, at, ...(startsAt ? { startsAt } : {}) }, { source: 'referral', actorId: null });
}
