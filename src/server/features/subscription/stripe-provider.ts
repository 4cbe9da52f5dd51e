import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { type SubscriptionEvent, isPremium, transition } from '../../../core/subscription/state-machine.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database, Executor } from '../../db/client.ts';
import { stripeWebhookEvents, subscriptions, users } from '../../db/schema/index.ts';
import type { StripeConfig } from '../../env.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Logger } from '../../logger.ts';
import { applyEvent, applyEventIn, lockSubscription, readSubscription, refusalError, stateOf } from './ledger.ts';
import type { BillingProvider, Founder, Invoice, WebhookOutcome } from './provider.ts';
import { idOf, isLive, stateFromStripe } from './stripe-state.ts';

/** The Stripe SDK pointed at Stripe, or at the address a test double listens on (STRIPE_API_URL). */
export function createStripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const protocol = api?.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return new Stripe(config.secretKey, {
    ...(api ? { host: api.hostname, port: api.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Rumbo' },
  });
}

/** Checkout opened twice within this window is the same session (a double click, a second tab). */
const CHECKOUT_IDEMPOTENCY_MS = 10 * 60 * 1000;
/** Stripe refuses a trial that ends sooner than 48 hours away. */
const MIN_TRIAL_MS = 48 * 60 * 60 * 1000;

/**
 * Stripe as the payment provider (docs/billing.md#stripe). Upgrading goes through Checkout
 * and the card and invoices through the Customer Portal. A change the founder makes here is
 * made at Stripe first and written to the ledger once Stripe accepted it; Stripe's signed
 * webhooks then confirm it or bring what happened there (renewals, failed payments, the
 * portal). Each webhook reads the subscription as Stripe has it now, so the order events
 * arrive in does not matter, and each event id is applied once.
 */
export function createStripeProvider(deps: { db: Database; bus: SessionEventBus; logger: Logger }, config: StripeConfig, stripe = createStripeClient(config)): BillingProvider {
  const { db, logger } = deps;

  /** A Stripe call: a missing object is ours to answer 404; any other failure changes nothing and says so. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') throw new AppError('NOT_FOUND');
      logger.error({ err: error, call: what }, 'stripe call failed');
      throw new AppError('PAYMENT_PROVIDER_ERROR');
    }
  }

  /** Whether the event applies, checked before Stripe is asked anything (a Free founder cannot cancel). */
  async function preflight(userId: string, event: SubscriptionEvent) {
    const row = await readSubscription(db, userId);
    const result = transition(stateOf(row), event);
    if (!result.ok) throw refusalError(result.refusal);
    return { row, changed: result.changed };
  }

  /** After Stripe accepted it: the founder's change, in the ledger. */
  const record = (founder: Founder, event: SubscriptionEvent) =>
    applyEvent(deps, founder.id, event, { source: 'founder', actorId: founder.id, provider: 'stripe' });

  /** Applies Stripe's record of one subscription to a founder, unless an older subscription's news would overwrite the current one. */
  async function sync(userId: string, subscription: Stripe.Subscription, providerEventId: string | undefined, tx: Executor) {
    const row = await lockSubscription(tx, userId);
    const tracked = row.stripeSubscriptionId;
    if (tracked && tracked !== subscription.id && isPremium(stateOf(row))) {
      // A late event about a subscription that is over, or a second one started alongside.
      if (!isLive(subscription)) return 'ignored' as const;
      logger.error({ userId, kept: tracked, cancelled: subscription.id }, 'second Stripe subscription for one founder: cancelled');
      await call('subscriptions.cancel', () => stripe.subscriptions.cancel(subscription.id));
      return 'ignored' as const;
    }
    const applied = await applyEventIn(
      tx,
      userId,
      { type: 'provider-sync', state: stateFromStripe(subscription, config.prices), at: new Date() },
      {
        source: 'provider',
        actorId: null,
        ...(providerEventId ? { providerEventId } : {}),
        provider: 'stripe',
        stripe: { customerId: idOf(subscription.customer) ?? undefined, subscriptionId: subscription.id },
      },
    );
    return applied.changed ? ('applied' as const) : ('unchanged' as const);
  }

  /** The founder a Stripe subscription belongs to: named in its metadata at Checkout, else found by its ids. */
  async function founderOf(subscription: Stripe.Subscription, hint: string | null): Promise<string | null> {
    const candidates = [hint, subscription.metadata?.userId].filter((id): id is string => Boolean(id));
    for (const id of candidates) {
      const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      if (found) return found.id;
    }
    const customerId = idOf(subscription.customer);
    const [bySubscription] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscription.id)).limit(1);
    if (bySubscription) return bySubscription.userId;
    if (!customerId) return null;
    const [byCustomer] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId)).limit(1);
    return byCustomer?.userId ?? null;
  }

  /** What an event is about: a subscription id and, from Checkout, the founder it was opened for. */
  function subjectOf(event: Stripe.Event): { subscriptionId: string | null; userId: string | null } {
    switch (event.type) {
      case 'checkout.session.completed':
        return { subscriptionId: idOf(event.data.object.subscription), userId: event.data.object.client_reference_id };
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return { subscriptionId: event.data.object.id, userId: null };
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return { subscriptionId: idOf(event.data.object.parent?.subscription_details?.subscription), userId: null };
      default:
        return { subscriptionId: null, userId: null };
    }
  }

  /** Marks a webhook event applied, in the transaction that applies it; false when it already was (a replay). */
  async function firstDelivery(tx: Executor, event: Stripe.Event): Promise<boolean> {
    const fresh = await tx.insert(stripeWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeWebhookEvents.id });
    return fresh.length > 0;
  }

  /** Reads the subscription as Stripe has it now and applies it (for a webhook event, once per event id). */
  async function retrieveAndSync(subscriptionId: string, userHint: string | null, event?: Stripe.Event): Promise<WebhookOutcome> {
    const subscription = await call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(subscriptionId));
    const userId = await founderOf(subscription, userHint);
    if (!userId) {
      if (event) await firstDelivery(db, event);
      return 'ignored';
    }
    const outcome = await db.transaction(async (tx) => {
      if (event && !(await firstDelivery(tx, event))) return 'replayed' as const;
      return sync(userId, subscription, event?.id, tx);
    });
    if (outcome === 'applied') await deps.bus.publish({ type: 'user-invalidated', userId });
    return outcome;
  }

  return {
    kind: 'stripe',

    async upgrade(founder, plan, returnUrl) {
      const at = new Date();
      const { row, changed } = await preflight(founder.id, { type: 'upgrade', plan, at });
      if (!changed) return { redirectUrl: null };
      const state = stateOf(row);
      // Granted months are not charged again: the first payment waits for their end.
      const trialEnd = isPremium(state) && state.periodEnd.getTime() - at.getTime() > MIN_TRIAL_MS ? Math.floor(state.periodEnd.getTime() / 1000) : undefined;
      const back = new URL(returnUrl);
      const success = new URL(back);
      success.searchParams.set('checkout', 'success');
      const cancel = new URL(back);
      cancel.searchParams.set('checkout', 'cancelled');
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: config.prices[plan], quantity: 1 }],
            client_reference_id: founder.id,
            ...(row?.stripeCustomerId ? { customer: row.stripeCustomerId } : { customer_email: founder.email }),
            // Stripe fills in {CHECKOUT_SESSION_ID}; URLSearchParams would escape its braces.
            success_url: `${success.toString()}&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: cancel.toString(),
            metadata: { userId: founder.id },
            subscription_data: { metadata: { userId: founder.id }, ...(trialEnd ? { trial_end: trialEnd } : {}) },
          },
          { idempotencyKey: `checkout:${founder.id}:${plan}:${Math.floor(at.getTime() / CHECKOUT_IDEMPOTENCY_MS)}` },
        ),
      );
      if (!session.url) throw new AppError('PAYMENT_PROVIDER_ERROR');
      return { redirectUrl: session.url };
    },

    async confirmCheckout(founder, sessionId) {
      if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) throw new AppError('NOT_FOUND');
      const session = await call('checkout.sessions.retrieve', () => stripe.checkout.sessions.retrieve(sessionId));
      // Another founder's session is as unknown as a missing one.
      if (session.client_reference_id !== founder.id) throw new AppError('NOT_FOUND');
      const subscriptionId = idOf(session.subscription);
      if (session.status !== 'complete' || !subscriptionId) return;
      await retrieveAndSync(subscriptionId, founder.id);
    },

    async switchPlan(founder, plan) {
      const event = { type: 'switch-plan', plan, at: new Date() } as const;
      const { row, changed } = await preflight(founder.id, event);
      if (!changed) return;
      if (row?.stripeSubscriptionId) {
        const subscriptionId = row.stripeSubscriptionId;
        const current = await call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(subscriptionId));
        const item = current.items.data[0];
        if (!item) throw new AppError('PAYMENT_PROVIDER_ERROR');
        // No proration: the period paid for stays; the next invoice has the new plan.
        await call('subscriptions.update', () =>
          stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: config.prices[plan] }], proration_behavior: 'none' }),
        );
      }
      await record(founder, event);
    },

    async end(founder, when, reason) {
      const event = { type: 'cancel', when, reason, at: new Date() } as const;
      const { row, changed } = await preflight(founder.id, event);
      if (!changed) return;
      const subscriptionId = row?.stripeSubscriptionId;
      if (subscriptionId && when === 'now') await call('subscriptions.cancel', () => stripe.subscriptions.cancel(subscriptionId));
      if (subscriptionId && when === 'period-end') await call('subscriptions.update', () => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
      await record(founder, event);
    },

    async reactivate(founder) {
      const event = { type: 'reactivate', at: new Date() } as const;
      const { row, changed } = await preflight(founder.id, event);
      if (!changed) return;
      const subscriptionId = row?.stripeSubscriptionId;
      if (subscriptionId) await call('subscriptions.update', () => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
      await record(founder, event);
    },

    async invoices(founder): Promise<Invoice[]> {
      const customer = (await readSubscription(db, founder.id))?.stripeCustomerId;
      if (!customer) return [];
      const list = await call('invoices.list', () => stripe.invoices.list({ customer, limit: 24 }));
      return list.data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number,
        createdAt: new Date(invoice.created * 1000).toISOString(),
        amountPaid: invoice.amount_paid,
        amountDue: invoice.amount_due,
        currency: invoice.currency,
        status: invoice.status,
        url: invoice.hosted_invoice_url ?? null,
      }));
    },

    async portalUrl(founder, returnUrl) {
      const customer = (await readSubscription(db, founder.id))?.stripeCustomerId;
      if (!customer) throw new AppError('NOT_FOUND');
      const session = await call('billingPortal.sessions.create', () => stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
      return session.url;
    },

    async stopBilling(userId) {
      const row = await readSubscription(db, userId);
      const subscriptionId = row?.stripeSubscriptionId;
      if (!subscriptionId || !isPremium(stateOf(row))) return;
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Already gone at Stripe: nothing left to charge.
        if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return;
        logger.error({ err: error, userId }, 'stripe cancellation for account deletion failed');
        throw new AppError('PAYMENT_PROVIDER_ERROR');
      }
    },

    webhooks: {
      verify(payload, signature) {
        return stripe.webhooks.constructEvent(payload, signature ?? '', config.webhookSecret);
      },
      async apply(event) {
        const [seen] = await db.select({ id: stripeWebhookEvents.id }).from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, event.id)).limit(1);
        if (seen) return 'replayed';
        const { subscriptionId, userId } = subjectOf(event);
        if (!subscriptionId) {
          await firstDelivery(db, event);
          return 'ignored';
        }
        return retrieveAndSync(subscriptionId, userId, event);
      },
    },
  };
}
