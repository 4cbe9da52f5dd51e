import type Stripe from 'stripe';
import type { EndReason, EndWhen } from '../../../core/subscription/state-machine.ts';
import type { Plan } from '../../../core/subscription/plans.ts';
import { AppError } from '../../platform/app-error.ts';
import { applyEvent, type LedgerDeps } from './ledger.ts';

/** The signed-in founder a change is for: always their own subscription. */
export type Founder = { id: string; email: string };

/** One invoice as the Subscription page lists it (Stripe only; amounts in the currency's smallest unit). */
export type Invoice = {
  id: string;
  number: string | null;
  createdAt: string;
  amountPaid: number;
  amountDue: number;
  currency: string;
  status: string | null;
  url: string | null;
};

/** GET /api/subscription/invoices: the founder's invoices (none with the local provider). */
export type Invoices = { invoices: Invoice[] };

/** What a webhook delivery did: changed the subscription, confirmed it as it was, was about nobody here, or was seen before. */
export type WebhookOutcome = 'applied' | 'unchanged' | 'ignored' | 'replayed';

/**
 * Who takes the money (docs/billing.md#providers). The local provider, when no payment
 * provider is configured, applies every change at once; Stripe sends the founder to
 * Checkout and the Customer Portal and its signed webhooks move the state. Both write
 * through the one ledger (ledger.ts), so the state machine decides in either case.
 */
export interface BillingProvider {
  readonly kind: 'local' | 'stripe';
  /** Local: Premium starts now (`redirectUrl` null). Stripe: the Checkout page to send the founder to. */
  upgrade(founder: Founder, plan: Plan, returnUrl: string): Promise<{ redirectUrl: string | null }>;
  /** The current period stays as paid; the next one has the new plan. */
  switchPlan(founder: Founder, plan: Plan): Promise<void>;
  /** Downgrade to Free or cancel: now, or at the end of the paid period. */
  end(founder: Founder, when: EndWhen, reason: EndReason): Promise<void>;
  reactivate(founder: Founder): Promise<void>;
  /** Back from Checkout: applies what the provider says about that session (another founder's: 404). */
  confirmCheckout(founder: Founder, sessionId: string): Promise<void>;
  invoices(founder: Founder): Promise<Invoice[]>;
  /** The provider's page to manage the card and invoices. */
  portalUrl(founder: Founder, returnUrl: string): Promise<string>;
  /** Account deletion: stops charging at the provider. The local state ends in the deletion's own transaction. */
  stopBilling(userId: string): Promise<void>;
  /** The provider's signed notifications (Stripe only): `verify` throws on a bad or missing signature. */
  readonly webhooks?: {
    verify(payload: string, signature: string | undefined): Stripe.Event;
    apply(event: Stripe.Event): Promise<WebhookOutcome>;
  };
}

/** No payment provider configured (self-hosting, tests, the default): every change takes effect at once, free of charge. */
export function createLocalProvider(deps: LedgerDeps): BillingProvider {
  const change = async (founder: Founder, event: Parameters<typeof applyEvent>[2]) => {
    await applyEvent(deps, founder.id, event, { source: 'founder', actorId: founder.id, provider: 'local' });
  };
  const none = async (): Promise<never> => {
    throw new AppError('NOT_FOUND');
  };
  return {
    kind: 'local',
    upgrade: async (founder, plan) => {
      await change(founder, { type: 'upgrade', plan, at: new Date() });
      return { redirectUrl: null };
    },
    switchPlan: (founder, plan) => change(founder, { type: 'switch-plan', plan, at: new Date() }),
    end: (founder, when, reason) => change(founder, { type: 'cancel', when, reason, at: new Date() }),
    reactivate: (founder) => change(founder, { type: 'reactivate', at: new Date() }),
    confirmCheckout: none,
    invoices: async () => [],
    portalUrl: none,
    stopBilling: async () => {},
  };
}
