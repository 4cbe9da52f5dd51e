import type { Plan } from '../../../core/subscription/plans.ts';
import { apiFetch } from '../api-client.ts';

/** GET /api/subscription (src/server/features/billing/service.ts). */
export type SubscriptionView = {
  provider: 'local' | 'stripe';
  phase: 'trialing' | 'free' | 'premium';
  status: 'free' | 'active' | 'past_due';
  /** null on Free, and for granted months. */
  plan: Plan | null;
  periodStart: string | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: string | null;
  trialDaysLeft: number;
  effectiveUserTier: number;
  prices: { currency: string; monthly: number; annual: number };
  upgradeBonus: { points: number; awarded: boolean };
  canManageBilling: boolean;
  history: HistoryEntry[];
};

export type HistoryEntry = {
  id: number;
  type: 'upgrade' | 'switch-plan' | 'cancel' | 'reactivate' | 'grant-months' | 'period-ended' | 'provider-sync';
  source: string;
  at: string;
  plan: Plan | null;
  when: 'now' | 'period-end' | null;
  reason: 'downgrade' | 'cancel' | null;
  months: number | null;
  status: string;
  periodEnd: string | null;
};

export type Invoice = { id: string; number: string | null; createdAt: string; amountPaid: number; amountDue: number; currency: string; status: string | null; url: string | null };

/**
 * The subscription calls as plain functions: the public pricing page uses them without
 * TanStack Query (which only the signed-in area loads); the hooks wrap them.
 */
export const getSubscription = () => apiFetch<SubscriptionView>('/api/subscription');

/** The founder's subscription when someone is signed in, else null (the pricing page asks). */
export async function subscriptionIfSignedIn(): Promise<SubscriptionView | null> {
  const session = await apiFetch<{ user: unknown } | null>('/api/auth/get-session');
  return session ? getSubscription() : null;
}

const post = <T>(path: string, body?: unknown) =>
  apiFetch<T>(`/api/subscription/${path}`, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/**
 * Starts Premium: with the local provider it has begun when this answers; with Stripe the
 * founder is sent to Checkout, which returns to `returnPath` on this site.
 */
export async function upgrade(plan: Plan, returnPath = '/subscription') {
  const answer = await post<{ redirectUrl: string | null; subscription: SubscriptionView }>('upgrade', { plan, returnUrl: returnPath });
  if (answer.redirectUrl) window.location.assign(answer.redirectUrl);
  return answer;
}

export type EndWhen = 'now' | 'period-end';

export const subscriptionCalls = {
  switchPlan: (plan: Plan) => post<SubscriptionView>('plan', { plan }),
  downgrade: (when: EndWhen) => post<SubscriptionView>('downgrade', { when }),
  cancel: (when: EndWhen) => post<SubscriptionView>('cancel', { when }),
  reactivate: () => post<SubscriptionView>('reactivate'),
  confirmCheckout: (sessionId: string) => post<SubscriptionView>(`checkout/${encodeURIComponent(sessionId)}`),
  portal: () => post<{ url: string }>('portal', { returnUrl: '/subscription' }),
  invoices: () => apiFetch<{ invoices: Invoice[] }>('/api/subscription/invoices'),
};
