import type { Executor } from '../../db/client.ts';
import { applyEvent, applyEventIn, type LedgerDeps, lockSubscription, stateOf } from './ledger.ts';
import { isPremium } from '../../../core/subscription/state-machine.ts';

/**
 * Account deletion (docs/decisions/025-account-deletion.md): inside the deletion's own
 * transaction, Premium ends now. The provider has been told to stop charging before
 * (BillingProvider.stopBilling), so no renewal comes after.
 */
export async function endForDeletion(tx: Executor, userId: string, at: Date = new Date()): Promise<void> {
  const row = await lockSubscription(tx, userId);
  if (!isPremium(stateOf(row))) return;
  await applyEventIn(tx, userId, { type: 'cancel', when: 'now', reason: 'cancel', at }, { source: 'account-deletion', actorId: userId });
}

/**
 * Months of Premium given, not bought (a referral reward): they extend the current period,
 * or start one that ends by itself.
 */
export async function grantMonths(deps: LedgerDeps, userId: string, months: number, at: Date = new Date()) {
  return applyEvent(deps, userId, { type: 'grant-months', months, at }, { source: 'referral', actorId: null });
}

/** The same grant inside the caller's transaction (both sides of a referral reward commit together); the caller tells every instance afterwards. */
export async function grantMonthsIn(tx: Executor, userId: string, months: number, at: Date = new Date()) {
  return applyEventIn(tx, userId, { type: 'grant-months', months, at }, { source: 'referral', actorId: null });
}
