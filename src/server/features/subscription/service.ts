import { eq } from 'drizzle-orm';
import { daysLeft } from '../../../core/subscription/billing-dates.ts';
import { parseEvent } from '../../../core/subscription/ledger-json.ts';
import { PLAN_PRICES, PRICE_CURRENCY } from '../../../core/subscription/plans.ts';
import { isPremium } from '../../../core/subscription/state-machine.ts';
import { tierStatus } from '../../../core/subscription/trial.ts';
import { POINTS_BY_EVENT } from '../../../core/gamification/points.ts';
import type { Executor } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { wasAwarded } from '../gamification/index.ts';
import { listEvents, stateOf } from './ledger.ts';

/** What a founder reads on /subscription (and an admin, read only). */
export type SubscriptionView = Awaited<ReturnType<typeof subscriptionView>>;

/**
 * The founder's plan as the Subscription page shows it: trialing (Premium features, no
 * plan), Free or Premium, with the dates that matter and the recent changes.
 */
export async function subscriptionView(db: Executor, userId: string, options: { trialDays: number; provider: 'local' | 'stripe'; now?: Date }) {
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ userTier: users.userTier, createdAt: users.createdAt, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const [events, bonusAwarded] = await Promise.all([listEvents(db, userId, 20), wasAwarded(db, userId, 'upgrade-bonus')]);
  const state = stateOf(row.subscription ?? undefined);
  const trial = tierStatus(row, options.trialDays, now);
  const premium = isPremium(state) ? state : null;
  return {
    provider: options.provider,
    phase: premium ? ('premium' as const) : trial.isInTrial ? ('trialing' as const) : ('free' as const),
    status: state.status,
    plan: premium?.plan ?? null,
    periodStart: premium?.periodStart.toISOString() ?? null,
    periodEnd: premium?.periodEnd.toISOString() ?? null,
    cancelAtPeriodEnd: premium?.cancelAtPeriodEnd ?? false,
    trialEndsAt: trial.isInTrial && trial.trialEndsAt ? trial.trialEndsAt.toISOString() : null,
    trialDaysLeft: trial.isInTrial && trial.trialEndsAt ? daysLeft(trial.trialEndsAt, now) : 0,
    effectiveUserTier: trial.effectiveUserTier,
    prices: { currency: PRICE_CURRENCY, monthly: PLAN_PRICES.monthly, annual: PLAN_PRICES.annual },
    upgradeBonus: { points: POINTS_BY_EVENT['upgrade-bonus'], awarded: bonusAwarded },
    /** Stripe's Customer Portal exists once the founder has paid through Checkout. */
    canManageBilling: options.provider === 'stripe' && Boolean(row.subscription?.stripeCustomerId),
    history: events.map((entry) => historyEntry(entry)),
  };
}

/** One change as the page lists it: what happened, from where, and the plan and end it led to. */
function historyEntry(entry: Awaited<ReturnType<typeof listEvents>>[number]) {
  const event = parseEvent(entry.event);
  const state = entry.state as { status: string; plan?: string | null; periodEnd?: string; cancelAtPeriodEnd?: boolean };
  return {
    id: entry.id,
    type: event.type,
    source: entry.source,
    at: entry.createdAt.toISOString(),
    plan: 'plan' in event ? event.plan : null,
    when: event.type === 'cancel' ? event.when : null,
    reason: event.type === 'cancel' ? event.reason : null,
    months: event.type === 'grant-months' ? event.months : null,
    status: state.status,
    periodEnd: state.periodEnd ?? null,
  };
}

/**
 * Where Checkout and the Customer Portal send the founder back: a path or a URL on Rumbo's
 * own origin, never another site (an open redirect through our name).
 */
export function sameOriginUrl(appUrl: string, input: string | undefined, fallbackPath: string): string {
  const base = new URL(appUrl);
  let url: URL | null;
  try {
    url = new URL(input ?? fallbackPath, base);
  } catch {
    url = null;
  }
  if (!url || url.origin !== base.origin) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'returnUrl', message: 'validation:subscription.returnUrl' }] });
  }
  return url.toString();
}

/**
 * An admin's read-only look at a founder's subscription: the plan as the founder sees it and
 * the whole ledger, with who made each change and the provider's event behind it.
 */
export async function subscriptionForAdmin(db: Executor, userId: string, options: { trialDays: number; provider: 'local' | 'stripe' }) {
  const [subscription, events] = await Promise.all([subscriptionView(db, userId, options), listEvents(db, userId, 200)]);
  return {
    subscription,
    events: events.map((entry) => ({
      ...historyEntry(entry),
      actorId: entry.actorId,
      providerEventId: entry.providerEventId,
      cancelAtPeriodEnd: (entry.state as { cancelAtPeriodEnd?: boolean }).cancelAtPeriodEnd ?? false,
    })),
  };
}
/** What an admin reads of a founder's subscription (GET /api/admin/users/:userId/subscription). */
export type AdminSubscription = Awaited<ReturnType<typeof subscriptionForAdmin>>;
