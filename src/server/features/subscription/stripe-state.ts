import type Stripe from 'stripe';
import { FREE, type SubscriptionState } from '../../../core/subscription/state-machine.ts';
import type { Plan } from '../../../core/subscription/plans.ts';

/** Stripe statuses under which the founder has paid for the period in force (past_due: Stripe is still retrying). */
const LIVE = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due']);

export const isLive = (subscription: Stripe.Subscription) => LIVE.has(subscription.status);

export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The plan of a Stripe price: one of the two configured, else by its billing interval. */
function planOf(price: Stripe.Price, prices: Record<Plan, string>): Plan {
  if (price.id === prices.annual) return 'annual';
  if (price.id === prices.monthly) return 'monthly';
  return price.recurring?.interval === 'year' ? 'annual' : 'monthly';
}

/**
 * Stripe's record of a subscription as the state machine's state. Canceled, unpaid,
 * incomplete and paused subscriptions are Free; a trial Stripe gives (granted months pushed
 * the first charge back) is Premium like any paid period.
 */
export function stateFromStripe(subscription: Stripe.Subscription, prices: Record<Plan, string>): SubscriptionState {
  const item = subscription.items.data[0];
  if (!item || !isLive(subscription)) return FREE;
  return {
    status: subscription.status === 'past_due' ? 'past_due' : 'active',
    plan: planOf(item.price, prices),
    anchor: new Date(subscription.billing_cycle_anchor * 1000),
    periodStart: new Date(item.current_period_start * 1000),
    periodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}
