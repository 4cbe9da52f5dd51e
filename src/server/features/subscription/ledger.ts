import { desc, eq } from 'drizzle-orm';
import {
  FREE,
  isPremium,
  type Refusal,
  type SubscriptionEvent,
  type SubscriptionState,
  transition,
} from '../../../core/subscription/state-machine.ts';
import { FREE_TIER, PREMIUM_TIER } from '../../../core/subscription/trial.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database, Executor } from '../../db/client.ts';
import { subscriptionEvents, subscriptionNotices, subscriptions, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { awardPoints } from '../gamification/index.ts';

/**
 * The only writer of subscriptions (docs/billing.md#the-ledger). Each accepted change, in one
 * transaction: the row's new state, its event in subscription_events, the tier every check
 * reads (users.user_tier), the 50-point upgrade bonus the first time a paid plan starts
 * (once per account ever: the points ledger's key decides), and the "Premium ended" e-mail
 * owed when Premium ends. The founder's row is locked first, so two requests at once (a
 * double click) apply one after the other: the second finds the first's result.
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type EventSource = 'founder' | 'provider' | 'schedule' | 'account-deletion' | 'referral';

export type EventOrigin = {
  source: EventSource;
  /** Who acted: the founder for their own changes, null for the system. */
  actorId: string | null;
  /** The payment provider's event behind it (Stripe's `evt_…`). */
  providerEventId?: string;
  /** Who keeps the subscription from now on, and its ids there. */
  provider?: 'local' | 'stripe';
  stripe?: { customerId?: string; subscriptionId?: string | null };
};

export function stateOf(row: SubscriptionRow | undefined): SubscriptionState {
  if (!row || row.status === 'free' || !row.anchor || !row.periodStart || !row.periodEnd) return FREE;
  return {
    status: row.status,
    plan: row.plan,
    anchor: row.anchor,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

function columnsOf(state: SubscriptionState) {
  if (!isPremium(state)) return { status: 'free' as const, plan: null, anchor: null, periodStart: null, periodEnd: null, cancelAtPeriodEnd: false };
  const { status, plan, anchor, periodStart, periodEnd, cancelAtPeriodEnd } = state;
  return { status, plan, anchor, periodStart, periodEnd, cancelAtPeriodEnd };
}

/** A paid plan, as opposed to Free or granted months: what earns the upgrade bonus. */
const isPaid = (state: SubscriptionState) => isPremium(state) && state.plan !== null;

const REFUSALS: Record<Refusal, 'NOT_SUBSCRIBED' | 'ALREADY_PREMIUM' | null> = {
  'not-subscribed': 'NOT_SUBSCRIBED',
  'not-renewing': 'NOT_SUBSCRIBED',
  'already-premium': 'ALREADY_PREMIUM',
  // The schedule and the referral reward never send these; reaching here is a bug.
  'not-due': null,
  'invalid-months': null,
};

export function refusalError(refusal: Refusal): Error {
  const code = REFUSALS[refusal];
  return code ? new AppError(code) : new Error(`subscription event refused: ${refusal}`);
}

/** The founder's row, locked until the transaction ends (made, Free, on first use). */
export async function lockSubscription(tx: Executor, userId: string): Promise<SubscriptionRow> {
  await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export type Applied = { previous: SubscriptionState; state: SubscriptionState; changed: boolean };

/** Applies one event inside the caller's transaction (account deletion ends Premium in its own). */
export async function applyEventIn(tx: Executor, userId: string, event: SubscriptionEvent, origin: EventOrigin): Promise<Applied> {
  const row = await lockSubscription(tx, userId);
  const previous = stateOf(row);
  const result = transition(previous, event);
  if (!result.ok) throw refusalError(result.refusal);
  const links = {
    ...(origin.provider ? { provider: origin.provider } : {}),
    ...(origin.stripe?.customerId ? { stripeCustomerId: origin.stripe.customerId } : {}),
    ...(origin.stripe?.subscriptionId !== undefined ? { stripeSubscriptionId: origin.stripe.subscriptionId } : {}),
  };
  if (!result.changed) {
    if (Object.keys(links).length > 0) await tx.update(subscriptions).set({ ...links, updatedAt: event.at }).where(eq(subscriptions.userId, userId));
    return { previous, state: previous, changed: false };
  }
  const state = result.state;
  await tx.update(subscriptions).set({ ...columnsOf(state), ...links, updatedAt: event.at }).where(eq(subscriptions.userId, userId));
  await tx.insert(subscriptionEvents).values({
    userId,
    type: event.type,
    source: origin.source,
    actorId: origin.actorId,
    event,
    state,
    providerEventId: origin.providerEventId ?? null,
    createdAt: event.at,
  });
  await tx.update(users).set({ userTier: isPremium(state) ? PREMIUM_TIER : FREE_TIER, updatedAt: event.at }).where(eq(users.id, userId));
  if (!isPaid(previous) && isPaid(state)) await awardPoints(tx, { userId, event: 'upgrade-bonus', sourceId: 'premium', at: event.at });
  if (isPremium(previous) && !isPremium(state) && origin.source !== 'account-deletion') {
    // One e-mail per Premium that ends, however many instances notice it (subscription_notices).
    // Its time is when Premium ended: the period's end when the schedule ends it a little later.
    const endedAt = event.type === 'period-ended' && previous.periodEnd < event.at ? previous.periodEnd : event.at;
    await tx
      .insert(subscriptionNotices)
      .values({ userId, kind: 'premium-ended', key: previous.anchor.toISOString(), createdAt: endedAt })
      .onConflictDoNothing();
  }
  return { previous, state, changed: true };
}

export type LedgerDeps = { db: Database; bus: SessionEventBus };

/** Applies one event in its own transaction; every instance then forgets the founder's cached profile (its tier). */
export async function applyEvent(deps: LedgerDeps, userId: string, event: SubscriptionEvent, origin: EventOrigin): Promise<Applied> {
  const applied = await deps.db.transaction((tx) => applyEventIn(tx, userId, event, origin));
  if (applied.changed) await deps.bus.publish({ type: 'user-invalidated', userId });
  return applied;
}

export async function readSubscription(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** The founder's changes, newest first (the local provider's history; the admin's view). */
export async function listEvents(db: Executor, userId: string, limit = 50) {
  return db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, userId))
    .orderBy(desc(subscriptionEvents.id))
    .limit(limit);
}
